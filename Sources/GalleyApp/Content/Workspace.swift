import GalleyCore
import GalleySystem

/// The content folder as Galley understands it: which files hold which
/// documents, what each document renders to, and which documents depend on
/// which assets. Confined to one serial queue; it publishes what changed.
final class Workspace {
    /// How rendered pages refer to images.
    enum ImageLinking {
        /// `/files/…?v=hash` URLs the daemon serves.
        case served
        /// `data:` URLs, for a self-contained page.
        case inline
        /// `files/…` relative URLs, for a static site that copies the images.
        case siteRelative
        /// Served URLs, after drawing each image a browser cannot show (small)
        /// to find the ones that cannot be shown: what `check` reports.
        case checked
    }

    let root: String
    /// Where every file of the folder is read: beneath the root, never through a link out.
    private let folder: ContentFolder
    var imageLinking = ImageLinking.served {
        didSet { surroundingsVersion += 1 }
    }
    /// Draws pictures of images a browser cannot show, or that are far
    /// wider than shown; without it, image files are linked as they are.
    var pictures: ImagePictures? {
        didSet { surroundingsVersion += 1 }
    }
    private let boot: String
    private var config = GalleyConfig.standard {
        didSet { layoutJSON = Workspace.layoutJSON(for: config, substitutes: fontSubstitutes) }
    }
    /// Built once per config, and shared by every document.
    private var layoutJSON = Workspace.layoutJSON(for: .standard, substitutes: [])
    /// The style fonts drawn with another face, for the page to name.
    private(set) var fontSubstitutes: [TextFaces.Face] = []
    /// Problems in `galley.json`, shown on every document.
    private var configDiagnostics: [Diagnostic] = []
    private var schema: ContentSchema { config.schema }
    /// The whole style sheet of a tagged document's page, with its JSON:
    /// one value that every tagged document shares (3.7 KB each of 10,000
    /// copies otherwise), encoded once rather than for every answer.
    private var taggedPageCSS: PageStyleSheet
    /// The same for rich and plain text documents.
    private static let textPageCSS = PageStyleSheet(SystemFonts.fallbacks.css + TextViewStyleSheet.css)
    /// Colour and font names in `galley.json` that find nothing, and fonts
    /// an `Info.plist` lists that are missing: shown on tagged documents.
    private var styleDiagnostics: [Diagnostic] = []
    private var fonts = BundledFonts()
    /// Each kind's geometry with the faces the page draws with (`/api/layout`).
    private var kindGeometries: KindGeometries

    private var sources: [String: DocumentSource] = [:]
    private var documentsOfFile: [String: [String]] = [:]
    private var failureOfFile: [String: Diagnostic] = [:]
    /// The last reading of each content file of 4 KiB or more (the example's
    /// data file is 13 KB), so that its next save is parsed only where it
    /// changed. Smaller files are read whole again in microseconds; keeping
    /// the bytes of 10,000 of them would cost memory for little.
    private var snapshots: [String: FileSnapshot] = [:]
    private static let smallestFileKeptForRereading = 4 * 1024
    private var published: [String: PublishedDocument] = [:]
    /// What each published document was rendered from, so its next version
    /// renders only the blocks that changed.
    private var lastRendering: [String: LastRendering] = [:]
    /// Changes whenever something besides a document's own text may change
    /// how it renders (an image, the asset catalog, a font, the config):
    /// renderings made under the same value resolved their images alike.
    private var surroundingsVersion = 0
    /// Renderings replaced since the last `takeChanges()`: freeing a large
    /// document's blocks and elements takes a while, better spent after its
    /// pages are answered than before.
    private var retiredRenderings: [PreviousRendering] = []
    private let converters = RTFConverterPool()
    private var imageUsers = ImageDependencies()
    private var assets = AssetIndex()
    private var knownFiles: Set<String> = []
    /// Editors' unsaved texts (`galley lsp`), read instead of the files on
    /// disk, which are never written.
    private var buffers: [String: [UInt8]] = [:]
    private var followSerial = 0
    /// Bytes of content files the readers have parsed so far: a large file's
    /// save adds the edited part, not the file.
    private(set) var bytesParsed = 0

