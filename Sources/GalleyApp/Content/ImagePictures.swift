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
        PictureMaker.Job(key: PictureKey(contentHash: image.contentHash, width: width), format: format(of: image) ?? .png, enlarge: enlarge)
        { [folder] in
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

    /// Why `image` cannot be drawn, found by drawing its smallest picture
    /// (which decodes the whole file all the same); nil when a browser shows
    /// it as it is, or when it can be drawn.
    func failureToDraw(_ image: ServedImage) -> PictureFailure? {
        guard let format = format(of: image), !format.browserShows else { return nil }
        if case .failure(let failure) = maker.makeNow(job(for: image, width: PictureDelivery.widthBuckets[0], enlarge: format.isVector)) {
            return failure
        }
        return nil
    }

    /// Where a static site keeps a drawn picture, below its `files/`:
    /// beside the file's own place, named by its width and type.
    static func siteFile(_ image: ServedImage, _ picture: DrawnPicture) -> String {
        image.path + ".w\(picture.width)." + (picture.mimeType == "image/png" ? "png" : "jpg")
    }

    /// The diagnostic text for a file that cannot be shown.
    static func cannotShow(_ image: ServedImage, _ failure: PictureFailure) -> String {
        let name = image.path.slashSeparatedParts.last ?? image.path
        return "cannot show '\(name)': \(failure)"
    }
}
