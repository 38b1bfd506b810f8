import GalleyCore
import GalleyShim

/// A picture drawn from an image file.
package struct DrawnPicture: Sendable {
    package let bytes: [UInt8]
    package let width: Int
    package let height: Int
    package let mimeType: String
}

/// libvips, through the C shim: started once, with bounded threads and its
/// warnings kept off the terminal.
package enum Vips {
    /// Threads libvips may use for one picture; pictures are drawn one per
    /// converter worker, so this bounds the threads and the memory.
    static let threadsPerPicture: Int32 = 1

    /// Swift runs this once, on first use, from whichever thread draws first.
    private static let started: Bool = galley_vips_start(threadsPerPicture) == 0

    /// Whether libvips started (it is linked in, so only a broken install fails).
    package static var isAvailable: Bool { started }

    /// Draws `bytes` (an encoded image) `width` pixels wide. A raster source
    /// with more than `ImageDimensions.maximumPixels`, or whose decoded
    /// pixels libvips's header reading says take more than
    /// `decodedBytesAtMost`, is refused before decoding.
    /// Only a file known to be a BMP may reach ImageMagick (`isBMP`).
    package static func draw(
        _ bytes: [UInt8], width: Int, enlarge: Bool, preferPNG: Bool, isBMP: Bool = false,
        decodedBytesAtMost: Int = DecodeCost.budgetBytes
    ) -> Result<DrawnPicture, PictureFailure> {
        guard started else { return .failure(.libvipsUnavailable) }
        var picture = galley_vips_picture()
        var error = [CChar](repeating: 0, count: 512)
        var decodedBytes: Int64 = 0
        let status = bytes.withUnsafeBytes { buffer in
            galley_vips_draw(
                buffer.baseAddress, buffer.count, Int32(width), Int32(PictureDelivery.maximumHeight(forWidth: width)),
                enlarge ? 1 : 0, enlarge ? 0 : Int64(ImageDimensions.maximumPixels), enlarge ? 0 : Int64(decodedBytesAtMost),
                preferPNG ? 1 : 0, isBMP ? 1 : 0, &picture, &decodedBytes, &error, error.count)
        }
        if status == galley_vips_too_many_bytes {
            return .failure(.overDecodeBudget(bytes: Int(decodedBytes)))
        }
        guard status == 0, let pointer = picture.bytes else {
            return .failure(.decoder(complaint: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        defer { galley_vips_free(pointer) }
        let drawn = [UInt8](UnsafeRawBufferPointer(start: pointer, count: picture.length))
        return .success(
            DrawnPicture(
                bytes: drawn, width: Int(picture.width), height: Int(picture.height),
                mimeType: picture.is_png != 0 ? "image/png" : "image/jpeg"))
    }
}