    /// Documents whose source or surroundings changed, rendered together at
    /// the end of a round so that big rounds use every core.
    private var needsRender: Set<String> = []
    /// Localised files (`*.lproj` groups) whose copies changed since they were compared.
    private var localizationsToCompare: Set<String> = []
    /// Each localised document's copies in other languages and its structural differences.
    private var localizationFindings: [String: LocalizationGroup.Findings] = [:]

    /// Documents changed or removed since the last `takeChanges()`.
    private var pendingChanged: Set<String> = []
    private var pendingRemoved: Set<String> = []
    private var imagesChanged = false

    init(root: String, boot: String) {
        self.root = root
        folder = ContentFolder(root: root)
        self.boot = boot
        let faces = SystemFonts.faces(for: ContentSchema.seed, bundled: BundledFonts())
        taggedPageCSS = PageStyleSheet(SystemFonts.fallbacks.css + KindStyleSheet.css(for: .seed, faces: faces))
        kindGeometries = KindGeometries(schema: .seed, faces: faces)
        fontSubstitutes = faces.substitutes
        layoutJSON = Workspace.layoutJSON(for: .standard, substitutes: fontSubstitutes)
    }

    /// How many documents are published (without sorting them, as `allDocuments` does).
    var documentCount: Int { published.count }

    var allDocuments: [PublishedDocument] {
        published.values.sorted { ($0.path, $0.item ?? -1) < ($1.path, $1.item ?? -1) }
    }

    // MARK: - Loading

    /// Reads every file below the root.
    func loadAll() {
        let files = FileSystem.listFiles(under: root) { ContentPath.isIgnored(name: $0) }
        apply(changed: files, removed: [])
    }

    /// Reads the images, the config and only the content at `path` (a file
    /// or an RTFD bundle): what `render` and `check` of one file need.
    func load(onlyContentAt path: String) {
        let files = FileSystem.listFiles(under: root) { ContentPath.isIgnored(name: $0) }.filter { file in
            switch ContentPath.role(of: file) {
            case .image, .catalogContents, .config, .font, .infoPlist: true
            case .content(let content): content.path == path
            case .other: false
            }
        }
        apply(changed: files, removed: [])
    }

    /// Brings the workspace up to date with files that changed or went away
    /// (paths relative to the root).
    func apply(changed: [String], removed: [String]) {
        let configChanged = changed.contains(ConfigFile.name) || removed.contains(ConfigFile.name)
        var touchedImages: Set<ImageDependency> = []
        var touchedAssets: Set<String> = []
        var contentFiles: Set<ContentFile> = []
        var fontsChanged = false
        for path in removed {
            knownFiles.remove(path)
            let role = ContentPath.role(of: path)
            if Self.concernsOtherDocuments(role) { surroundingsVersion += 1 }
            switch role {
            case .image, .catalogContents:
                touchedAssets.formUnion(assets.removeFiles(under: path))
                touchedImages.insert(.file(path))
                imagesChanged = true
            case .font:
                _ = assets.removeFiles(under: path)
                fonts.setFontFile(path, nil)
                fontsChanged = true
            case .infoPlist:
                fonts.setInfoPlist(path, nil)
                fontsChanged = true
            case .content(let content) where content.isBundle:
                // A part of a bundle: the bundle is read again (gone with its text file).
                _ = assets.removeFiles(under: path)
                imagesChanged = true
                contentFiles.insert(content)
            case .content, .config, .other:
                removeDocuments(ofFile: path)
            }
        }
        for path in changed {
            knownFiles.insert(path)
            let role = ContentPath.role(of: path)
            if Self.concernsOtherDocuments(role) { surroundingsVersion += 1 }
            switch role {
            case .image:
                touchedAssets.formUnion(assets.updateImage(at: path, in: folder))
                imagesChanged = true
                touchedImages.insert(.file(path))
            case .catalogContents:
                touchedAssets.formUnion(assets.updateContents(at: path, in: folder))
            case .font:
                fonts.setFontFile(path, assets.updateServedFile(at: path, in: folder, mimeType: Workspace.fontMimeType(path)))
                imagesChanged = true
                fontsChanged = true
            case .infoPlist:
                fonts.setInfoPlist(path, try? folder.read(path))
                fontsChanged = true
            case .content(let content):
                if content.isBundle {
                    // Attachments are images served from the bundle.
                    if path != content.sourcePath { _ = assets.updateImage(at: path, in: folder) }
                    imagesChanged = true
                }
                contentFiles.insert(content)
            case .config, .other:
                continue
            }
        }
        for name in touchedAssets { touchedImages.insert(.asset(name)) }
        for image in touchedImages { needsRender.formUnion(imageUsers.users(of: image)) }
        // Colour sets and fonts the kinds' styles name.
        if !touchedAssets.isEmpty || fontsChanged, updateKindCSS() { needsRender.formUnion(sources.keys) }
        if configChanged {
            // Reading the config again reads every content file again.
            reloadConfig()
            return
        }
        read(contentFiles)
        renderPending()
    }

