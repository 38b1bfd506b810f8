/// FNV-1a: a fast, stable hash for cache-busting and block identities.
///
/// Not cryptographic; stable across runs (Swift's `Hasher` is seeded per process).
public struct ContentHash {
    private(set) var value: UInt64 = 0xcbf29ce484222325

    public init() {}

    public mutating func combine(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x100000001b3
        }
    }

    public mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine($0) }
    }

    public static func of(_ bytes: [UInt8]) -> String {
        var hash = ContentHash()
        hash.combine(bytes)
        return hash.hex
    }

    public var hex: String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    /// 32 bits folded from 64, for short identifiers.
    public var folded: UInt32 {
        UInt32(truncatingIfNeeded: value ^ (value >> 32))
    }

    /// `folded` as eight hex digits.
    public var shortHex: String {
        Self.shortHex(folded)
    }

    /// A folded hash as eight hex digits.
    public static func shortHex(_ folded: UInt32) -> String {
        let text = String(folded, radix: 16)
        return String(repeating: "0", count: 8 - text.count) + text
    }
}
