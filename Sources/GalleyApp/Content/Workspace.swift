import GalleyCore
import GalleySystem

/// The content folder as Galley understands it, and where a change comes
/// in: each file is sorted by what it is to Galley, content is read again
/// (`SourceCache`), the documents it touches are rendered
/// (`DocumentRenderer`) and published (`Outbox`), and every call answers
/// what pages must be told, as a value. Confined to one serial queue.
final class Workspace {
    let root: String
    private let links: OutputLinks
    private(set) var style = PageStyle()
    private(set) var files: FolderFiles
    private(set) var sources: SourceCache
    private(set) var index = DocumentIndex()
    private(set) var localizations = LocalizationTracker()
    private(set) var appStrings = AppStringsTracker()
    private var history = RenderingHistory()
    private(set) var outbox = Outbox()
    private var queue = RenderQueue()
    /// Where a slow file is read and rendered (nil: everything in place).
    private let slowLane: SlowWork.Lane?
    /// What is out on the slow lane, and what to do with it when it is back.
    private var background = BackgroundWork()
    /// Renderings compared with the published document to find whether a page would change.
    private(set) var renderingsCompared = 0

    /// Renderings made for `output`; `pictures` draws images a browser cannot show (else files are linked as they are).
    init(root: String, output: OutputMode = .served, pictures: ImagePictures? = nil, slowLane: SlowWork.Lane? = nil) {
        self.root = root
        self.slowLane = slowLane
        // One content folder for the workspace: each resolves the root's path when made.
        let folder = ContentFolder(root: root)
        links = OutputLinks(mode: output, folder: folder, pictures: pictures)
        files = FolderFiles(folder: folder)
        sources = SourceCache(folder: folder)
    }

    // MARK: - Changes

    /// Takes in a change to the folder that names no single file.
    @discardableResult
    func apply(_ change: FolderChange) -> WorkspaceChanges {
        let paths = files.paths(of: change)
        return apply(changed: paths.changed, removed: paths.removed)
    }

    /// Brings the workspace up to date with files that changed or went away
    /// (paths relative to the root): takes in the images, fonts and catalog
    /// entries, then reads the content and renders what it all touched.
    @discardableResult
    func apply(changed: [RelativePath], removed: [RelativePath]) -> WorkspaceChanges {
        let intake = files.takeIn(changed: changed, removed: removed, readingInBackground: slowLane != nil)
        intake.fontJobs.forEach(readInBackground)
        for path in intake.removedContent {
            // Not part of a bundle (whose file is read again instead): the file is its document.
            forgetReading(of: path)
            forget(index.removeDocuments(ofFile: DocumentPath(ownFile: path)))
        }
        if intake.servedFilesChanged { outbox.noteImagesChanged() }
        queue.add(history.users(of: intake.touchedImages))
        // Colour sets and fonts the kinds' styles name.
        if intake.restyle, restyle() { queue.add(index.sources.keys) }
        if intake.configChanged {
            // An invalid config keeps the last valid one in force and shows its errors on every document.
            style.configure(reading: sources.existingContents(of: ConfigFile.name))
            restyle()
            // Kinds, keys and titles decide how every file reads: read them all again, whole.
            sources.forgetReadings()
            background.forgetReadings()
            queue.add(index.sources.keys)
        }
        if intake.appStringsNeedCheck { updateAppStrings(intake.appStrings) }
        read(intake.configChanged ? files.contentFiles : intake.contentFiles)
        renderPending()
        return takeChanges()
    }