    /// Whether a file in this role may change how documents other than its
    /// own render: anything but a document's own text (a bundle's parts may
    /// be its attachments). The config is read again whole, which counts too.
    private static func concernsOtherDocuments(_ role: FileRole) -> Bool {
        if case .content(let content) = role { return content.isBundle }
        if case .other = role { return false }
        return true
    }

    /// Forgets everything below a removed folder (`""`: the whole content folder).
    func removeFolder(_ prefix: String) {
        let gone = prefix.isEmpty ? knownFiles : knownFiles.filter { $0.hasBytePrefix(prefix + "/") }
        apply(changed: [], removed: gone.sorted())
    }

    /// Renders again the documents showing the image file at `path` (whose
    /// picture turned out not to be drawable).
    func renderUsers(ofImage path: String) {
        surroundingsVersion += 1
        needsRender.formUnion(imageUsers.users(of: .file(path)))
        for name in assets.catalog.imageNames(usingFile: path) {
            needsRender.formUnion(imageUsers.users(of: .asset(name)))
        }
        renderPending()
    }

    /// Compares the disk with what is loaded (after an event queue overflow).
    func rescan() {
        let onDisk = Set(FileSystem.listFiles(under: root) { ContentPath.isIgnored(name: $0) })
        let gone = knownFiles.subtracting(onDisk)
        apply(changed: onDisk.sorted(), removed: gone.sorted())
    }

    /// Reads `galley.json` again on request (SIGHUP).
    func reloadConfiguration() {
        reloadConfig()
    }

    /// Reads `galley.json` again; an invalid one keeps the last valid config
    /// in force and shows its errors on every document.
    private func reloadConfig() {
        surroundingsVersion += 1
        if buffers[ConfigFile.name] != nil || folder.hasEntry(ConfigFile.name) {
            do {
                let result = ConfigReader(path: ConfigFile.name).read(try contents(of: ConfigFile.name))
                if let newConfig = result.config { config = newConfig }
                configDiagnostics = result.diagnostics
            } catch {
                configDiagnostics = [Diagnostic(path: ConfigFile.name, id: .unreadableFile, at: .start, severity: .error, message: "\(error)")]
            }
        } else {
            config = .standard
            configDiagnostics = []
        }
        updateKindCSS()
        // Kinds, keys and titles decide how every file reads: read them all again, whole.
        snapshots = [:]
        var contentFiles: Set<ContentFile> = []
        for path in knownFiles {
            if case .content(let content) = ContentPath.role(of: path) { contentFiles.insert(content) }
        }
        read(contentFiles)
        needsRender.formUnion(sources.keys)
        renderPending()
    }

