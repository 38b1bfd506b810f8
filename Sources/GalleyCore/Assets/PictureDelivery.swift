/// How an image file reaches the page: its own bytes, or a picture drawn
/// from it at the pixel width it is shown (shown CSS width × the simulated
/// device's scale), so a phone preview of a 12 MP photo is not 12 MP and a
/// PDF page is sharp on a 3x screen.
package enum PictureDelivery: Equatable, Sendable {
    /// The file as it is.
    case original
    /// A PNG or JPEG drawn at `width` pixels; `enlarge` when the source is
    /// vectors, drawn at that width whatever its size in points.
    case drawn(width: Int, enlarge: Bool)

    /// Asked-for widths are rounded up to one of these, so each image has
    /// at most this many pictures, however many widths pages ask for.
    package static let widthBuckets = [64, 128, 256, 384, 512, 640, 768, 1024, 1280, 1536, 2048, 2560, 3072, 4096]

    /// A file this much wider than needed is still sent as it is: drawing a
    /// picture would save little.
    static let slack = 1.25

    /// `pixels` rounded up to a bucket (the largest bucket at most).
    package static func bucket(_ pixels: Int) -> Int {
        widthBuckets.first { $0 >= pixels } ?? widthBuckets[widthBuckets.count - 1]
    }

    /// What to send for a file of `format`, `sourceWidth` wide (points for a
    /// PDF), when the page asks for `requestedWidth` pixels (nil: not said).
    /// Formats a browser cannot show are always drawn; animated GIFs and
    /// SVGs are always sent as they are.
    package static func plan(format: ImageFormat, sourceWidth: Int?, requestedWidth: Int?) -> PictureDelivery {
        switch format {
        case .svg, .gif:
            return .original
        case .png, .jpeg, .webp:
            guard let requestedWidth, requestedWidth > 0, let sourceWidth else { return .original }
            let width = bucket(requestedWidth)
            return Double(sourceWidth) <= Double(width) * slack ? .original : .drawn(width: width, enlarge: false)
        case .pdf:
            // A page's points at 2x when the page does not say how wide it shows it.
            return .drawn(width: bucket(requestedWidth ?? (sourceWidth ?? 512) * 2), enlarge: true)
        case .tiff, .bmp, .heif:
            let own = sourceWidth ?? widthBuckets[widthBuckets.count - 1]
            return .drawn(width: bucket(min(requestedWidth ?? own, own)), enlarge: false)
        }
    }

    /// The tallest picture drawn for a width: a very tall page is cut to
    /// this rather than made into a bomb of its own.
    package static func maximumHeight(forWidth width: Int) -> Int {
        min(16384, width * 8)
    }

    /// The pixel width of an image as wide as the column on a device
    /// `deviceWidth` points wide: the column's 16 pt margins off, times the
    /// scale of the device that width previews (`PreviewDevice`).
    package static func columnPixels(deviceWidth: Double) -> Int {
        let scale = Double(PreviewDevice.forWidth(deviceWidth).scale)
        return Int(((max(deviceWidth, 64) - 32) * scale).rounded(.up))
    }
}
