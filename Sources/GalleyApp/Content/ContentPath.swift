import GalleyCore
import GalleySystem

/// What a file in the content folder is to Galley.
enum FileRole: Equatable {
    /// `galley.json` at the top of the content folder.
    case config
    /// An image that may be an asset: a plain image file or one in an image set.
    case image
    /// A `Contents.json` inside an asset catalog: an image set's, a colour
    /// set's, a group's or the catalog's own.
    case catalogContents
    /// A font file (`.ttf`, `.otf`, `.ttc`), which the app may bundle.
    case font
    /// An app's `Info.plist`, which lists the fonts it bundles.
    case infoPlist
    /// A file of the app's own strings (`AppStringsFile`), which titles may name.
    case appStrings
    /// A file a content format reads, or a part of a bundle that one reads.
    case content(ContentFile)
    /// Not content (source code, other catalogs' files…).
    case other
}

/// Paths relative to the content folder, with `/`, and what they hold.
enum ContentPath {
    static func role(of path: RelativePath) -> FileRole {
        let relativePath = path.rawValue
        // Every save asks this of its path, and every file of the folder at
        // start-up, several times: the path is split into parts only when it
        // may be in an asset catalog.
        guard let name = relativePath.lastSlashSeparatedPart else { return .other }
        let content = ContentFormats.file(containing: path)
        // Every file of a bundle, its images too, belongs to its document.
        if let content, content.isBundle { return .content(content) }
        let lowerName = name.lowercased()
        if RelativePath.mayHaveExtension(relativePath, "xcassets") {
            // Parts as byte slices: making a string of each cost more than the rest of the question.
            let components = relativePath.utf8.split(separator: UInt8(ascii: "/"))
            if components.dropLast().contains(where: { $0.hasByteSuffix(".xcassets") }) {
                if AssetCatalog.isContentsFile(name) { return .catalogContents }
                // Every file an image set holds is one of its pictures, even one
                // nothing can show (a `.psd`): the catalog warns about those.
                let inImageSet = components.count >= 2 && components[components.count - 2].hasByteSuffix(".imageset")
                return inImageSet || isImage(lowerName) ? .image : .other
            }
        }
        if path == ConfigFile.name { return .config }
        if BundledFonts.isFontFile(lowerName) { return .font }
        if BundledFonts.isInfoPlist(name) { return .infoPlist }
        if AppStringsFile.kind(of: path) != nil { return .appStrings }
        if isImage(lowerName) { return .image }
        return content.map(FileRole.content) ?? .other
    }

    static func isImage(_ lowerName: String) -> Bool {
        ImageFileTypes.format(forPath: lowerName) != nil
    }

    /// A path the watcher reported, relative to its root: empty for the root itself.
    static func relative(_ path: AbsolutePath, to root: AbsolutePath) -> String? {
        relative(path.rawValue, to: root.rawValue)
    }

    /// `path` relative to `root`, or nil when it is not inside it.
    static func relative(_ path: String, to root: String) -> String? {
        let folder =
            root.utf8.count > 1 && root.utf8.last == UInt8(ascii: "/") ? String(decoding: root.utf8.dropLast(), as: UTF8.self) : root
        guard FilePath.isSameOrBelow(path, folder) else { return nil }
        if path.utf8.count == folder.utf8.count { return "" }
        return String(decoding: path.utf8.dropFirst(folder == "/" ? 1 : folder.utf8.count + 1), as: UTF8.self)
    }
}

extension Substring.UTF8View {
    fileprivate func hasByteSuffix(_ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        return self.count >= count && self.suffix(count).elementsEqual(UnsafeBufferPointer(start: suffix.utf8Start, count: count))
    }
}