    /// The kinds' CSS with the colour sets and bundled fonts they name,
    /// and the warnings for names that find nothing; returns whether the CSS changed.
    @discardableResult
    private func updateKindCSS() -> Bool {
        fonts.folders = config.fontFolder.map { [$0] } ?? []
        let catalog = assets.catalog
        let fontURL: (String) -> String? = { [assets, folder, imageLinking] path in
            guard let file = assets.images[path] else { return nil }
            switch imageLinking {
            case .served, .checked: return file.url
            case .siteRelative: return "files/" + URLPath.encode(path)
            case .inline: return (try? folder.read(path)).map { "data:\(file.mimeType);base64,\(Base64.encode($0))" }
            }
        }
        let faces = SystemFonts.faces(for: schema, bundled: fonts)
        kindGeometries = KindGeometries(schema: schema, faces: faces)
        fontSubstitutes = faces.substitutes
        layoutJSON = Workspace.layoutJSON(for: config, substitutes: fontSubstitutes)
        let css = SystemFonts.fallbacks.css + FontFaceStyleSheet.css(for: schema, fonts: fonts, url: fontURL) + KindStyleSheet.css(for: schema, faces: faces)
            + ColorSetStyleSheet.css(for: schema, catalog: catalog)
        let unknownColors = schema.kinds.compactMap { kind -> Diagnostic? in
            guard let color = kind.style.color, KindStyleSheet.cssColor(color) == nil, !catalog.hasColorSet(named: color) else { return nil }
            return catalog.unknownColor(color, path: ConfigFile.name, range: kind.style.colorRange ?? SourceRange(at: .start))
        }
        styleDiagnostics = unknownColors + FontFaceStyleSheet.unknownFonts(in: schema, fonts: fonts, configPath: ConfigFile.name) + fonts.diagnostics
        guard css != taggedPageCSS.css else { return false }
        taggedPageCSS = PageStyleSheet(css)
        return true
    }

    private static func fontMimeType(_ path: String) -> String {
        if RelativePath.hasExtension(path, in: ["otf"]) { return "font/otf" }
        if RelativePath.hasExtension(path, in: ["ttc"]) { return "font/collection" }
        return "font/ttf"
    }

    /// What the previewed device is, for the file each asset resolves to.
    private var previewTraits: AssetTraits {
        PreviewDevice.forWidth(config.deviceWidth).traits(appearance: config.appearance == .dark ? .dark : .light)
    }

    // MARK: - Editor buffers

    /// Reads `text` as the content of `path` (relative) until `dropBuffer`.
    func setBuffer(_ text: [UInt8], for path: String) {
        if buffers.updateValue(text, forKey: path) == nil { markAllDocuments(of: path) }
        apply(changed: [path], removed: [])
    }

    /// Makes an editor's edit to the buffer of `path`; false when it has no
    /// buffer or the range does not fit it (the editor then sends it whole).
    func editBuffer(for path: String, replacing range: Range<Int>, with replacement: [UInt8]) -> Bool {
        guard var text = buffers[path], range.upperBound <= text.count else { return false }
        text.replaceSubrange(range, with: replacement)
        setBuffer(text, for: path)
        return true
    }

    /// Goes back to the file on disk (after a save, or a close without one).
    func dropBuffer(for path: String) {
        guard buffers.removeValue(forKey: path) != nil else { return }
        markAllDocuments(of: path)
        if folder.hasEntry(path) {
            apply(changed: [path], removed: [])
        } else {
            apply(changed: [], removed: [path])
        }
    }

    /// Every document of the file is rendered again when it switches
    /// between buffer and disk, even those whose text did not change, so
    /// that each page says where it comes from.
    private func markAllDocuments(of path: String) {
        needsRender.formUnion(documentsOfFile[Workspace.documentPath(ofBuffer: path)] ?? [])
    }

    /// The document a buffer is the text of: the file, or the bundle holding it.
    private static func documentPath(ofBuffer path: String) -> String {
        if case .content(let content) = ContentPath.role(of: path) { return content.path }
        return path
    }

    private func isUnsaved(_ documentPath: String) -> Bool {
        !buffers.isEmpty && buffers.keys.contains { Workspace.documentPath(ofBuffer: $0) == documentPath }
    }

    /// The bytes of `file` (relative): the editor's buffer when there is one.
    private func contents(of file: String) throws -> [UInt8] {
        if let buffer = buffers[file] { return buffer }
        return try folder.read(file)
    }

