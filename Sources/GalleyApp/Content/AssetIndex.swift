import GalleySystem
import GalleyCore

/// An image file Galley may serve: where it is and what version it has.
struct ServedImage: Equatable, Sendable {
    /// Relative to the content folder.
    let path: String
    let contentHash: String
    let width: Int?
    let height: Int?
    let mimeType: String
    /// The URL the page loads; the hash makes a changed image a new URL.
    let url: String

    init(path: String, contentHash: String, width: Int?, height: Int?, mimeType: String) {
        self.path = path
        self.contentHash = contentHash
        self.width = width
        self.height = height
        self.mimeType = mimeType
        url = "/files/" + URLPath.encode(path) + "?v=" + contentHash
    }

    /// Every format `ImageFileTypes` names can be shown: browsers show PNG,
    /// JPEG, GIF, WebP and SVG, and the daemon draws TIFF, BMP, HEIC and PDF
    /// (`PictureDelivery`); other attachments are listed by name instead.
    var isDisplayable: Bool { !mimeType.isEmpty }

    var resolved: ResolvedImage {
        guard isDisplayable else {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return ResolvedImage(url: "", placeholder: "attachment “\(name)”")
        }
        return ResolvedImage(url: url, width: width, height: height)
    }
}

/// App assets by name, as Xcode resolves `Image("lpenguin_02")`: an image
/// set in any asset catalog, else a plain image file of that name.
struct AssetIndex {
    private(set) var imageSets: [String: ServedImage] = [:]
    private(set) var plainImages: [String: ServedImage] = [:]
    /// Every image file by relative path, whether or not it is an asset.
    private(set) var images: [String: ServedImage] = [:]

    func lookup(_ name: String) -> ServedImage? {
        imageSets[name] ?? plainImages[name]
    }

    var assetNames: Set<String> {
        Set(imageSets.keys).union(plainImages.keys)
    }

    /// The asset name a file contributes to: `lpenguin_02` for
    /// `X.xcassets/lpenguin_02.imageset/…`, the base name for plain images.
    static func assetName(forPath path: String) -> String? {
        let components = path.split(separator: "/")
        if components.count >= 2, components[components.count - 2].hasSuffix(".imageset") {
            return String(components[components.count - 2].dropLast(".imageset".count))
        }
        if ContentPath.isImage(path.lowercased()) { return RelativePath.baseName(path) }
        return nil
    }

    /// Re-reads the image file at `path` (or notes it gone). A file that
    /// resolves outside the content folder (a symlink out) is not an image
    /// of this folder: it is neither linked, inlined nor copied.
    mutating func updateImage(at path: String, root: String) {
        let absolute = root + "/" + path
        if ConfinedTree(root: root, realRoot: FilePath.realPath(root) ?? root).contains(absolute), let bytes = try? FileSystem.read(absolute) {
            let size = ImageDimensions.read(bytes)
            let mime = ImageFileTypes.mimeType(forPath: path) ?? ""
            images[path] = ServedImage(path: path, contentHash: ContentHash.of(bytes), width: size?.width, height: size?.height, mimeType: mime)
        } else {
            images[path] = nil
        }
    }

    /// Recomputes what asset `name` resolves to; returns whether it changed.
    mutating func refreshAsset(named name: String, root: String, catalogFolders: [String]) -> Bool {
        let before = lookup(name)
        imageSets[name] = nil
        for catalog in catalogFolders {
            let setFolder = catalog + "/" + name + ".imageset"
            guard let contents = try? FileSystem.read(root + "/" + setFolder + "/Contents.json"),
                  let fileName = ImageSetContents.preferredFileName(contents),
                  !fileName.contains("/") else { continue }
            let path = setFolder + "/" + fileName
            if images[path] == nil { updateImage(at: path, root: root) }
            if let image = images[path] {
                imageSets[name] = image
                break
            }
        }
        plainImages[name] = images.values
            .filter { !$0.path.contains(".xcassets/") && RelativePath.baseName($0.path) == name }
            .min { $0.path < $1.path }
        return before != lookup(name)
    }

    mutating func removeImages(under prefix: String) {
        for path in images.keys where FilePath.isSameOrBelow(path, prefix) {
            images[path] = nil
        }
    }
}
