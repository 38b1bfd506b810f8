/// What an image file's header says: its format and size, read without
/// decoding a pixel. PDF sizes are in points (its first page), the rest in
/// pixels, turned upright where the file says it is stored rotated.
package struct ImageHeader: Equatable, Sendable {
    package var format: ImageFormat
    package var width: Int
    package var height: Int
    /// How its pixels lie once decoded; nil for a PDF or SVG, which are
    /// drawn at the width shown rather than decoded.
    package var layout: PixelLayout?

    package init(format: ImageFormat, width: Int, height: Int, layout: PixelLayout? = nil) {
        self.format = format
        self.width = width
        self.height = height
        self.layout = layout
    }
}

/// Why an image file's header cannot be used.
package enum ImageHeaderProblem: Error, Equatable, Sendable, CustomStringConvertible {
    /// No known image format starts like this.
    case unrecognised
    /// The format is known but the header ends, or holds no usable size.
    case unreadable(ImageFormat)
    /// A header claiming more pixels than Galley decodes (a decompression bomb).
    case tooLarge(width: Int, height: Int)

    /// Bytes that are no known image, and bombs, never reach a decoder; a
    /// header merely unreadable here is left to the decoder to judge.
    package var refusesDecoding: Bool {
        switch self {
        case .unrecognised, .tooLarge: true
        case .unreadable: false
        }
    }

    package var description: String {
        switch self {
        case .unrecognised: "not an image Galley can read"
        case .unreadable(let format): "the \(format.rawValue.uppercased()) header is truncated or corrupt"
        case .tooLarge(let width, let height):
            "\(width) × \(height) pixels is more than Galley decodes (at most \(ImageDimensions.maximumPixels / 1_000_000) megapixels)"
        }
    }
}