    /// What an editor completes and looks up: the configured tag names, the
    /// key that holds an item's image prefix, and every asset.
    var vocabulary: EditorVocabulary {
        let traits = previewTraits
        let entries = assets.catalog.imageNames.sorted().compactMap { name -> EditorVocabulary.Asset? in
            guard let resolution = assets.catalog.image(named: name, for: traits), let image = assets.images[resolution.path] else { return nil }
            let folder = RelativePath.folder(of: image.path)
            let definition = folder.hasByteSuffix(".imageset") ? folder + "/Contents.json" : image.path
            return EditorVocabulary.Asset(name: name, file: image.path, url: image.isDisplayable ? image.url : "", definition: definition)
        }
        return EditorVocabulary(tags: schema.kinds.compactMap(\.tagName), imageKey: schema.imageKey, assets: entries)
    }

    /// Asks pages that follow the editor to show the block at `line` of
    /// `path`: the document holding that block is published again with it.
    func follow(path: String, line: Int) {
        followSerial += 1
        for id in documentsOfFile[path] ?? [] {
            guard let source = sources[id], source.document.blocks.contains(where: { $0.location.line == line }), var document = published[id] else { continue }
            document.follow = PublishedDocument.Follow(line: line, serial: followSerial)
            published[id] = document
            pendingChanged.insert(id)
        }
    }

    /// The ids of the documents `path` holds, in file order.
    func documentIDs(ofFile path: String) -> [String] {
        documentsOfFile[path] ?? []
    }

    /// What `galley check` would say about one file, for the editor.
    func diagnostics(ofFile path: String) -> [Diagnostic] {
        if path == ConfigFile.name { return configDiagnostics }
        var seen = Set<Diagnostic>()
        let documents = (documentsOfFile[path] ?? []).compactMap { published[$0] }
        return documents.flatMap { $0.diagnostics.map(\.diagnostic) }.filter { $0.path == path && seen.insert($0).inserted }
    }

    // MARK: - Documents

    /// Reads content files on every core, then takes in what they hold.
    private func read(_ files: Set<ContentFile>) {
        let ordered = files.sorted { $0.path < $1.path }
        let previous = ordered.map { snapshots[$0.sourcePath] }
        let readings = Parallel.map(Array(zip(ordered, previous))) { load($0.0, after: $0.1) }
        for (file, snapshot) in zip(ordered, readings) {
            bytesParsed += snapshot?.snapshot.bytesRead ?? 0
            snapshots[file.sourcePath] = snapshot.flatMap { read in
                read.snapshot.canReadInPart && read.bytes >= Self.smallestFileKeptForRereading ? read.snapshot : nil
            }
            integrate(file.path, snapshot?.snapshot.reading)
        }
    }

    /// Reads and parses one content file, only where it changed since
    /// `previous`; touches no state, so many can run at once. Nil when the
    /// file is gone.
    private func load(_ file: ContentFile, after previous: FileSnapshot?) -> (snapshot: FileSnapshot, bytes: Int)? {
        let context = ReadingContext(config: config, converters: converters)
        do {
            let bytes = try contents(of: file.sourcePath)
            return (ContentFormats.read(bytes, of: file, in: context, after: previous), bytes.count)
        } catch {
            if !folder.hasEntry(file.sourcePath) { return nil }
            return (FileSnapshot(failure: Diagnostic(path: file.sourcePath, id: .unreadableFile, at: .start, severity: .error, message: "\(error)")), 0)
        }
    }

