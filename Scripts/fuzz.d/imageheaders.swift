// Fuzz target `imageheaders`: every image header reader (PNG, GIF, JPEG,
// WebP, TIFF, BMP, HEIF, PDF, SVG) and the delivery plan built on them.
import GalleyCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let inspected = ImageDimensions.inspect(bytes)
    switch inspected {
    case .success(let header):
        if header.width <= 0 || header.height <= 0 {
            fatalError("ORACLE: a header of \(header) was accepted")
        }
        let pixels = header.width.multipliedReportingOverflow(by: header.height)
        if !header.format.isVector, pixels.overflow || pixels.partialValue > ImageDimensions.maximumPixels {
            fatalError("ORACLE: a bomb of \(header) passed the pixel limit")
        }
        if ImageDimensions.sniff(bytes) != header.format {
            fatalError("ORACLE: inspect and sniff disagree on \(header)")
        }
        for requested in [nil, 1, 1074, Int.max] as [Int?] {
            if case .drawn(let width, _) = PictureDelivery.plan(
                format: header.format, sourceWidth: header.width, requestedWidth: requested),
                !PictureDelivery.widthBuckets.contains(width)
            {
                fatalError("ORACLE: a picture of \(width) pixels is outside the buckets")
            }
        }
    case .failure:
        if ImageDimensions.read(bytes) != nil { fatalError("ORACLE: read gave a size that inspect refused") }
    }
    return 0
}
