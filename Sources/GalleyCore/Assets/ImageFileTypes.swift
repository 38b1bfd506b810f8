/// An image file format Galley serves, and what a browser can do with it.
package enum ImageFormat: String, Sendable, CaseIterable {
    case png, jpeg, gif, webp, svg
    /// Formats a browser cannot show: the daemon converts them to PNG or JPEG.
    case tiff, bmp, heif, pdf

    package var mimeType: String {
        switch self {
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .svg: "image/svg+xml"
        case .tiff: "image/tiff"
        case .bmp: "image/bmp"
        case .heif: "image/heif"
        case .pdf: "application/pdf"
        }
    }

    /// Whether every browser shows the file as it is (in an `<img>`).
    package var browserShows: Bool {
        switch self {
        case .png, .jpeg, .gif, .webp, .svg: true
        case .tiff, .bmp, .heif, .pdf: false
        }
    }

    /// Drawn from vectors: rasterised at the width it is shown, never
    /// downscaled from pixels (a PDF's size is in points).
    package var isVector: Bool {
        self == .pdf || self == .svg
    }
}

/// The image files Galley resolves and serves, by extension.
package enum ImageFileTypes {
    package static let formatsByExtension: [String: ImageFormat] = [
        "png": .png,
        "jpg": .jpeg,
        "jpeg": .jpeg,
        "gif": .gif,
        "webp": .webp,
        "svg": .svg,
        "tif": .tiff,
        "tiff": .tiff,
        "bmp": .bmp,
        "heic": .heif,
        "heif": .heif,
        "pdf": .pdf,
    ]

    package static func format(forPath path: String) -> ImageFormat? {
        // By bytes: every file of the folder is asked this at start-up.
        let bytes = path.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex else { return nil }
        return formatsByExtension[String(decoding: bytes[bytes.index(after: dot)...], as: UTF8.self).lowercased()]
    }

    package static func mimeType(forPath path: String) -> String? {
        format(forPath: path)?.mimeType
    }
}