    /// Replaces the documents of `path` with what was read; a failure keeps
    /// the last good ones and adds its diagnostic; nil removes them.
    private func integrate(_ path: String, _ reading: FileReading?) {
        if let localized = LocalizedPath(path) { localizationsToCompare.insert(localized.group) }
        guard let reading else {
            removeDocuments(ofFile: path)
            return
        }
        switch reading {
        case .notContent:
            failureOfFile[path] = nil
            removeDocuments(ofFile: path)
        case .failed(let diagnostic):
            let hadFailure = failureOfFile[path]
            failureOfFile[path] = diagnostic
            let ids = documentsOfFile[path] ?? []
            if ids.isEmpty {
                // Never read well: show the file as a document holding its error.
                let placeholder = DocumentSource(path: path, item: nil, document: Document(title: RelativePath.baseName(path), kind: .tagged, blocks: []), diagnostics: [])
                documentsOfFile[path] = [placeholder.id]
                sources[placeholder.id] = placeholder
                needsRender.insert(placeholder.id)
            } else if hadFailure != diagnostic {
                needsRender.formUnion(ids)
            }
        case .documents(let documents):
            let hadFailure = failureOfFile.removeValue(forKey: path) != nil
            // An id is built from the path each time it is asked for: asked once.
            let newIDs = documents.map(\.id)
            let stale = Set(documentsOfFile[path] ?? []).subtracting(newIDs)
            for id in stale { removeDocument(id) }
            documentsOfFile[path] = newIDs
            for (id, source) in zip(newIDs, documents) {
                let unchanged = sources.updateValue(source, forKey: id) == source && published[id] != nil
                if !unchanged || hadFailure { needsRender.insert(id) }
            }
        }
    }

    private func removeDocuments(ofFile path: String) {
        snapshots[path] = nil
        for id in documentsOfFile.removeValue(forKey: path) ?? [] { removeDocument(id) }
        failureOfFile[path] = nil
    }

    private func removeDocument(_ id: String) {
        sources[id] = nil
        lastRendering[id] = nil
        needsRender.remove(id)
        imageUsers.forget(id)
        localizationFindings[id] = nil
        if published.removeValue(forKey: id) != nil {
            pendingRemoved.insert(id)
            pendingChanged.remove(id)
        }
    }

    /// Renders what `needsRender` holds, on every core when there are many,
    /// and publishes each document whose page would look different.
    private func renderPending() {
        compareLocalizations()
        let ids = needsRender.sorted()
        needsRender = []
        let renderings = Parallel.map(ids) { id in sources[id].map { render(id, $0) } }
        for (id, rendering) in zip(ids, renderings) {
            if let rendering { publish(id, rendering) }
        }
    }

    /// Compares the copies of each localised file that changed, and renders
    /// again the documents whose findings changed.
    private func compareLocalizations() {
        let groups = localizationsToCompare
        localizationsToCompare = []
        guard !groups.isEmpty else { return }
        // One pass over the files for all groups: a pass per group made a
        // start-up with 4,000 localised files take 16 s.
        var copiesOfGroup: [String: [LocalizationGroup.Copy]] = [:]
        for (path, ids) in documentsOfFile {
            guard let localized = LocalizedPath(path), groups.contains(localized.group) else { continue }
            let documents = ids.compactMap { id in sources[id].map { (id: id, document: $0.document) } }
            copiesOfGroup[localized.group, default: []].append(LocalizationGroup.Copy(path: path, language: localized.language, documents: documents))
        }
        for group in groups {
            let copies = copiesOfGroup[group] ?? []
            let found = LocalizationGroup.evaluate(copies, reference: config.language)
            for copy in copies {
                for (id, _) in copy.documents where localizationFindings[id] != found[id] {
                    localizationFindings[id] = found[id]
                    needsRender.insert(id)
                }
            }
        }
    }

    /// A document rendered with its diagnostics; computed without touching
    /// the workspace's state, so many can be rendered at once.
    private struct Rendering {
        var document: PublishedDocument
        var images: Set<ImageDependency>
        var reusable: LastRendering
    }

    /// A document's last rendering, and what of its work the next rendering
    /// may reuse while the surroundings stay the same.
    private struct LastRendering {
        var previous: PreviousRendering
        /// `surroundingsVersion` when it was rendered.
        var surroundings: Int
        /// Images it links to that cannot be shown, by path, and why.
        var imageProblems: [String: String]
        /// The asset names it shows (sorted), and what the catalog says about them.
        var assetNames: [String]
        var assetDiagnostics: [Diagnostic]
    }

