/// FNV-1a: a fast, stable hash for cache-busting and block identities.
///
/// Not cryptographic; stable across runs (Swift's `Hasher` is seeded per process).
package struct ContentHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    package mutating func combine(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
        }
    }

    package mutating func combine(_ text: String) {
        var text = text
        text.withUTF8 { combine($0) }
    }

    package static func of(_ bytes: [UInt8]) -> String {
        var hash = ContentHash()
        hash.combine(bytes)
        return hash.hex
    }

    package var hex: String {
        hex(digits: 16)
    }

    /// The hash's last `digits` hex digits (at most 16).
    package func hex(digits: Int) -> String {
        Self.hexDigits(of: value, count: min(digits, 16))
    }

    /// 32 bits folded from 64, for short identifiers.
    package var folded: UInt32 {
        UInt32(truncatingIfNeeded: value ^ (value >> 32))
    }

    /// `folded` as eight hex digits.
    package var shortHex: String {
        Self.shortHex(folded)
    }

    /// A folded hash as eight hex digits.
    package static func shortHex(_ folded: UInt32) -> String {
        hexDigits(of: UInt64(folded), count: 8)
    }

    /// The last `count` hex digits of `value`, zero-padded, written into
    /// the string's storage: `String(_:radix:)` and padding cost more than
    /// hashing a path, and every save asks for the ids of its documents and
    /// its new blocks.
    private static func hexDigits(of value: UInt64, count: Int) -> String {
        String(unsafeUninitializedCapacity: count) { digits in
            for index in 0..<count {
                let nibble = UInt8(truncatingIfNeeded: value >> UInt64(4 * (count - 1 - index))) & 0xF
                digits[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            }
            return count
        }
    }
}
