/// Converts code-page bytes to UTF-8: UTF-8, Windows Latin 1 and the Symbol
/// font itself, other code pages with the system's converters, if it was
/// given them (`CodePageConverting`).
///
/// A value: a reader's copy at a checkpoint carries which code pages it has
/// read as another so far.
struct RTFTextDecoder {
    private let converters: (any CodePageConverting)?
    /// Code pages that had no converter and were read as Windows Latin 1 instead.
    private(set) var substitutedCodePages: [Int] = []

    init(converters: (any CodePageConverting)?) {
        self.converters = converters
    }

    /// Appends the UTF-8 form of `bytes`, read in `codePage`, to `utf8`.
    mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, codePage: Int, into utf8: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        switch codePage {
        case RTFCodePage.symbol:
            decodeSymbolFont(bytes, into: &utf8)
        case RTFCodePage.utf8:
            utf8.append(contentsOf: String(decoding: bytes, as: UTF8.self).utf8)
        case RTFCodePage.windowsLatin1:
            WindowsLatin1.decode(bytes, into: &utf8)
        default:
            // ASCII reads as itself there (a font's name, mostly): no converter is needed.
            if RTFCodePage.isASCIICompatible(codePage), bytes.allSatisfy({ $0 < 0x80 }) {
                utf8.append(contentsOf: bytes)
                return
            }
            if converters?.convert(bytes, codePage: codePage, into: &utf8) == true { return }
            if !substitutedCodePages.contains(codePage) { substitutedCodePages.append(codePage) }
            WindowsLatin1.decode(bytes, into: &utf8)
        }
    }

    /// Symbol and Wingdings bytes are glyph numbers; the ones writers use as list bullets get their Unicode look-alikes.
    private func decodeSymbolFont(_ bytes: UnsafeBufferPointer<UInt8>, into utf8: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case 0xB7: RTFUTF8.append(0x2022, to: &utf8)
            case 0xA7: RTFUTF8.append(0x25AA, to: &utf8)
            case 0xD8: RTFUTF8.append(0x27A2, to: &utf8)
            case 0xFC: RTFUTF8.append(0x2713, to: &utf8)
            default: RTFUTF8.append(UInt32(byte), to: &utf8)
            }
        }
    }
}

/// UTF-8 encoding of single scalars into byte buffers.
enum RTFUTF8 {
    /// The most bytes one scalar takes.
    static let maximumLength = 4

    /// Appends a scalar value as UTF-8, substituting U+FFFD for surrogates and out-of-range values.
    @inline(__always)
    static func append(_ value: UInt32, to utf8: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
            let count = encode(value, into: buffer)
            utf8.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Writes a scalar value as UTF-8 into `buffer` (at least `maximumLength` long), substituting
    /// U+FFFD for surrogates and out-of-range values; returns the number of bytes written.
    @inline(__always)
    static func encode(_ value: UInt32, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        let code = scalar.value
        switch code {
        case 0..<0x80:
            buffer[0] = UInt8(code)
            return 1
        case 0x80..<0x800:
            buffer[0] = UInt8(0xC0 | (code >> 6))
            buffer[1] = UInt8(0x80 | (code & 0x3F))
            return 2
        case 0x800..<0x10000:
            buffer[0] = UInt8(0xE0 | (code >> 12))
            buffer[1] = UInt8(0x80 | ((code >> 6) & 0x3F))
            buffer[2] = UInt8(0x80 | (code & 0x3F))
            return 3
        default:
            buffer[0] = UInt8(0xF0 | (code >> 18))
            buffer[1] = UInt8(0x80 | ((code >> 12) & 0x3F))
            buffer[2] = UInt8(0x80 | ((code >> 6) & 0x3F))
            buffer[3] = UInt8(0x80 | (code & 0x3F))
            return 4
        }
    }
}