    private func render(_ id: String, _ source: DocumentSource) -> Rendering {
        let assets = self.assets
        let traits = previewTraits
        let last = lastRendering[id]
        let sameSurroundings = last?.surroundings == surroundingsVersion
        let problems = ImageProblems()
        // Images copied from the last rendering are not linked again: their problems carry over.
        if sameSurroundings, let last { problems.byPath = last.imageProblems }
        let link: (ServedImage?) -> ResolvedImage? = { [folder, imageLinking, pictures, shownImageWidth] image in
            guard let image else { return nil }
            guard image.isDisplayable else { return image.resolved }
            if let pictures {
                let linked = pictures.link(image, as: imageLinking, shownWidth: shownImageWidth)
                if let problem = linked.problem { problems.byPath[image.path] = problem }
                return linked.image
            }
            switch imageLinking {
            case .served, .checked:
                return image.resolved
            case .siteRelative:
                return ResolvedImage(url: "files/" + URLPath.encode(image.path), width: image.width, height: image.height)
            case .inline:
                guard let bytes = try? folder.read(image.path) else { return nil }
                return ResolvedImage(url: "data:\(image.mimeType);base64,\(Base64.encode(bytes))", width: image.width, height: image.height)
            }
        }
        let context = RenderContext(
            schema: schema,
            direction: WritingDirection.decide(configured: config.language, path: source.path),
            resolveAsset: { [imageLinking] name in
                var resolved = assets.resolve(name, for: traits, link: link)
                // A self-contained page or a static site shows the previewed
                // device only; the page asks for each file at the width it shows it.
                if imageLinking != .served { resolved?.variants = [] }
                return resolved
            },
            resolveFile: { name in source.imageFilePath(name).flatMap { link(assets.images[$0]) } }
        )
        var previous = last?.previous
        previous?.sameContext = sameSurroundings
        let rendered = HTMLRenderer(context: context).render(source.document, reusing: previous)
        var diagnostics = source.diagnostics + configDiagnostics + (source.document.kind == .tagged ? styleDiagnostics : [])
        if let failure = failureOfFile[source.path] { diagnostics.insert(failure, at: 0) }
        let images = source.imageDependencies
        let assetNames = images.compactMap { image -> String? in
            if case .asset(let name) = image { return name }
            return nil
        }.sorted()
        let assetDiagnostics: [Diagnostic]
        if sameSurroundings, let last, last.assetNames == assetNames {
            assetDiagnostics = last.assetDiagnostics
        } else {
            assetDiagnostics = assetNames.flatMap { assets.catalog.problems(ofImage: $0, for: traits) }
        }
        diagnostics += assetDiagnostics
        if !problems.byPath.isEmpty {
            for reference in source.document.imageReferences {
                let path: String?
                switch reference.source {
                case .asset(let name): path = assets.catalog.image(named: name, for: traits)?.path
                case .file(let name): path = source.imageFilePath(name)
                case .embedded: path = nil
                }
                if let path, let problem = problems.byPath[path] {
                    diagnostics.append(Diagnostic(path: source.path, id: .unreadableImage, at: reference.location, severity: .warning, message: problem))
                }
            }
        }
        for missing in rendered.missingImages {
            diagnostics.append(images.contains(.asset(missing.name))
                ? assets.catalog.missingImage(missing.name, path: source.path, at: missing.location, naming: source.document.imageNamings[missing.location])
                : Diagnostic(path: source.path, id: .missingImage, at: missing.location, severity: .warning, message: "missing image '\(missing.name)'"))
        }
        if let localized = localizationFindings[id]?.diagnostics, !localized.isEmpty {
            // One problem, one line: a localisation warning explains the warning
            // its spot already has (a caption left without its image).
            diagnostics.removeAll { old in old.severity == .warning && localized.contains { $0.path == old.path && $0.location == old.location } }
            diagnostics += localized
        }
        diagnostics = diagnostics.sortedForDocument(at: source.path)
        // Most documents have no problem to point at a block.
        let blockAt = diagnostics.isEmpty ? [:] : rendered.blockIDsByLocation
        let document = PublishedDocument(
            id: id, path: source.path, item: source.item, title: source.document.title, kind: source.document.kind,
            html: rendered.html, articleTag: rendered.articleTag, elements: rendered.elements, css: source.document.kind == .tagged ? taggedPageCSS : Self.textPageCSS,
            layout: layoutJSON, geometry: source.document.kind == .tagged ? kindGeometries : nil,
            language: DocumentLanguage.decide(configured: config.language, path: source.path, title: source.document.title, scriptsOfBlocks: rendered.scripts),
            localizations: localizationFindings[id]?.localizations ?? [],
            searchableText: source.document.searchableText(),
            unsaved: isUnsaved(source.path),
            diagnostics: diagnostics.map { PageDiagnostic(diagnostic: $0, blockID: blockAt[$0.location]) }
        )
        let reusable = LastRendering(previous: PreviousRendering(document: source.document, rendered: rendered), surroundings: surroundingsVersion,
                                     imageProblems: problems.byPath, assetNames: assetNames, assetDiagnostics: assetDiagnostics)
        return Rendering(document: document, images: images, reusable: reusable)
    }

