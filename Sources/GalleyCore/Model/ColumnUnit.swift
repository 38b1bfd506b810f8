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
            // UTF-8 continuation bytes (10xxxxxx) do not start a scalar.
            var scalars = 0
            for index in range where bytes[index] & 0xC0 != 0x80 { scalars += 1 }
            return scalars
        case .utf16:
            var units = 0
            for index in range where bytes[index] & 0xC0 != 0x80 { units += bytes[index] >= 0xF0 ? 2 : 1 }
            return units
        }
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