    /// Takes in the file at `path` as it is while its writer still holds it (`ReadAhead`), when it is a content file
    /// of its own, read in place, whose last reading is kept and whose size is near that reading's; `earlier` is a
    /// read-ahead of the same file still held. Nil when it is not read ahead: it is read at its close, as any save.
    func readAhead(_ path: RelativePath, after earlier: ReadAhead?) -> ReadAhead? {
        // The kept reading first: a lookup, where a path's role is worked out from its name, and most files written
        // (images, new files, small ones) have none.
        guard let last = sources.keptReading(of: path), case .content(let file) = ContentPath.role(of: path), !file.isBundle,
            !sources.isSlow(file), let opened = try? sources.folder.openFile(path.rawValue)
        else { return nil }
        opened.descriptor.close()
        guard ReadAhead.isNear(size: Int(opened.status.st_size), lastSize: last.bytes) else { return nil }
        var changes = earlier?.changes ?? WorkspaceChanges()
        changes.append(apply(changed: [path], removed: []))
        return ReadAhead(file: file, before: earlier?.before ?? last, changes: changes)
    }

    /// Goes back to the reading `readAhead` started from, its writer not having closed the file before other work
    /// came; returns what pages are owed: nothing of the documents that are again as pages have them.
    func undo(_ readAhead: ReadAhead) -> WorkspaceChanges {
        integrate(sources.restore(readAhead.before, of: readAhead.file))
        renderPending()
        var changes = readAhead.changes
        changes.append(takeChanges())
        changes.changed = outbox.withdrawUnchanged(changes.changed)
        return changes
    }

    /// Renders again the documents showing the image file at `path` (whose
    /// picture turned out not to be drawable).
    func renderUsers(ofImage path: String) -> WorkspaceChanges {
        files.note(.pictureFailure)
        queue.add(history.users(of: [.file(path)] + files.assets.catalog.imageNames(usingFile: path).map { .asset($0) }))
        renderPending()
        return takeChanges()
    }

    /// Shows `text` as the content of `path` (relative) until `dropBuffer`.
    @discardableResult
    func setBuffer(_ text: [UInt8], for path: RelativePath) -> WorkspaceChanges {
        if sources.setBuffer(text, for: path) { markAllDocuments(of: path) }
        return apply(changed: [path], removed: [])
    }

    /// Makes an editor's edit to the buffer of `path`; nil when it has none or the range does not fit it.
    func editBuffer(for path: RelativePath, replacing range: Range<Int>, with replacement: [UInt8]) -> WorkspaceChanges? {
        sources.editBuffer(for: path, replacing: range, with: replacement) ? apply(changed: [path], removed: []) : nil
    }

    /// Goes back to the file on disk (after a save, or a close without one).
    @discardableResult
    func dropBuffer(for path: RelativePath) -> WorkspaceChanges {
        guard sources.dropBuffer(for: path) else { return takeChanges() }
        markAllDocuments(of: path)
        let exists = sources.exists(path)
        return apply(changed: exists ? [path] : [], removed: exists ? [] : [path])
    }

    /// Asks pages that follow the editor to show the block at `line` of
    /// `path`: the document holding that block is published again with it.
    func follow(path: RelativePath, line: Int) -> WorkspaceChanges {
        let showing = documentIDs(ofFile: path).filter { id in
            index.sources[id]?.document.blocks.contains { $0.location.line == line } ?? false
        }
        outbox.follow(line: line, in: showing)
        return takeChanges()
    }

    /// Reads what it published back from `publisher`, which keeps the documents (`Outbox`).
    func publishes(to publisher: any PublishedDocuments) {
        outbox.hand(to: publisher)
    }

    /// The publisher took the changes handed over: the outbox lets go of its copies.
    func changesPublished() {
        outbox.releasePublished()
    }

    /// What pages must be told since the last call.
    private func takeChanges() -> WorkspaceChanges {
        outbox.takeChanges(images: files.assets.images, replacedReadings: sources.takeReplacedReadings())
    }

    // MARK: - Reading and rendering

    @discardableResult
    private func restyle() -> Bool {
        style.restyle(catalog: files.assets.catalog, fonts: files.fonts) { [assets = files.assets, links] path in
            assets.images[path].flatMap(links.font)
        }
    }

    /// Every document of the file is rendered again when it switches
    /// between buffer and disk, even those whose text did not change, so
    /// that each page says where it comes from.
    private func markAllDocuments(of path: RelativePath) {
        queue.add(documentIDs(ofFile: path))
    }

