import Glibc

/// Converts code-page bytes to UTF-8 with iconv, keeping one converter per code page.
///
/// One decoder belongs to one reader run, so converters are never shared
/// between threads; they come from and go back to the reader's pool, if it
/// was given one, and are closed otherwise.
final class RTFTextDecoder {
    private let pool: RTFConverterPool?
    private var converters: [Int: iconv_t] = [:]
    private var unavailableCodePages: Set<Int> = []
    private var output: [UInt8] = []
    /// Code pages that had no converter and were read as Windows Latin 1 instead.
    private(set) var substitutedCodePages: [Int] = []

    init(pool: RTFConverterPool?) {
        self.pool = pool
    }

    deinit {
        for (codePage, converter) in converters {
            if let pool { pool.giveBack(converter, codePage: codePage) } else { iconv_close(converter) }
        }
    }

    /// Appends the UTF-8 form of `bytes`, read in `codePage`, to `utf8`.
    func decode(_ bytes: UnsafeBufferPointer<UInt8>, codePage: Int, into utf8: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        if codePage == RTFCodePage.symbol {
            decodeSymbolFont(bytes, into: &utf8)
            return
        }
        if codePage == RTFCodePage.utf8 {
            utf8.append(contentsOf: String(decoding: bytes, as: UTF8.self).utf8)
            return
        }
        guard let converter = converter(for: codePage) else {
            let fallback = RTFCodePage.windowsLatin1
            if codePage != fallback, let latin = self.converter(for: fallback) {
                convert(bytes, with: latin, into: &utf8)
            } else {
                for byte in bytes { RTFUTF8.append(UInt32(byte), to: &utf8) }
            }
            return
        }
        convert(bytes, with: converter, into: &utf8)
    }

    private func converter(for codePage: Int) -> iconv_t? {
        if let existing = converters[codePage] { return existing }
        if unavailableCodePages.contains(codePage) { return nil }
        if let pooled = pool?.take(codePage: codePage) {
            converters[codePage] = pooled
            return pooled
        }
        guard let name = RTFCodePage.iconvName(codePage) else {
            markUnavailable(codePage)
            return nil
        }
        let handle = iconv_open("UTF-8", name)
        guard let handle, Int(bitPattern: handle) != -1 else {
            markUnavailable(codePage)
            return nil
        }
        converters[codePage] = handle
        return handle
    }

    private func markUnavailable(_ codePage: Int) {
        unavailableCodePages.insert(codePage)
        substitutedCodePages.append(codePage)
    }

    private func convert(_ bytes: UnsafeBufferPointer<UInt8>, with converter: iconv_t, into utf8: inout [UInt8]) {
        guard let base = bytes.baseAddress else { return }
        // Every code page byte becomes at most four UTF-8 bytes, or three for U+FFFD.
        let capacity = bytes.count * 4 + 16
        if output.count < capacity { output = [UInt8](repeating: 0, count: capacity) }
        output.withUnsafeMutableBufferPointer { outputBuffer in
            guard let outputBase = outputBuffer.baseAddress else { return }
            let outputStart = UnsafeMutableRawPointer(outputBase).assumingMemoryBound(to: CChar.self)
            var input: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: base).assumingMemoryBound(to: CChar.self)
            var inputLeft = bytes.count
            var outputCursor: UnsafeMutablePointer<CChar>? = outputStart
            var outputLeft = capacity
            _ = iconv(converter, nil, nil, nil, nil)
            while inputLeft > 0 {
                if iconv(converter, &input, &inputLeft, &outputCursor, &outputLeft) != -1 { break }
                let failure = errno
                if failure == E2BIG { break }
                // An invalid or cut-off sequence: show a replacement character and resynchronise on the next byte.
                utf8.append(contentsOf: UnsafeBufferPointer(start: outputBase, count: capacity - outputLeft))
                utf8.append(contentsOf: [0xEF, 0xBF, 0xBD])
                outputCursor = outputStart
                outputLeft = capacity
                input = input.map { $0 + 1 }
                inputLeft -= 1
                if failure == EINVAL { inputLeft = 0 }
            }
            utf8.append(contentsOf: UnsafeBufferPointer(start: outputBase, count: capacity - outputLeft))
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
