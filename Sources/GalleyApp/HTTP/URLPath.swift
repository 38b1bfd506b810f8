/// Percent-encoding for paths put into URLs the page follows.
enum URLPath {
    /// Encodes every byte outside the unreserved set, keeping `/`.
    static func encode(_ path: String) -> String {
        encode(path, keepingSlashes: true)
    }

    /// Encodes a query parameter's name or value: `/` too.
    static func encodeComponent(_ text: String) -> String {
        encode(text, keepingSlashes: false)
    }

    /// Built as UTF-8 bytes, made a `String` once: appending to a `String`
    /// scalar by scalar cost more than reading the image file whose URL it is.
    private static func encode(_ path: String, keepingSlashes: Bool) -> String {
        var encoded: [UInt8] = []
        encoded.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.append(byte)
            case UInt8(ascii: "/") where keepingSlashes:
                encoded.append(byte)
            default:
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hexDigit(byte >> 4))
                encoded.append(hexDigit(byte & 0xF))
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
