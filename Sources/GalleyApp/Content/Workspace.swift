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
    private var style = PageStyle()
    private var files: FolderFiles
    private var sources: SourceCache
    private var index = DocumentIndex()
    private var localizations = LocalizationTracker()
    private var history = RenderingHistory()
    private var outbox = Outbox()
    /// Documents whose source or surroundings changed, rendered together at
    /// the end of a round so that big rounds use every core.
    private var needsRender: Set<String> = []
    private var followSerial = 0
    /// Runs a slow file's reading off the workspace's queue and hands the
    /// result to `finishReading` on it (nil: every file is read in place).
    private let readAside: (@Sendable (SourceCache.ReadJob) -> Void)?

    /// A workspace whose renderings are made for `output`; `pictures` draws
    /// images a browser cannot show (without it, files are linked as they
    /// are). With `readAside`, slow files are read without holding up others.
    init(root: String, output: OutputMode = .served, pictures: ImagePictures? = nil, readAside: (@Sendable (SourceCache.ReadJob) -> Void)? = nil) {
        self.root = root
        self.readAside = readAside
        links = OutputLinks(mode: output, root: root, pictures: pictures)
        files = FolderFiles(root: root)
        sources = SourceCache(root: root)
    }

    // MARK: - What it holds

    /// How many documents are published (without sorting them, as `allDocuments` does).
    var documentCount: Int { outbox.published.count }

    var allDocuments: [PublishedDocument] { outbox.allDocuments }

    /// Bytes of content files parsed so far.
    var bytesParsed: Int { sources.bytesParsed }

    /// How many pixels wide a column-wide image is on the configured device.
    var shownImageWidth: Int { style.shownImageWidth }

    /// Every image file in the content folder that a page can show (as it is, or drawn).
    var displayableImages: [ServedImage] {
        files.assets.images.values.filter(\.isDisplayable).sorted { $0.path < $1.path }
    }

    /// What an editor completes and looks up.
    var vocabulary: EditorVocabulary {
        EditorVocabulary(schema: style.schema, assets: files.assets, traits: style.previewTraits)
    }

    /// The ids of the documents `path` holds, in file order.
    func documentIDs(ofFile path: String) -> [String] {
        index.documentIDs(ofFile: path)
    }

    /// What `galley check` would say about one file, for the editor.
    func diagnostics(ofFile path: String) -> [Diagnostic] {
        path == ConfigFile.name ? style.configDiagnostics : outbox.diagnostics(of: index.documentIDs(ofFile: path), inFile: path)
    }

    /// Diagnostics of every document, for `galley check`.
    var allDiagnostics: [Diagnostic] {
        outbox.allDiagnostics(adding: files.assets.catalog.allProblems(for: style.previewTraits) + style.styleDiagnostics)
    }

    // MARK: - Changes

    /// Reads every file below the root.
    @discardableResult
    func loadAll() -> WorkspaceChanges {
        apply(changed: files.onDisk(), removed: [])
    }

    /// Reads the images, the config and only the content at `path` (a file
    /// or an RTFD bundle): what `render` and `check` of one file need.
    @discardableResult
    func load(onlyContentAt path: String) -> WorkspaceChanges {
        apply(changed: files.onDisk(onlyContentAt: path), removed: [])
    }

    /// Brings the workspace up to date with files that changed or went away
    /// (paths relative to the root).
    @discardableResult
    func apply(changed: [String], removed: [String]) -> WorkspaceChanges {
        takeIn(changed: changed, removed: removed)
        return takeChanges()
    }

    /// Forgets everything below a removed folder (`""`: the whole content folder).
    @discardableResult
    func removeFolder(_ prefix: String) -> WorkspaceChanges {
        apply(changed: [], removed: files.known(below: prefix))
    }

    /// Compares the disk with what is loaded (after an event queue overflow).
    func rescan() -> WorkspaceChanges {
        let onDisk = files.onDisk()
        return apply(changed: onDisk, removed: files.known.subtracting(onDisk).sorted())
    }

    /// Reads `galley.json` again on request (SIGHUP).
    func reloadConfiguration() -> WorkspaceChanges {
        reloadConfig()
        return takeChanges()
    }

    /// Renders again the documents showing the image file at `path` (whose
    /// picture turned out not to be drawable).
    func renderUsers(ofImage path: String) -> WorkspaceChanges {
        files.note(.pictureFailure)
        needsRender.formUnion(history.users(of: .file(path)))
        for name in files.assets.catalog.imageNames(usingFile: path) {
            needsRender.formUnion(history.users(of: .asset(name)))
        }
        renderPending()
        return takeChanges()
    }

    /// Shows `text` as the content of `path` (relative) until `dropBuffer`.
    @discardableResult
    func setBuffer(_ text: [UInt8], for path: String) -> WorkspaceChanges {
        if sources.setBuffer(text, for: path) { markAllDocuments(of: path) }
        return apply(changed: [path], removed: [])
    }

    /// Goes back to the file on disk (after a save, or a close without one).
    @discardableResult
    func dropBuffer(for path: String) -> WorkspaceChanges {
        guard sources.dropBuffer(for: path) else { return takeChanges() }
        markAllDocuments(of: path)
        let exists = sources.exists(path)
        return apply(changed: exists ? [path] : [], removed: exists ? [] : [path])
    }

    /// Asks pages that follow the editor to show the block at `line` of
    /// `path`: the document holding that block is published again with it.
    func follow(path: String, line: Int) -> WorkspaceChanges {
        followSerial += 1
        for id in index.documentIDs(ofFile: path) {
            guard let source = index.sources[id], source.document.blocks.contains(where: { $0.location.line == line }), var document = outbox[id] else { continue }
            document.follow = PublishedDocument.Follow(line: line, serial: followSerial)
            outbox.publish(document)
        }
        return takeChanges()
    }

    /// What pages must be told since the last call.
    private func takeChanges() -> WorkspaceChanges {
        outbox.takeChanges(images: files.assets.images)
    }

    // MARK: - Intake

    /// Takes in the images, fonts and catalog entries, then reads the
    /// content and renders what it all touched.
    private func takeIn(changed: [String], removed: [String]) {
        let intake = files.takeIn(changed: changed, removed: removed)
        for path in intake.removedContent { removeDocuments(ofFile: path) }
        if intake.servedFilesChanged { outbox.noteImagesChanged() }
        for image in intake.touchedImages { needsRender.formUnion(history.users(of: image)) }
        // Colour sets and fonts the kinds' styles name.
        if intake.restyle, restyle() { needsRender.formUnion(index.sources.keys) }
        // Reading the config again reads every content file again.
        if intake.configChanged { return reloadConfig() }
        read(intake.contentFiles)
        renderPending()
    }

    /// Reads `galley.json` again; an invalid one keeps the last valid config
    /// in force and shows its errors on every document.
    private func reloadConfig() {
        files.note(.configuration)
        style.configure(reading: sources.exists(ConfigFile.name) ? Result { try sources.contents(of: ConfigFile.name) } : nil)
        restyle()
        // Kinds, keys and titles decide how every file reads: read them all again, whole.
        sources.forgetReadings()
        read(files.contentFiles)
        needsRender.formUnion(index.sources.keys)
        renderPending()
    }

    @discardableResult
    private func restyle() -> Bool {
        style.restyle(catalog: files.assets.catalog, fonts: files.fonts) { [assets = files.assets, links] path in assets.images[path].flatMap(links.font) }
    }

    /// Every document of the file is rendered again when it switches
    /// between buffer and disk, even those whose text did not change, so
    /// that each page says where it comes from.
    private func markAllDocuments(of path: String) {
        needsRender.formUnion(index.documentIDs(ofFile: SourceCache.documentPath(ofBuffer: path)))
    }

    // MARK: - Documents

    /// Reads content files on every core, then takes in what they hold;
    /// slow ones are read aside, when they can be.
    private func read(_ files: Set<ContentFile>) {
        var inPlace = files
        if let readAside {
            for file in files where sources.isSlow(file) {
                inPlace.remove(file)
                if let job = sources.readAside(file, config: style.config) { readAside(job) }
            }
        }
        for result in sources.read(inPlace, config: style.config) {
            integrate(result.file.path, result.reading)
        }
    }

    /// Takes in a reading made aside, unless a newer save of the file, its
    /// removal or a new config superseded it meanwhile.
    func finishReading(_ result: SourceCache.ReadResult) -> WorkspaceChanges {
        switch sources.finishReadingAside(result, config: style.config) {
        case .current:
            integrate(result.file.path, result.reading)
            renderPending()
        case .superseded(let job):
            readAside?(job)
        case .stale:
            break
        }
        return takeChanges()
    }

    private func integrate(_ path: String, _ reading: FileReading?) {
        localizations.noteRead(path)
        if reading == nil || reading == .notContent { sources.forgetReading(of: path) }
        let update = index.integrate(path, reading) { outbox[$0] != nil }
        forget(update.removed)
        needsRender.formUnion(update.changed)
    }

    private func removeDocuments(ofFile path: String) {
        sources.forgetReading(of: path)
        forget(index.removeDocuments(ofFile: path))
    }

    /// Forgets documents a file no longer holds, and tells their pages.
    private func forget(_ ids: [String]) {
        for id in ids {
            history.forget(id)
            needsRender.remove(id)
            localizations.forget(id)
            outbox.remove(id)
        }
    }

    /// Renders what `needsRender` holds, on every core when there are many,
    /// and publishes each document whose page would look different.
    private func renderPending() {
        needsRender.formUnion(localizations.compare(index, reference: style.config.language))
        let ids = needsRender.sorted()
        needsRender = []
        let renderer = DocumentRenderer(style: style, assets: files.assets, links: links, surroundings: files.surroundings)
        let renderings = Parallel.map(ids) { id in
            index.sources[id].map { source in
                renderer.render(id, source, DocumentRenderer.Circumstances(
                    last: history[id], failure: index.failureOfFile[source.path], localization: localizations.findings(of: id), unsaved: sources.isUnsaved(source.path)))
            }
        }
        for (id, rendering) in zip(ids, renderings) {
            if let rendering { publish(id, rendering) }
        }
    }

    /// Records which images a document shows, and publishes it when a page
    /// would show something new.
    private func publish(_ id: String, _ rendering: DocumentRenderer.Rendering) {
        history.recordImages(rendering.images, of: id)
        if let previous = outbox[id], !rendering.document.looksDifferent(from: previous) { return }
        if let retired = history.record(rendering.reusable, of: id) { outbox.retire(retired.previous) }
        outbox.publish(rendering.document)
    }
}