/// Reads an image's pixel size from its header, so the page reserves the
/// right height before the pixels arrive and nothing jumps, and so a
/// decompression bomb is refused before anything decodes it.
package enum ImageDimensions {
    /// The most pixels a picture may have to be decoded: a 100 MP camera
    /// file passes; a header claiming 100,000 × 100,000 does not.
    package static let maximumPixels = 150_000_000

    /// The size in the header, or nil when there is none to read.
    package static func read(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard case .success(let header) = inspect(bytes) else { return nil }
        return (header.width, header.height)
    }

    /// The format and size the header gives, or why it gives none. The
    /// pixel limit applies to raster formats; a PDF or SVG is drawn at the
    /// width it is shown, so its size in points is not a pixel count.
    package static func inspect(_ bytes: [UInt8]) -> Result<ImageHeader, ImageHeaderProblem> {
        guard let format = sniff(bytes) else { return .failure(.unrecognised) }
        guard let size = measure(format, HeaderBytes(bytes)), size.width > 0, size.height > 0 else {
            return .failure(.unreadable(format))
        }
        let pixels = size.width.multipliedReportingOverflow(by: size.height)
        if !format.isVector, pixels.overflow || pixels.partialValue > maximumPixels {
            return .failure(.tooLarge(width: size.width, height: size.height))
        }
        return .success(ImageHeader(format: format, width: size.width, height: size.height, layout: size.layout))
    }

    /// The format the first bytes announce, whatever the file is called.
    package static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        let header = HeaderBytes(bytes)
        if header.matches([0x89, 0x50, 0x4E, 0x47], at: 0) { return .png }
        if header.matches(Array("GIF8".utf8), at: 0) { return .gif }
        if header.matches([0xFF, 0xD8], at: 0) { return .jpeg }
        if header.matches(Array("RIFF".utf8), at: 0), header.matches(Array("WEBP".utf8), at: 8) { return .webp }
        if header.matches(Array("II*\0".utf8), at: 0) || header.matches(Array("MM\0*".utf8), at: 0) { return .tiff }
        if header.matches(Array("BM".utf8), at: 0) { return .bmp }
        if header.matches(Array("ftyp".utf8), at: 4) { return isHEIFBrand(header) ? .heif : nil }
        if header.find(Array("%PDF-".utf8), from: 0, before: 1024) != nil { return .pdf }
        if header.find(Array("<svg".utf8), from: 0, before: 4096) != nil { return .svg }
        return nil
    }

    private typealias Measured = (width: Int, height: Int, layout: PixelLayout?)

    /// The size, and the layout of the pixels as libvips decodes them (for
    /// the formats whose decoders do not say, the most they may use).
    private static func measure(_ format: ImageFormat, _ bytes: HeaderBytes) -> Measured? {
        let size: (width: Int, height: Int)?
        switch format {
        case .png: return png(bytes)
        case .jpeg: return jpeg(bytes)
        case .tiff: return tiff(bytes)
        case .gif: size = bytes.little(6, 2).flatMap { width in bytes.little(8, 2).map { (width, $0) } }
        case .webp: size = webp(bytes)
        case .bmp: size = bmp(bytes)
        case .heif: size = heif(bytes)
        case .pdf: size = PDFPageSize.firstPage(bytes.bytes)
        case .svg: size = SVGSize.read(bytes.bytes)
        }
        return size.map { ($0.width, $0.height, PixelLayout.decoded(format)) }
    }

    private static func png(_ bytes: HeaderBytes) -> Measured? {
        guard let width = bytes.big(16, 4), let height = bytes.big(20, 4) else { return nil }
        return (width, height, bytes.byte(24).map { PixelLayout.png(bitDepth: Int($0), colourType: Int(bytes.byte(25) ?? 6)) })
    }

    /// Walks the JPEG segments to the first start-of-frame marker.
    private static func jpeg(_ bytes: HeaderBytes) -> Measured? {
        var offset = 2
        while let marker = bytes.byte(offset + 1) {
            guard bytes.byte(offset) == 0xFF else { return nil }
            if marker == 0xFF {
                offset += 1
                continue
            }
            guard let length = bytes.big(offset + 2, 2) else { return nil }
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isStartOfFrame {
                guard let height = bytes.big(offset + 5, 2), let width = bytes.big(offset + 7, 2) else { return nil }
                let layout = bytes.byte(offset + 9).map { PixelLayout(bands: Int($0), bitsPerBand: Int(bytes.byte(offset + 4) ?? 8)) }
                return (width, height, layout)
            }
            guard length >= 2 else { return nil }
            offset += 2 + length
        }
        return nil
    }

    /// The three WebP encodings keep the size in different places.
    private static func webp(_ bytes: HeaderBytes) -> (width: Int, height: Int)? {
        switch bytes.text(12, 4) {
        case "VP8 ":
            guard bytes.matches([0x9D, 0x01, 0x2A], at: 23), let width = bytes.little(26, 2), let height = bytes.little(28, 2) else {
                return nil
            }
            return (width & 0x3FFF, height & 0x3FFF)
        case "VP8L":
            guard bytes.byte(20) == 0x2F, let bits = bytes.little(21, 4) else { return nil }
            return ((bits & 0x3FFF) + 1, (bits >> 14 & 0x3FFF) + 1)
        case "VP8X":
            guard let width = bytes.little(24, 3), let height = bytes.little(27, 3) else { return nil }
            return (width + 1, height + 1)
        default:
            return nil
        }
    }

    /// The first image file directory's width and length (classic TIFF),
    /// and its samples per pixel, bits per sample and colour model.
    private static func tiff(_ bytes: HeaderBytes) -> Measured? {
        let littleEndian = bytes.byte(0) == 0x49
        let number = { (offset: Int, count: Int) in littleEndian ? bytes.little(offset, count) : bytes.big(offset, count) }
        guard let directory = number(4, 4), let entries = number(directory, 2) else { return nil }
        var width: Int?
        var height: Int?
        var swapsSides = false
        var samples = 1
        var bits = 1
        var isPalette = false
        for index in 0..<entries {
            let entry = directory + 2 + index * 12
            guard let tag = number(entry, 2), let type = number(entry + 2, 2) else { return nil }
            // SHORT (3) values sit in the first two bytes of the value field, LONG (4) fill it;
            // more than two SHORTs lie elsewhere, where the field points.
            let inline = (number(entry + 4, 4) ?? 1) <= (type == 3 ? 2 : 1)
            let field = inline ? entry + 8 : number(entry + 8, 4) ?? -1
            let value = type == 3 ? number(field, 2) : type == 4 ? number(field, 4) : nil
            switch tag {
            case 256: width = value
            case 257: height = value
            case 258: bits = value ?? bits
            case 262: isPalette = value == 3
            case 274: swapsSides = (5...8).contains(value ?? 1)
            case 277: samples = value ?? samples
            default: continue
            }
        }
        guard let width, let height else { return nil }
        let layout = PixelLayout.tiff(samples: samples, bitsPerSample: bits, isPalette: isPalette)
        return swapsSides ? (height, width, layout) : (width, height, layout)
    }

    private static func bmp(_ bytes: HeaderBytes) -> (width: Int, height: Int)? {
        guard let headerSize = bytes.little(14, 4) else { return nil }
        if headerSize == 12 {
            guard let width = bytes.little(18, 2), let height = bytes.little(20, 2) else { return nil }
            return (width, height)
        }
        guard headerSize >= 40, let width = bytes.little(18, 4), let height = bytes.little(22, 4) else { return nil }
        // Signed 32-bit; a negative height means the rows are stored top-down.
        return (Int(Int32(truncatingIfNeeded: width)), abs(Int(Int32(truncatingIfNeeded: height))))
    }

    private static func isHEIFBrand(_ bytes: HeaderBytes) -> Bool {
        guard let boxSize = bytes.big(0, 4) else { return false }
        let brands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]
        var offset = 8
        while offset + 4 <= min(boxSize, 256) {
            if let brand = bytes.text(offset, 4), brands.contains(brand) { return true }
            offset += offset == 8 ? 8 : 4 // major brand, minor version, then compatible brands
        }
        return false
    }

    /// The primary item's `ispe` (image spatial extents) property, turned by
    /// its `irot`: in `meta`, `pitm` names the item, `iprp/ipma` lists its
    /// properties by index into `iprp/ipco`.
    private static func heif(_ bytes: HeaderBytes) -> (width: Int, height: Int)? {
        guard let meta = ISOBox.children(of: bytes, in: 0..<bytes.count).first(where: { $0.type == "meta" }) else { return nil }
        let metaChildren = ISOBox.children(of: bytes, in: meta.payload.dropFirst(4)) // a full box
        guard let iprp = metaChildren.first(where: { $0.type == "iprp" }) else { return nil }
        let iprpChildren = ISOBox.children(of: bytes, in: iprp.payload)
        guard let ipco = iprpChildren.first(where: { $0.type == "ipco" }) else { return nil }
        let properties = ISOBox.children(of: bytes, in: ipco.payload)
        var indices: [Int]? = nil
        if let pitm = metaChildren.first(where: { $0.type == "pitm" }), let version = bytes.byte(pitm.payload.lowerBound),
            let primary = bytes.big(pitm.payload.lowerBound + 4, version == 0 ? 2 : 4),
            let ipma = iprpChildren.first(where: { $0.type == "ipma" })
        {
            indices = propertyIndices(of: primary, ipma: ipma, bytes: bytes)
        }
        // Without an association, the largest extent is the picture; tiles are smaller.
        let chosen = indices.map { $0.compactMap { properties.indices.contains($0 - 1) ? properties[$0 - 1] : nil } } ?? properties
        var best: (width: Int, height: Int)?
        var quarterTurns = 0
        for box in chosen {
            let start = box.payload.lowerBound
            // Both are at most 2³² − 1, so the product fits in 64 bits.
            if box.type == "ispe", let width = bytes.big(start + 4, 4), let height = bytes.big(start + 8, 4),
                UInt64(width) * UInt64(height) >= (best.map { UInt64($0.width) * UInt64($0.height) } ?? 0)
            {
                best = (width, height)
            }
            if box.type == "irot", indices != nil, let angle = bytes.byte(start) { quarterTurns = Int(angle & 3) }
        }
        guard let best else { return nil }
        return quarterTurns % 2 == 1 ? (best.height, best.width) : best
    }

    private static func propertyIndices(of item: Int, ipma: ISOBox, bytes: HeaderBytes) -> [Int]? {
        let start = ipma.payload.lowerBound
        guard let version = bytes.byte(start), let flags = bytes.big(start + 1, 3), let entries = bytes.big(start + 4, 4) else {
            return nil
        }
        var offset = start + 8
        for _ in 0..<min(entries, ipma.payload.count) {
            guard let itemID = bytes.big(offset, version < 1 ? 2 : 4) else { return nil }
            offset += version < 1 ? 2 : 4
            guard let count = bytes.byte(offset) else { return nil }
            offset += 1
            var indices: [Int] = []
            for _ in 0..<count {
                let wide = flags & 1 == 1
                guard let value = bytes.big(offset, wide ? 2 : 1) else { return nil }
                offset += wide ? 2 : 1
                indices.append(value & (wide ? 0x7FFF : 0x7F))
            }
            if itemID == item { return indices }
        }
        return nil
    }
}

