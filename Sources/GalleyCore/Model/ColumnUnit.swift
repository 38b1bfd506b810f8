/// What a column counts: the readers' columns (bytes for RTF, Unicode
/// scalars for the rest) and the language server's position encodings.
enum ColumnUnit: Sendable {
    /// Bytes as they are, whatever they encode.
    case bytes
    /// UTF-8 code units, a position inside a scalar standing for its start.
    case utf8
    /// Unicode scalars (UTF-8 lead bytes).
    case scalars
    /// UTF-16 code units: two for a scalar beyond the Basic Multilingual Plane.
    case utf16

    /// Whether counting this unit means reading the bytes (not just subtracting offsets).
    var readsBytes: Bool { self == .scalars || self == .utf16 }

    /// Units the bytes of `range` hold, counted one by one.
    func count(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        switch self {
        case .bytes, .utf8:
            return range.count
        case .scalars:
            return Self.leads(range, in: bytes).scalars
        case .utf16:
            let leads = Self.leads(range, in: bytes)
            return leads.scalars + leads.supplementary
        }
    }

    /// The UTF-8 lead bytes in `range` (continuation bytes, 10xxxxxx, start
    /// no scalar) and the four-byte ones among them: whole words at a time
    /// as `ColumnMarks` counts them, the last few bytes one by one. A
    /// block's end column counts its whole line.
    static func leads(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> (scalars: Int, supplementary: Int) {
        var counted = (scalars: 0, supplementary: 0)
        var index = range.lowerBound
        if let base = UnsafeRawPointer(bytes.baseAddress) {
            while range.upperBound - index >= 8 {
                let words = min((range.upperBound - index) & ~7, ColumnMarks.spacing)
                let leads = ColumnMarks.leads(in: base + index, count: words)
                counted.scalars += leads.scalars
                counted.supplementary += leads.supplementary
                index += words
            }
        }
        for index in index..<range.upperBound where bytes[index] & 0xC0 != 0x80 {
            counted.scalars += 1
            if bytes[index] >= 0xF0 { counted.supplementary += 1 }
        }
        return counted
    }

    /// Units of the scalar whose lead byte is `lead`.
    func width(ofLead lead: UInt8) -> Int {
        switch self {
        case .bytes: 1
        case .utf8: UTF8ByteCount.ofScalar(lead: lead)
        case .scalars: 1
        case .utf16: lead >= 0xF0 ? 2 : 1
        }
    }
}
