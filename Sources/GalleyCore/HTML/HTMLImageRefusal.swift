/// Why an HTML document's `<img>` is not shown: nothing is fetched from
/// elsewhere, and of embedded pictures only raster ones are drawn.
enum HTMLImageRefusal: Equatable {
    /// The `src` is empty, or holds only a query or a fragment.
    case noSource
    /// A URL on another host (`http:`, `https:`, `ftp:`, `//host/…`).
    case remote(url: String)
    /// A URL of a scheme that names no file next to the document (`file:`, `javascript:`…).
    case otherScheme(url: String)
    /// A path from the file system's root rather than from the document.
    case absolutePath(url: String)
    /// A `data:` URL without the comma its data follows.
    case embeddedWithoutData
    /// A `data:` URL of a type that is not drawn (SVG can carry script).
    case embeddedType(mimeType: String)
    case embeddedNotBase64
    case embeddedInvalidBase64

    var description: String {
        switch self {
        case .noSource: "image has no 'src'"
        case .remote(let url): "remote image '\(Self.shortened(url))' is not loaded"
        case .otherScheme(let url): "image source '\(Self.shortened(url))' is not loaded: only files next to the document are shown"
        case .absolutePath(let url): "image path '\(Self.shortened(url))' is absolute; use a path relative to the document"
        case .embeddedWithoutData: "embedded image has no data"
        case .embeddedType(let mimeType): "embedded image of type '\(mimeType.isEmpty ? "text/plain" : mimeType)' is not shown"
        case .embeddedNotBase64: "embedded image is not base64-encoded"
        case .embeddedInvalidBase64: "embedded image data is not valid base64"
        }
    }

    /// A URL short enough for a one-line diagnostic; `data:` URLs can run to megabytes.
    private static func shortened(_ url: String) -> String {
        url.count > 80 ? String(url.prefix(77)) + "…" : url
    }
}
