/// The app's assets by name, as `Image("Icons/star")` and `Color("Brand")`
/// find them: image sets and colour sets in every asset catalog (inside
/// group folders, prefixed by the groups that provide a namespace), then
/// plain image files of that name.
///
/// A value the shell feeds with what it read; every question it answers is
/// a pure function of that.
package struct AssetCatalog: Sendable {
    /// What the catalog needs to know about one image file.
    package struct FileFacts: Sendable, Equatable {
        /// Why nothing can show the file (a `.psd`, a corrupt PNG); nil when it shows.
        package var problem: String?

        package init(problem: String?) {
            self.problem = problem
        }
    }

    private var files: [String: FileFacts] = [:]
    private var imageSets: [String: ImageSetContents] = [:]
    private var colorSets: [String: ColorSetContents] = [:]
    /// The `Contents.json` read for each set or group folder, as it is spelt there.
    private var contentsPaths: [String: String] = [:]
    /// Group folders inside catalogs whose `Contents.json` provides a namespace.
    private var namespaceGroups: Set<String> = []
    /// Set folders by the name the app asks for; where two sets share a
    /// name, the first folder in path order wins, every time.
    private var imageSetFolders: [String: Set<String>] = [:]
    private var colorSetFolders: [String: Set<String>] = [:]
    /// Image files outside catalogs, by base name; the first path wins.
    private var plainImagePaths: [String: Set<String>] = [:]

    package init() {}

    // MARK: - Feeding

    /// Records an image file (nil: it is gone). Returns the asset names whose answer may change.
    @discardableResult
    package mutating func setFile(_ path: String, _ facts: FileFacts?) -> Set<String> {
        files[path] = facts
        if let folder = AssetCatalog.setFolder(of: path) {
            return AssetCatalog.setName(of: folder.path, namespaces: namespaceGroups).map { [$0] } ?? []
        }
        if AssetCatalog.isInCatalog(path) { return [] }
        let name = RelativePath.baseName(path)
        if facts == nil {
            plainImagePaths[name]?.remove(path)
            if plainImagePaths[name]?.isEmpty == true { plainImagePaths[name] = nil }
        } else {
            plainImagePaths[name, default: []].insert(path)
        }
        return [name]
    }

    /// Records a `Contents.json` inside a catalog (nil: it is gone): an
    /// image set's, a colour set's or a group's. Returns the asset names
    /// whose answer may change.
    @discardableResult
    package mutating func setContents(_ path: String, _ bytes: [UInt8]?) -> Set<String> {
        guard let name = path.lastSlashSeparatedPart, AssetCatalog.isContentsFile(name), AssetCatalog.isInCatalog(path) else { return [] }
        let folder = String(path.dropLast(name.count + 1))
        if let read = contentsPaths[folder], !read.isByteEqual(to: path) {
            // Two spellings side by side (only a case-sensitive disk holds both): the exact name is the one read.
            guard bytes != nil, name == AssetCatalog.contentsFileName else { return [] }
        }
        contentsPaths[folder] = bytes == nil ? nil : path
        return setContents(of: folder, path: path, bytes)
    }

    private mutating func setContents(of folder: String, path: String, _ bytes: [UInt8]?) -> Set<String> {
        let name = AssetCatalog.setName(of: folder, namespaces: namespaceGroups)
        if folder.hasByteSuffix(".imageset") {
            imageSets[folder] = bytes.map { ImageSetContents.read($0, path: RelativePath(rawValue: path)) }
            if let name { AssetCatalog.file(folder, under: name, in: &imageSetFolders, present: bytes != nil) }
            return name.map { [$0] } ?? []
        } else if folder.hasByteSuffix(".colorset") {
            colorSets[folder] = bytes.map { ColorSetContents.read($0, path: RelativePath(rawValue: path)) }
            if let name { AssetCatalog.file(folder, under: name, in: &colorSetFolders, present: bytes != nil) }
            return name.map { [$0] } ?? []
        } else if AssetCatalog.isInCatalog(folder + "/x") && !folder.hasByteSuffix(".xcassets") {
            let before = namespaceGroups
            let providesNamespace =
                bytes.flatMap { bytes -> Bool? in
                    guard case .success(let root) = JSONReader.parse(bytes) else { return nil }
                    return root.member("properties")?.value.member("provides-namespace")?.value.value == .bool(true)
                } ?? false
            if providesNamespace { namespaceGroups.insert(folder) } else { namespaceGroups.remove(folder) }
            if before != namespaceGroups {
                // Every name below the group changes.
                let old = allNames
                rebuildNames()
                return old.union(allNames)
            }
            return []
        }
        return []
    }

    private static func file(_ folder: String, under name: String, in table: inout [String: Set<String>], present: Bool) {
        if present {
            table[name, default: []].insert(folder)
        } else {
            table[name]?.remove(folder)
            if table[name]?.isEmpty == true { table[name] = nil }
        }
    }

    /// Forgets every file, set and group at or below `prefix` (a removed
    /// file or folder).
    package mutating func remove(under prefix: String) -> Set<String> {
        func isUnder(_ path: String) -> Bool { path.isByteEqual(to: prefix) || path.hasBytePrefix(prefix + "/") }
        var names: Set<String> = []
        if prefix.lastSlashSeparatedPart.map(AssetCatalog.isContentsFile) == true { names.formUnion(setContents(prefix, nil)) }
        for path in files.keys where isUnder(path) { names.formUnion(setFile(path, nil)) }
        for (folder, path) in contentsPaths where isUnder(folder) {
            names.formUnion(setContents(path, nil))
        }
        return names
    }

    /// Names every set again: a group's namespace changed.
    private mutating func rebuildNames() {
        imageSetFolders = [:]
        colorSetFolders = [:]
        for folder in imageSets.keys {
            if let name = AssetCatalog.setName(of: folder, namespaces: namespaceGroups) {
                imageSetFolders[name, default: []].insert(folder)
            }
        }
        for folder in colorSets.keys {
            if let name = AssetCatalog.setName(of: folder, namespaces: namespaceGroups) {
                colorSetFolders[name, default: []].insert(folder)
            }
        }
    }

    private func imageSetFolder(named name: String) -> String? { imageSetFolders[name]?.min() }
    private func colorSetFolder(named name: String) -> String? { colorSetFolders[name]?.min() }

    // MARK: - Questions

    /// Every name an image asset can be asked for.
    package var imageNames: Set<String> { Set(imageSetFolders.keys).union(plainImagePaths.keys) }
    package var colorNames: Set<String> { Set(colorSetFolders.keys) }
    private var allNames: Set<String> { Set(imageSetFolders.keys).union(colorSetFolders.keys) }

    /// An image asset as a device finds it.
    package struct ImageResolution: Sendable, Equatable {
        /// The file to show, relative to the content folder.
        package var path: String
        /// The set's entry, when it came from an image set.
        package var entry: ImageSetContents.Entry?
        package var isTemplate: Bool
        /// True when the device itself would find no file and `path` is the
        /// nearest one of another idiom, shown so the author sees something.
        package var isForAnotherDevice: Bool
    }

    /// The file a device with `traits` shows for the asset `name`; nil when
    /// there is no such asset or none of its files can be shown.
    package func image(named name: String, for traits: AssetTraits) -> ImageResolution? {
        images(named: name, for: [traits])[0]
    }

    /// `image(named:for:)` for each of `devices`, the set's files looked up
    /// once for all of them: a page resolves every image for each device
    /// and appearance it can simulate. `work` counts the set's entries
    /// whose files are looked up.
    package func images(named name: String, for devices: [AssetTraits], work: WorkCounter? = nil) -> [ImageResolution?] {
        if let folder = imageSetFolder(named: name), let set = imageSets[folder] {
            let showable = set.entries.compactMap { entry -> (entry: ImageSetContents.Entry, path: String)? in
                guard let filename = entry.filename else { return nil }
                work?.add(1)
                let path = folder.slashJoined(filename)
                guard let facts = files[path], facts.problem == nil else { return nil }
                return (entry, path)
            }
            let conditions = showable.map(\.entry.conditions)
            let isTemplate = set.renderingIntent == .template
            return devices.map { traits in
                let own = VariantMatching.bestIndex(conditions, for: traits)
                guard let index = own ?? VariantMatching.nearestIndex(conditions, for: traits) else { return nil }
                let (entry, path) = showable[index]
                return ImageResolution(path: path, entry: entry, isTemplate: isTemplate, isForAnotherDevice: own == nil)
            }
        }
        if let path = plainImage(named: name), files[path]?.problem == nil {
            return devices.map { _ in ImageResolution(path: path, entry: nil, isTemplate: false, isForAnotherDevice: false) }
        }
        return devices.map { _ in nil }
    }

    /// The asset names whose files include `path`: its set's, or a plain image's.
    package func imageNames(usingFile path: String) -> Set<String> {
        if let folder = AssetCatalog.setFolder(of: path) {
            return AssetCatalog.setName(of: folder.path, namespaces: namespaceGroups).map { [$0] } ?? []
        }
        let name = RelativePath.baseName(path)
        return plainImagePaths[name]?.contains(path) == true ? [name] : []
    }

    private func plainImage(named name: String) -> String? {
        plainImagePaths[name]?.min()
    }

    /// The colour set `name` for `traits`; nil when there is none.
    package func color(named name: String, for traits: AssetTraits) -> CatalogColor? {
        colorSetFolder(named: name).flatMap { colorSets[$0] }?.color(for: traits)
    }

    package func hasColorSet(named name: String) -> Bool {
        colorSetFolder(named: name) != nil
    }

    /// What is wrong with the asset `name` for a device with `traits`, at
    /// the lines of its `Contents.json`: files it names that are missing or
    /// that nothing can show, and no file for the device.
    package func problems(ofImage name: String, for traits: AssetTraits) -> [Diagnostic] {
        guard let folder = imageSetFolder(named: name), let set = imageSets[folder] else {
            if let path = plainImage(named: name), let problem = files[path]?.problem {
                return [
                    Diagnostic(
                        path: RelativePath(rawValue: path), id: .unreadableImage, at: .start, severity: .warning,
                        message: "image '\(AssetCatalog.fileName(path))' cannot be shown: \(problem)")
                ]
            }
            return []
        }
        let contentsPath = contentsPaths[folder] ?? folder + "/" + AssetCatalog.contentsFileName
        var diagnostics = set.diagnostics
        func warn(_ id: DiagnosticID, _ message: String, at location: SourceLocation = .start) {
            diagnostics.append(
                Diagnostic(path: RelativePath(rawValue: contentsPath), id: id, at: location, severity: .warning, message: message))
        }
        var showable = 0
        for entry in set.filledEntries {
            guard let filename = entry.filename else { continue }
            guard let facts = files[folder.slashJoined(filename)] else {
                warn(
                    .missingImageFile, "image set '\(name)' names '\(filename)', which is not in '\(AssetCatalog.fileName(folder))'",
                    at: entry.filenameLocation)
                continue
            }
            if let problem = facts.problem {
                warn(.unreadableImage, "'\(filename)' in image set '\(name)' cannot be shown: \(problem)", at: entry.filenameLocation)
            } else {
                showable += 1
            }
        }
        if set.filledEntries.isEmpty {
            warn(.missingImageFile, "image set '\(name)' names no file")
        } else if showable > 0, let resolution = image(named: name, for: traits), resolution.isForAnotherDevice {
            let idioms = Set(set.filledEntries.map(\.conditions.idiom.rawValue)).sorted().joined(separator: ", ")
            warn(
                .missingImageFile,
                "\(traits.idiom.displayName) would find no file in image set '\(name)' (it has files for \(idioms) only); showing "
                    + "'\(AssetCatalog.fileName(resolution.path))'",
                at: resolution.entry?.filenameLocation ?? .start)
        }
        return diagnostics
    }

    /// Problems of every image set and colour set, for `galley check`.
    package func allProblems(for traits: AssetTraits) -> [Diagnostic] {
        let images = imageSetFolders.keys.sorted().flatMap { problems(ofImage: $0, for: traits) }
        let colors = colorSetFolders.keys.sorted().compactMap(colorSetFolder(named:)).flatMap { colorSets[$0]?.diagnostics ?? [] }
        return images + colors
    }

    /// The message for an image name that finds nothing, with a "did you mean".
    /// The warning for an image block whose asset `name` finds nothing.
    /// With the block's `naming` it suggests only names the block can
    /// reach (an item's prefix is fixed), a name that ends in what was
    /// written when no near one is (`01` for `littlepenguin_01`), and a fix
    /// that writes it.
    package func missingImage(_ name: String, path: RelativePath, at location: SourceLocation, naming: ImageNaming?) -> Diagnostic {
        let reachable = naming.map { naming in imageNames.filter { naming.content(naming: $0) != nil } } ?? Array(imageNames)
        let near = NearestName.find(name, among: reachable) ?? reachable.filter { $0.hasSuffix("_" + name) }.min()
        var message = "no image set or image file named '\(name)'"
        if let near { message += "; did you mean '\(near)'?" }
        let fixIts = near.flatMap { naming?.fixIt(naming: $0) }.map { [$0] } ?? []
        return Diagnostic(
            path: path, id: .missingImage, range: naming?.range ?? SourceRange(at: location), severity: .warning, message: message,
            fixIts: fixIts)
    }

    /// The warning for a colour name in `galley.json` (the JSON string at
    /// `range` of `path`) that is no SwiftUI colour and no colour set.
    package func unknownColor(_ name: String, path: RelativePath, range: SourceRange) -> Diagnostic {
        var message = "unknown colour '\(name)': no colour set of that name, and no SwiftUI colour or '#rrggbb'"
        let near = NearestName.find(name, among: colorNames.union(KindStyleSheet.colorNames))
        if let near { message += "; did you mean '\(near)'?" }
        let fixIts =
            range.isEmpty
            ? [] : near.map { [FixIt.replacing(range, with: JSONEscaping.sourceQuoted($0), message: "Change '\(name)' to '\($0)'")] } ?? []
        return Diagnostic(path: path, id: .unknownColor, range: range, severity: .warning, message: message, fixIts: fixIts)
    }

    // MARK: - Paths

    static let contentsFileName = "Contents.json"

    /// Whether a file named `name` inside a catalog is its `Contents.json`.
    /// Any case is: Xcode's actool reads `contents.json` on the case-insensitive
    /// volume a Mac builds on by default, so the app shows that set, and so must
    /// Galley rather than list the file and then ignore it.
    package static func isContentsFile(_ name: some StringProtocol) -> Bool {
        name.utf8.count == contentsFileName.utf8.count && name.lowercased() == "contents.json"
    }

    /// The `.imageset` or `.colorset` folder holding `path`, if any.
    /// Over the bytes, without splitting the path: every image file of the
    /// folder is asked this as it is taken in.
    static func setFolder(of path: String) -> (path: String, isImageSet: Bool)? {
        let bytes = path.utf8
        let slash = UInt8(ascii: "/")
        guard let lastSlash = bytes.lastIndex(of: slash) else { return nil }
        let parentStart = bytes[..<lastSlash].lastIndex(of: slash).map(bytes.index(after:)) ?? bytes.startIndex
        let parent = path[parentStart..<lastSlash]
        let isImageSet = parent.hasByteSuffix(".imageset")
        guard isImageSet || parent.hasByteSuffix(".colorset") else { return nil }
        return (String(path[..<lastSlash]), isImageSet)
    }

    /// Whether a folder above `path`'s last part is a catalog (ends in
    /// `.xcassets`): whether the bytes hold `.xcassets/`.
    static func isInCatalog(_ path: String) -> Bool {
        let marker = Array(".xcassets/".utf8)
        let bytes = Array(path.utf8)
        guard bytes.count >= marker.count else { return false }
        return (0...(bytes.count - marker.count)).contains { start in
            bytes[start] == marker[0] && bytes[start..<(start + marker.count)].elementsEqual(marker)
        }
    }

    /// `Icons/star` for `A.xcassets/Icons/star.imageset` when `Icons` provides a namespace.
    static func setName(of folder: String, namespaces: Set<String>) -> String? {
        if namespaces.isEmpty {
            // No group names a namespace (most apps): the set folder's own name, without splitting the path.
            guard isInCatalog(folder), let last = folder.lastSlashSeparatedPart, !folder.hasByteSuffix("/"),
                let dot = last.lastIndex(of: ".")
            else { return nil }
            return String(last[..<dot])
        }
        let components = folder.splitAtSlashes(omittingEmptyParts: false)
        guard let catalog = components.lastIndex(where: { $0.hasByteSuffix(".xcassets") }), catalog < components.count - 1,
            let dot = components[components.count - 1].lastIndex(of: ".")
        else { return nil }
        var name = ""
        for index in (catalog + 1)..<(components.count - 1) where namespaces.contains(components[...index].joined(separator: "/")) {
            name += components[index] + "/"
        }
        return name + components[components.count - 1][..<dot]
    }

    private static func fileName(_ path: String) -> String {
        path.slashSeparatedParts.last ?? path
    }
}
