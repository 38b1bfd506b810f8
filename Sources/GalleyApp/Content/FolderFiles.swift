import GalleyCore
import GalleySystem
import GalleyWatcher

/// Every file of the content folder Galley knows of, and those that are not
/// a document's own text: the images, asset catalogs and fonts documents
/// show, and the surroundings their changes make new.
struct FolderFiles {
    private(set) var known: Set<RelativePath> = []
    private(set) var assets = AssetIndex()
    private(set) var fonts = BundledFonts()
    private(set) var renderEnvironment = RenderEnvironment()
    /// The symlinks the last walk of the whole folder skipped because they
    /// lead outside it (relative paths, in order): nothing is read through
    /// them, and the author is told so rather than left to wonder.
    private(set) var linksLeadingOutside: [String] = []

    /// Where every file of the folder is read: beneath the root, never through a link out.
    let folder: ContentFolder
    /// How many times the whole folder was listed: at start-up the watcher's
    /// walk has found every file already, and a second walk of 10,000 files
    /// costs as much again.
    let listings = WorkCounter()
    /// Large font files read aside now.
    private var fontsReadInBackground = BackgroundTickets<String>()

    init(folder: ContentFolder) {
        self.folder = folder
    }

    /// What a batch of changed and removed files comes to.
    struct Intake {
        /// Images (files and asset names) that may now look different.
        var touchedImages: Set<ImageDependency> = []
        /// Whether colour sets or fonts the style names may have changed.
        var restyle = false
        /// Whether the files pages may load changed.
        var servedFilesChanged = false
        /// Content files (and bundles) to read again.
        var contentFiles: Set<ContentFile> = []
        /// Files whose documents are gone.
        var removedContent: [RelativePath] = []
        /// Files of the app's strings that changed or went away.
        var appStrings: Set<RelativePath> = []
        /// Large font files to read on the slow lane, taken in by `finishReadingInBackground`.
        var fontJobs: [FontFileReading.Job] = []
        var configChanged = false
        /// Whether a file came or went: it may be the first or last of a language.
        var filesCameOrWent = false

        /// Whether the app's strings must be checked again.
        var appStringsNeedCheck: Bool { !appStrings.isEmpty || configChanged || filesCameOrWent }
    }

    /// Takes in changed and removed files (paths relative to the root);
    /// with `readingInBackground`, large fonts are left to the intake's `fontJobs`.
    mutating func takeIn(changed: [RelativePath], removed: [RelativePath], readingInBackground: Bool = false) -> Intake {
        var intake = Intake()
        let knownBefore = known.count
        var touchedAssets: Set<String> = []
        for file in removed {
            known.remove(file)
            let path = file.rawValue
            let role = ContentPath.role(of: file)
            if let change = RenderEnvironment.change(by: role) { renderEnvironment.note(change) }
            switch role {
            case .image, .catalogContents:
                touchedAssets.formUnion(assets.removeFiles(under: path))
                intake.touchedImages.insert(.file(path))
                intake.servedFilesChanged = true
            case .font:
                _ = assets.removeFiles(under: path)
                fontsReadInBackground.drop(path)
                fonts.removeFontFile(path)
                intake.restyle = true
            case .infoPlist:
                fonts.setInfoPlist(file, nil)
                intake.restyle = true
            case .appStrings:
                intake.appStrings.insert(file)
            case .content(let content) where content.isBundle:
                // A part of a bundle: the bundle is read again (gone with its text file).
                _ = assets.removeFiles(under: path)
                intake.servedFilesChanged = true
                intake.contentFiles.insert(content)
            case .content, .config, .other:
                intake.removedContent.append(file)
            }
        }
        for file in changed {
            known.insert(file)
            let path = file.rawValue
            let role = ContentPath.role(of: file)
            if let change = RenderEnvironment.change(by: role) { renderEnvironment.note(change) }
            switch role {
            case .image:
                touchedAssets.formUnion(assets.updateImage(at: path, in: folder))
                intake.servedFilesChanged = true
                intake.touchedImages.insert(.file(path))
            case .catalogContents:
                touchedAssets.formUnion(assets.updateContents(at: path, in: folder))
            case .font where readingInBackground && SourceCache.isLarge(path, in: folder):
                intake.fontJobs.append(FontFileReading.Job(path: path, folder: folder, ticket: fontsReadInBackground.start(path)))
            case .font:
                fontsReadInBackground.drop(path)
                take(FontFileReading.read(path, in: folder))
                intake.servedFilesChanged = true
                intake.restyle = true
            case .infoPlist:
                fonts.setInfoPlist(file, try? folder.read(path))
                intake.restyle = true
            case .appStrings:
                intake.appStrings.insert(file)
            case .content(let content):
                if content.isBundle {
                    // Attachments are images served from the bundle.
                    if file != content.sourcePath { _ = assets.updateImage(at: path, in: folder) }
                    intake.servedFilesChanged = true
                }
                intake.contentFiles.insert(content)
            case .config, .other:
                continue
            }
        }
        for name in touchedAssets { intake.touchedImages.insert(.asset(name)) }
        if !touchedAssets.isEmpty { intake.restyle = true }
        intake.configChanged = changed.contains(ConfigFile.name) || removed.contains(ConfigFile.name)
        intake.filesCameOrWent = known.count != knownBefore || !removed.isEmpty
        return intake
    }

