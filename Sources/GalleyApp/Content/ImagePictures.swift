import GalleyCore
import GalleyImaging
import GalleySystem

/// What Galley sends for an image file of the content folder: the file, or
/// a picture drawn from it at the width it is shown (see `PictureDelivery`).
/// One per process; the daemon's HTTP threads, `render` and `check` share
/// its workers and cache.
final class ImagePictures: Sendable {
    private let folder: ContentFolder
    let maker: PictureMaker
    /// Told (on a worker thread) when a picture a page asked for cannot be
    /// drawn, so the documents showing it can say why.
    private let onFailure: (@Sendable (_ path: String) -> Void)?

    init(root: String, maker: PictureMaker = PictureMaker(), onFailure: (@Sendable (_ path: String) -> Void)? = nil) {
        folder = ContentFolder(root: root)
        self.maker = maker
        self.onFailure = onFailure
    }

    /// Tells the daemon that `image` cannot be shown.
    func report(_ image: ServedImage) {
        onFailure?(image.path)
    }

    func format(of image: ServedImage) -> ImageFormat? {
        ImageFileTypes.format(forPath: image.path)
    }

    /// What to send for `image` when the page asks for `requestedWidth` pixels.
    func delivery(for image: ServedImage, requestedWidth: Int?) -> PictureDelivery {
        guard let format = format(of: image) else { return .original }
        return PictureDelivery.plan(format: format, sourceWidth: image.width, requestedWidth: requestedWidth)
    }

    /// The work of drawing `image` at `width`; it reads the file on a
    /// worker, beneath the content folder, and libvips gets those bytes.
    func job(for image: ServedImage, width: Int, enlarge: Bool) -> PictureMaker.Job {
        PictureMaker.Job(key: PictureKey(contentHash: image.contentHash, width: width), format: format(of: image) ?? .png, enlarge: enlarge) { [folder] in
            try? folder.read(image.path)
        }
    }

    /// The bytes of `image` as they are now, read beneath the content folder.
    func bytes(of image: ServedImage) -> [UInt8]? {
        try? folder.read(image.path)
    }

    /// The picture to inline or copy for `image` shown `requestedWidth`
    /// pixels wide, drawn now; nil when the file itself is what to send.
    func drawnNow(_ image: ServedImage, requestedWidth: Int?) -> Result<DrawnPicture, PictureFailure>? {
        guard case .drawn(let width, let enlarge) = delivery(for: image, requestedWidth: requestedWidth) else { return nil }
        return maker.makeNow(job(for: image, width: width, enlarge: enlarge))
    }

    /// How a rendered page refers to `image`, shown `shownWidth` pixels
    /// wide; with the reason when it cannot be shown (a placeholder then).
    func link(_ image: ServedImage, as linking: Workspace.ImageLinking, shownWidth: Int) -> (image: ResolvedImage, problem: String?) {
        if let failure = maker.failure(forContentHash: image.contentHash) {
            return failed(image, failure)
        }
        let delivery = delivery(for: image, requestedWidth: shownWidth)
        switch linking {
        case .checked:
            guard let format = format(of: image), !format.browserShows else { return (image.resolved, nil) }
            // The smallest picture decodes the whole file all the same.
            if case .failure(let failure) = maker.makeNow(job(for: image, width: PictureDelivery.widthBuckets[0], enlarge: format.isVector)) {
                return failed(image, failure)
            }
            return (image.resolved, nil)
        case .served:
            guard case .drawn = delivery else { return (image.resolved, nil) }
            return (ResolvedImage(url: image.url + "&w=\(shownWidth)", width: image.width, height: image.height), nil)
        case .inline, .siteRelative:
            switch drawnNow(image, requestedWidth: shownWidth) {
            case .failure(let failure)?:
                return failed(image, failure)
            case .success(let picture)?:
                let url = linking == .inline ? "data:\(picture.mimeType);base64,\(Base64.encode(picture.bytes))" : "files/" + URLPath.encode(Self.siteFile(image, picture))
                return (ResolvedImage(url: url, width: image.width ?? picture.width, height: image.height ?? picture.height), nil)
            case nil:
                if linking == .siteRelative { return (ResolvedImage(url: "files/" + URLPath.encode(image.path), width: image.width, height: image.height), nil) }
                guard let bytes = bytes(of: image) else { return (ResolvedImage(url: "", placeholder: "missing “\(image.path)”"), nil) }
                return (ResolvedImage(url: "data:\(image.mimeType);base64,\(Base64.encode(bytes))", width: image.width, height: image.height), nil)
            }
        }
    }

    private func failed(_ image: ServedImage, _ failure: PictureFailure) -> (image: ResolvedImage, problem: String?) {
        let message = Self.cannotShow(image, failure)
        return (ResolvedImage(url: "", placeholder: message), message)
    }

    /// Where a static site keeps a drawn picture, below its `files/`:
    /// beside the file's own place, named by its width and type.
    static func siteFile(_ image: ServedImage, _ picture: DrawnPicture) -> String {
        image.path + ".w\(picture.width)." + (picture.mimeType == "image/png" ? "png" : "jpg")
    }

    /// The diagnostic text for a file that cannot be shown.
    static func cannotShow(_ image: ServedImage, _ failure: PictureFailure) -> String {
        let name = image.path.slashSeparatedParts.last ?? image.path
        return "cannot show '\(name)': \(failure.reason)"
    }
}