    /// Records which assets a document uses, and publishes it when a page
    /// would show something new.
    private func publish(_ id: String, _ rendering: Rendering) {
        imageUsers.record(rendering.images, usedBy: id)
        if let previous = published[id], !rendering.document.looksDifferent(from: previous) { return }
        if let retired = lastRendering.updateValue(rendering.reusable, forKey: id) { retiredRenderings.append(retired.previous) }
        published[id] = rendering.document
        pendingChanged.insert(id)
        pendingRemoved.remove(id)
    }

    /// Images of one rendering that cannot be shown, by path, and why.
    private final class ImageProblems {
        var byPath: [String: String] = [:]
    }

    /// How many pixels wide an image as wide as the column is on the
    /// configured device: what pictures are drawn at.
    var shownImageWidth: Int {
        PictureDelivery.columnPixels(deviceWidth: config.deviceWidth)
    }

    /// The preview's defaults from `galley.json`, for the page.
    private static func layoutJSON(for config: GalleyConfig, substitutes: [TextFaces.Face]) -> JSONFragment {
        var json = JSONWriter()
        json.beginObject()
        json.key("fontSubstitutes")
        FontSubstitutes.write(substitutes, into: &json)
        json.field("deviceWidth", Int(config.deviceWidth))
        json.field("appearance", config.appearance.rawValue)
        // Which width is which device and its scale, so the page picks
        // among the files the renderer resolved for each one.
        json.key("devices")
        PreviewDevice.writeTable(into: &json)
        json.endObject()
        return JSONFragment(json)
    }

    /// The device width of `galley.json`, for pages written without the page's script.
    var deviceWidth: Double { config.deviceWidth }

    /// Every image file in the content folder that a page can show (as it is, or drawn).
    var displayableImages: [ServedImage] {
        assets.images.values.filter(\.isDisplayable).sorted { $0.path < $1.path }
    }

    /// What changed since the last call, to hand to the publisher, and the
    /// renderings replaced meanwhile, for the caller to let go of once the
    /// pages are answered.
    func takeChanges() -> (changed: [PublishedDocument], removed: [String], images: [String: ServedImage]?, retired: [PreviousRendering]) {
        let changed = pendingChanged.compactMap { published[$0] }
        let removed = Array(pendingRemoved)
        let images = imagesChanged ? assets.images : nil
        let retired = retiredRenderings
        pendingChanged = []
        pendingRemoved = []
        imagesChanged = false
        retiredRenderings = []
        return (changed, removed, images, retired)
    }

    /// Diagnostics of every document, for `galley check`.
    var allDiagnostics: [Diagnostic] {
        var seen = Set<Diagnostic>()
        let catalogProblems = assets.catalog.allProblems(for: previewTraits) + styleDiagnostics
        return (allDocuments.flatMap { $0.diagnostics.map(\.diagnostic) } + catalogProblems).filter { seen.insert($0).inserted }
    }
}