    private mutating func take(_ reading: FontFileReading) {
        assets.setServedFile(reading.path, reading.served)
        fonts.setFontFile(reading.path, reading.file)
    }

    /// Takes in a font read aside, unless it was saved again or removed
    /// meanwhile; returns whether it was taken in.
    mutating func finishReadingInBackground(_ reading: FontFileReading, ticket: Int) -> Bool {
        guard fontsReadInBackground.finish(reading.path, ticket: ticket) else { return false }
        renderEnvironment.note(.assetFile)
        take(reading)
        return true
    }

    /// The files `change` changes and removes (relative paths).
    mutating func paths(of change: FolderChange) -> (changed: [RelativePath], removed: [RelativePath]) {
        switch change {
        case .everything:
            return (onDisk(), [])
        case .found(let paths, let leadingOutside):
            linksLeadingOutside = leadingOutside.sorted()
            return (paths.sorted().map(RelativePath.init(rawValue:)), [])
        case .onlyContent(let path):
            return (onDisk(onlyContentAt: path), [])
        case .folderRemoved(let prefix):
            return ([], known(below: prefix))
        case .rescan:
            let onDisk = onDisk()
            return (onDisk, known.subtracting(onDisk).sorted())
        case .configuration:
            return ([ConfigFile.name], [])
        }
    }

    /// Every file below the root that is not ignored, in path order: where
    /// the names the folder's walk finds become relative paths.
    mutating func onDisk() -> [RelativePath] {
        listings.add(1)
        var leadingOutside: [String] = []
        let files = FileSystem.listFiles(
            under: folder.root, isIgnored: { EditorTemporaryFiles.isTemporary(name: $0) },
            leadsOutside: { leadingOutside.append($0) })
        linksLeadingOutside = leadingOutside.sorted()
        return files.sorted().map(RelativePath.init(rawValue:))
    }

    /// The images, the config and only the content at `path` (a file or an
    /// RTFD bundle): what `render` and `check` of one file need.
    mutating func onDisk(onlyContentAt path: DocumentPath) -> [RelativePath] {
        onDisk().filter { file in
            switch ContentPath.role(of: file) {
            case .image, .catalogContents, .config, .font, .infoPlist, .appStrings: true
            case .content(let content): content.path == path
            case .other: false
            }
        }
    }

    /// The known files below a folder (`""`: the whole content folder), in path order.
    func known(below prefix: String) -> [RelativePath] {
        (prefix.isEmpty ? known : known.filter { $0.rawValue.hasBytePrefix(prefix + "/") }).sorted()
    }

    /// Notes a change to the surroundings that no file made.
    mutating func note(_ change: RenderEnvironment.Change) {
        renderEnvironment.note(change)
    }

    /// The languages of the `.lproj` folders that hold content files: those the app is localised into.
    var contentLanguages: Set<String> {
        // The folder first: most paths are in no `.lproj`, told without
        // asking what the file is (at start-up, of 10,000 files).
        Set(
            known.compactMap { path in
                guard let language = LocalizedPath(path.rawValue)?.language, DocumentLanguage.isTag(language),
                    case .content = ContentPath.role(of: path)
                else { return nil }
                return language
            })
    }

    /// Every content file (and bundle) known.
    var contentFiles: Set<ContentFile> {
        Set(
            known.compactMap { path in
                if case .content(let content) = ContentPath.role(of: path) { return content }
                return nil
            })
    }
}