/// One ISO base media file format box (HEIF is built of them).
struct ISOBox {
    var type: String
    var payload: Range<Int>

    /// The boxes laid end to end in `range`; stops at the first that does not fit.
    static func children(of bytes: HeaderBytes, in range: Range<Int>) -> [ISOBox] {
        var boxes: [ISOBox] = []
        var offset = range.lowerBound
        while offset + 8 <= range.upperBound, let size32 = bytes.big(offset, 4), let type = bytes.text(offset + 4, 4) {
            var headerSize = 8
            var size = size32
            if size32 == 1 {
                guard let size64 = bytes.big(offset + 8, 8) else { break }
                size = size64
                headerSize = 16
            } else if size32 == 0 {
                size = range.upperBound - offset
            }
            guard size >= headerSize, size <= range.upperBound - offset else { break }
            boxes.append(ISOBox(type: type, payload: offset + headerSize..<offset + size))
            offset += size
        }
        return boxes
    }
}

/// Bounds-checked reads of numbers from a header; every read past the end is nil.
struct HeaderBytes {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var count: Int { bytes.count }

    func byte(_ offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    func big(_ offset: Int, _ count: Int) -> Int? {
        guard offset >= 0, count <= 8, offset <= bytes.count - count else { return nil }
        var value = 0
        for index in offset..<offset + count { value = value << 8 | Int(bytes[index]) }
        return value >= 0 ? value : nil
    }

    func little(_ offset: Int, _ count: Int) -> Int? {
        guard offset >= 0, count <= 7, offset <= bytes.count - count else { return nil }
        var value = 0
        for index in (offset..<offset + count).reversed() { value = value << 8 | Int(bytes[index]) }
        return value
    }

    func text(_ offset: Int, _ count: Int) -> String? {
        guard offset >= 0, offset <= bytes.count - count else { return nil }
        return String(decoding: bytes[offset..<offset + count], as: UTF8.self)
    }

    func matches(_ pattern: [UInt8], at offset: Int) -> Bool {
        offset >= 0 && offset <= bytes.count - pattern.count && bytes[offset..<offset + pattern.count].elementsEqual(pattern)
    }

    /// The first offset in `from..<before` where `pattern` starts.
    func find(_ pattern: [UInt8], from start: Int, before end: Int) -> Int? {
        guard let first = pattern.first else { return nil }
        var offset = max(0, start)
        let last = min(end, bytes.count - pattern.count + 1)
        while offset < last {
            if bytes[offset] == first, matches(pattern, at: offset) { return offset }
            offset += 1
        }
        return nil
    }
}