    /// Reads content files on every core, then takes in what they hold;
    /// slow ones are read aside, when they can be.
    private func read(_ files: Set<ContentFile>) {
        let (results, slow) = sources.read(files, config: style.config, slowInBackground: slowLane != nil)
        for result in results { integrate(result) }
        for file in slow {
            if let ticket = background.startReading(file) { readInBackground(file, ticket: ticket) }
        }
    }

    private func readInBackground(_ file: ContentFile, ticket: Int) {
        let job = sources.job(reading: file, config: style.config, ticket: ticket)
        slowLane? { .reading(job.run()) }
    }

    private func readInBackground(_ job: FontFileReading.Job) {
        slowLane? { job.run() }
    }

    /// Reads the strings files at `paths` again and checks the app's strings,
    /// aside when a large strings file is among them.
    private func updateAppStrings(_ paths: Set<RelativePath>) {
        switch appStrings.update(
            paths, config: style.config, contentLanguages: files.contentLanguages, source: sources.source(of: paths),
            readingInBackground: slowLane != nil)
        {
        case .done(let changed): if changed { renderTitledDocuments() }
        case .background(let update): slowLane? { update.run() }
        case .waiting: break
        }
    }

    /// Titles may name keys of the app's strings: the documents titled in
    /// galley.json show new values or warnings.
    private func renderTitledDocuments() {
        queue.add(index.sources.filter { DocumentNaming.configuredTitle(path: $0.value.path, config: style.config) != nil }.keys)
    }

    /// Takes in what slow work made, unless newer work superseded it: a
    /// reading's documents are then rendered aside too.
    func finish(_ done: SlowWork.Done) -> WorkspaceChanges {
        switch done {
        case .reading(let result):
            switch background.readingBack(
                result.file, ticket: result.ticket, documents: index.documentIDs(ofFile: result.file.path))
            {
            case .take(let renderAgain):
                let slow = renderAgain.union(integrate(sources.keep(result))).sorted()
                queue.remove(slow)
                renderPending()
                renderInBackground(slow)
            case .readAgain(let file, let ticket):
                // Kept all the same: the next reading resumes from it.
                sources.keep(result, takenIn: false)
                readInBackground(file, ticket: ticket)
            case .drop: break
            }
        case .rendering(let id, let ticket, let rendering):
            guard background.renderingBack(id, ticket: ticket, readFrom: index.sources[id]?.textPath) == .publish else { break }
            // Images or fonts changed meanwhile: what it linked may be gone.
            if rendering.reusable.renderEnvironment == files.renderEnvironment { publish(id, rendering) } else { renderInBackground([id]) }
        case .font(let reading, let ticket):
            guard files.finishReadingInBackground(reading, ticket: ticket) else { break }
            outbox.noteImagesChanged()
            if restyle() { queue.add(index.sources.keys) }
            renderPending()
        case .appStrings(let update):
            let (changed, wanted) = appStrings.finish(update)
            if changed {
                renderTitledDocuments()
                renderPending()
            }
            if let wanted { updateAppStrings(wanted) }
        }
        return takeChanges()
    }

    /// Renders documents on the slow lane, to be published when they are back.
    private func renderInBackground(_ ids: [DocumentID]) {
        for id in ids {
            guard let source = index.sources[id], let slowLane else { continue }
            slowLane { [renderer, ticket = background.startRendering(id), renderingInputs = renderingInputs(of: id, source)] in
                .rendering(id: id, ticket: ticket, renderer.render(id, source, renderingInputs))
            }
        }
    }

    /// Whether what the file at `path` (or the buffer for it) holds now is
    /// taken in: no reading of it (a document's or a strings file's), nor
    /// rendering of its documents, is out on the slow lane.
    /// Holds an answer about the file at `path` (relative, or an editor's
    /// buffer for it) until `isSettled(path)`; returns its number.
    func holdAnswer(until path: RelativePath) -> Int {
        background.holdAnswer(until: path)
    }

