import GalleyCore
import GalleySystem

/// A file Galley may serve (an image, or a font the app bundles): where it
/// is and what version it has.
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
            let name = path.slashSeparatedParts.last ?? path
            return ResolvedImage(url: "", placeholder: "attachment “\(name)”")
        }
        return ResolvedImage(url: url, width: width, height: height)
    }
}

/// The content folder's image files and asset catalogs, read from disk
/// into the core's `AssetCatalog`, which knows what each name resolves to.
struct AssetIndex {
    private(set) var catalog = AssetCatalog() {
        didSet {
            resolutions = Resolutions()
            imageProblems = ImageProblems()
        }
    }
    /// What names resolve to in this catalog, for each device a page can
    /// simulate: every save renders its document's images for every page
    /// case again, and resolving one costs thousands of instructions.
    private var resolutions = Resolutions()
    /// What the catalog says about each image set, found once per catalog
    /// rather than once per document that shows it (it resolves the set
    /// again: 4 % of a start-up with 10,000 files).
    private var imageProblems = ImageProblems()
    /// Every image file by relative path, whether or not it is an asset.
    private(set) var images: [String: ServedImage] = [:]

    /// Re-reads the image file at `path` (or notes it gone); returns the
    /// asset names whose answer may have changed. A file that resolves
    /// outside the content folder (a symlink out) is not an image of this
    /// folder: it is neither linked, inlined nor copied.
    @discardableResult
    mutating func updateImage(at path: String, in folder: ContentFolder) -> Set<String> {
        guard let bytes = try? folder.read(path) else {
            images[path] = nil
            return catalog.setFile(path, nil)
        }
        // The header and the format are read once, for the page and for the catalog.
        let size = ImageDimensions.read(bytes)
        let format = ImageFileTypes.format(forPath: path)
        images[path] = ServedImage(
            path: path, contentHash: ContentHash.of(bytes), width: size?.width, height: size?.height,
            mimeType: format?.mimeType ?? "")
        return catalog.setFile(path, .examine(path: path, format: format, isEmpty: bytes.isEmpty, dimensions: size))
    }

    /// Takes in a file the page loads that is no asset (a font the app
    /// bundles, `FontFileReading`); nil when it is gone or leads outside.
    mutating func setServedFile(_ path: String, _ served: ServedImage?) {
        images[path] = served
    }

    /// Re-reads a `Contents.json` of an asset catalog (an image set's, a
    /// colour set's or a group's); returns the names whose answer may have changed.
    mutating func updateContents(at path: String, in folder: ContentFolder) -> Set<String> {
        catalog.setContents(path, try? folder.read(path))
    }

    mutating func removeFiles(under prefix: String) -> Set<String> {
        for path in images.keys where FilePath.isSameOrBelow(path, prefix) {
            images[path] = nil
        }
        return catalog.remove(under: prefix)
    }

    /// The files of asset `name` for the page: the one for `traits`, and
    /// when devices or appearances the page can simulate would load others,
    /// every one of them.
    func resolve(_ name: String, for traits: AssetTraits, link: (ServedImage) -> ResolvedImage?) -> ResolvedImage? {
        // The variants first: they find the file for every page's traits at once, the document's own among them.
        let variants = cachedVariants(named: name)
        guard let resolution = cachedImage(named: name, for: traits), let image = images[resolution.path], var resolved = link(image) else {
            return nil
        }
        resolved.isTemplate = resolution.isTemplate
        guard resolved.placeholder == nil else { return resolved }
        if variants.contains(where: { $0.path != resolution.path }) {
            resolved.variants = variants.compactMap { variant in
                images[variant.path].flatMap(link).map { ImageVariant(key: variant.key, url: $0.url, width: $0.width, height: $0.height) }
            }
        }
        return resolved
    }

    /// The file of asset `name` for each device and appearance a page can
    /// simulate, remembered until the catalog changes: every document that
    /// shows the asset asks, and looking each one up by name and traits
    /// cost 5 % of a start-up with 10,000 files. The catalog finds them
    /// all at once, the set's files looked up once rather than for each.
    private func cachedVariants(named name: String) -> [(key: String, path: String)] {
        if let known = resolutions.variants.withLock({ $0[name] }) { return known }
        let pages = PreviewDevice.pageTraits
        let resolved = lookUp(name, for: pages.map(\.traits))
        resolutions.entries.withLock { entries in
            for (page, resolution) in zip(pages, resolved) { entries[Resolutions.Key(name: name, traits: page.traits)] = resolution }
        }
        let found = zip(pages, resolved).compactMap { page, resolution in resolution.map { (key: page.key, path: $0.path) } }
        resolutions.variants.withLock { $0[name] = found }
        return found
    }

    /// `catalog.images(named:for:)`, counted.
    private func lookUp(_ name: String, for devices: [AssetTraits]) -> [AssetCatalog.ImageResolution?] {
        let work = WorkCounter()
        let found = catalog.images(named: name, for: devices, work: work)
        resolutions.entriesLookedUp.withLock { $0 += work.steps }
        return found
    }

    /// How many image set entries' files were looked up since the catalog
    /// last changed: once for each entry of each set shown, however many
    /// documents show it and devices the page simulates.
    var entriesLookedUp: Int { resolutions.entriesLookedUp.withLock { $0 } }

    /// `catalog.problems(ofImage:for:)`, remembered until the catalog changes.
    func problems(ofImage name: String, for traits: AssetTraits) -> [Diagnostic] {
        let key = Resolutions.Key(name: name, traits: traits)
        if let known = imageProblems.entries.withLock({ $0[key] }) { return known }
        let found = catalog.problems(ofImage: name, for: traits)
        imageProblems.entries.withLock { $0[key] = found }
        return found
    }

    /// `catalog.image(named:for:)`, remembered until the catalog changes.
    private func cachedImage(named name: String, for traits: AssetTraits) -> AssetCatalog.ImageResolution? {
        let key = Resolutions.Key(name: name, traits: traits)
        if let known = resolutions.entries.withLock({ $0[key] }) { return known }
        let found = lookUp(name, for: [traits])[0]
        resolutions.entries.withLock { $0[key] = found }
        return found
    }
}

/// Shared by the copies of one catalog's `AssetIndex` that documents render
/// with, on several cores at once; a changed catalog starts a new one.
private final class Resolutions: Sendable {
    struct Key: Hashable {
        var name: String
        var traits: AssetTraits
    }

    let entries = Locked<[Key: AssetCatalog.ImageResolution?]>([:])
    /// How many image set entries' files were looked up for this catalog.
    let entriesLookedUp = Locked(0)
    /// Each name's file for every page's traits (`PreviewDevice.pageTraits`).
    let variants = Locked<[String: [(key: String, path: String)]]>([:])
}

/// `Resolutions`' counterpart for the catalog's problems with each image.
private final class ImageProblems: Sendable {
    let entries = Locked<[Resolutions.Key: [Diagnostic]]>([:])
}
