/// Base64 (standard or URL-safe alphabet) as `data:` URLs carry it, whitespace allowed.
enum Base64Decoding {
    static func decode(_ text: some Sequence<UInt8>) -> [UInt8]? {
        var bytes: [UInt8] = []
        var accumulator: UInt32 = 0
        var bitCount = 0
        for character in text {
            let value: UInt32
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(character - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(character - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(character - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"), UInt8(ascii: "-"): value = 62
            case UInt8(ascii: "/"), UInt8(ascii: "_"): value = 63
            case UInt8(ascii: "="): return bytes
            case 0x20, 0x09, 0x0A, 0x0C, 0x0D: continue
            default: return nil
            }
            accumulator = accumulator << 6 | value
            bitCount += 6
            if bitCount >= 8 {
                bitCount -= 8
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bitCount)))
            }
        }
        return bytes
    }
}