    /// Stops holding answer `number`; false when it was given already.
    func releaseAnswer(_ number: Int) -> Bool {
        background.releaseAnswer(number)
    }

    /// The held answers whose files are settled now; they are no longer held.
    func takeSettledAnswers() -> [Int] {
        let settled = background.filesAwaited.filter(isSettled)
        return background.takeAnswers(settledFiles: settled)
    }

    func isSettled(_ path: RelativePath) -> Bool {
        background.isSettled(path, documents: documentIDs(ofFile: path)) && !appStrings.isReadingInBackground(path)
    }

    /// Forgets what the next reading of the file at `sourcePath` would
    /// resume from, and any reading of it out aside.
    private func forgetReading(of sourcePath: RelativePath) {
        sources.forgetReading(of: sourcePath)
        background.forgetReading(of: sourcePath)
    }

    /// Takes in a file's reading; returns the documents to render.
    @discardableResult
    private func integrate(_ result: SourceCache.ReadResult) -> [DocumentID] {
        let path = result.file.path
        if result.reading == nil || result.reading == .notContent { forgetReading(of: result.file.sourcePath) }
        // The outbox taken once, not once for each document asked about.
        let update = index.integrate(path, result.reading, changedDocuments: result.changedDocuments) { [outbox] in outbox[$0] != nil }
        localizations.noteRead(result.file, in: index, changed: update.changed)
        forget(update.removed)
        queue.add(update.changed, sourceChanged: true)
        return update.changed
    }

    /// Forgets documents a file no longer holds, and tells their pages.
    private func forget(_ ids: [DocumentID]) {
        for id in ids {
            history.forget(id)
            background.forget(id)
            queue.forget(id)
            localizations.forget(id)
            outbox.remove(id)
        }
    }

    /// Renders the documents waiting, on every core when there are many,
    /// and publishes each document whose page would look different.
    private func renderPending() {
        queue.add(localizations.compare(index, reference: style.config.language))
        queue.add(index.refreshKindsFirstUsed())
        let ids = queue.takeWaiting()
        let renderer = self.renderer
        for id in ids { background.renderInPlace(id) }
        let renderings = Parallel.map(ids) { id in
            index.sources[id].map { renderer.render(id, $0, renderingInputs(of: id, $0)) }
        }
        for (id, rendering) in zip(ids, renderings) {
            if let rendering { publish(id, rendering) }
        }
    }

    /// Renders as the workspace is now.
    private var renderer: DocumentRenderer {
        DocumentRenderer(
            style: style, assets: files.assets, links: links, renderEnvironment: files.renderEnvironment, appStrings: appStrings)
    }

    private func renderingInputs(of id: DocumentID, _ source: DocumentSource) -> DocumentRenderer.RenderingInputs {
        let last = history[id]
        return DocumentRenderer.RenderingInputs(
            last: last, failure: index.failureOfFile[source.path],
            localization: localizations.findings(of: id), unsaved: sources.isUnsaved(source.path),
            kindsFirstUsed: index.kindsFirstUsed[id] ?? [],
            // Asked only where there is a last rendering to take its images over from.
            lastImages: last == nil ? [] : history.images(of: id))
    }

    /// Records which images a document shows, and publishes it when a page
    /// would show something new.
    private func publish(_ id: DocumentID, _ rendering: DocumentRenderer.Rendering) {
        history.recordImages(rendering.images, of: id)
        // Rendered for what the reading changed: it was compared for change once, there. Rendered for
        // anything else (an image, the style, a buffer opened), only the page says whether it changed.
        if !queue.takeSourceChanged(id), let previous = outbox[id] {
            renderingsCompared += 1
            if !rendering.document.looksDifferent(from: previous) { return }
        }
        if let replaced = history.record(rendering.reusable, of: id) { outbox.retire(replaced) }
        outbox.publish(rendering.document)
    }
}
