import GalleyCore
import GalleyImaging
import GalleySystem

/// What a rendering is made for, given when the workspace is made: it
/// decides how every image and font of the content folder is linked.
enum OutputMode {
    /// `/files/…?v=hash` URLs the daemon serves.
    case served
    /// `data:` URLs, for a self-contained page.
    case inline
    /// `files/…` relative URLs, for a static site that copies the files.
    case site
    /// Served URLs, after drawing each image a browser cannot show (small)
    /// to find the ones that cannot be shown: what `check` reports.
    case checking
}

/// How one output links the content folder's images and fonts: the one
/// place that decides it.
struct OutputLinks {
    /// The folder of a static site that holds its copies of the content's files.
    static let siteFolder = "files"

    let mode: OutputMode
    /// The workspace's content folder, where an inlined file is read.
    let folder: ContentFolder
    /// Draws pictures of images a browser cannot show, or that are far
    /// wider than shown; without it, image files are linked as they are.
    let pictures: ImagePictures?

    /// Whether pages get every device's file of an asset: a self-contained
    /// page or a static site shows the previewed device only; the page asks
    /// for each file at the width it shows it.
    var keepsDeviceVariants: Bool { mode == .served }

    /// Whether a document's HTML may wait until it is asked for
    /// (`DeferredRendering`): served pages ask for one document at a time;
    /// every other output writes them all.
    var rendersWhenAsked: Bool { mode == .served }

    /// How the output refers to `image` shown `shownWidth` pixels wide;
    /// with the reason when it cannot be shown (a placeholder then).
    func image(_ image: ServedImage, shownWidth: Int) -> (image: ResolvedImage?, problem: String?) {
        guard image.isDisplayable else { return (image.resolved, nil) }
        if let pictures, let failure = pictures.maker.failure(forContentHash: image.contentHash) {
            return failed(image, failure)
        }
        switch mode {
        case .served:
            guard let pictures, case .drawn = pictures.delivery(for: image, requestedWidth: shownWidth) else {
                return (image.resolved, nil)
            }
            return (ResolvedImage(url: image.url + "&w=\(shownWidth)", width: image.width, height: image.height), nil)
        case .checking:
            if let failure = pictures?.failureToDraw(image) { return failed(image, failure) }
            return (image.resolved, nil)
        case .inline, .site:
            switch pictures?.drawnNow(image, requestedWidth: shownWidth) {
            case .failure(let failure)?:
                return failed(image, failure)
            case .success(let picture)?:
                let url =
                    mode == .inline ? Self.dataURL(picture.mimeType, picture.bytes) : Self.siteURL(ImagePictures.siteFile(image, picture))
                return (ResolvedImage(url: url, width: image.width ?? picture.width, height: image.height ?? picture.height), nil)
            case nil:
                guard let url = fileURL(image) else { return (ResolvedImage(url: "", placeholder: "missing “\(image.path)”"), nil) }
                return (ResolvedImage(url: url, width: image.width, height: image.height), nil)
            }
        }
    }

    /// How the output refers to a font file the app bundles.
    func font(_ file: ServedImage) -> String? {
        fileURL(file)
    }

    /// The file itself, as this output links it; nil when it cannot be read to inline.
    private func fileURL(_ file: ServedImage) -> String? {
        switch mode {
        case .served, .checking: file.url
        case .site: Self.siteURL(file.path)
        case .inline: (try? folder.read(file.path)).map { Self.dataURL(file.mimeType, $0) }
        }
    }

    private static func siteURL(_ path: String) -> String {
        siteFolder.slashJoined(URLPath.encode(path))
    }

    private static func dataURL(_ mimeType: String, _ bytes: [UInt8]) -> String {
        "data:\(mimeType);base64,\(Base64.encode(bytes))"
    }

    private func failed(_ image: ServedImage, _ failure: PictureFailure) -> (image: ResolvedImage?, problem: String?) {
        let message = ImagePictures.cannotShow(image, failure)
        return (ResolvedImage(url: "", placeholder: message), message)
    }
}
