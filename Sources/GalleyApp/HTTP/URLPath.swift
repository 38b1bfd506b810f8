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

    private static func encode(_ path: String, keepingSlashes: Bool) -> String {
        var result = ""
        result.reserveCapacity(path.utf8.count)
        let hex = Array("0123456789ABCDEF")
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/") where keepingSlashes:
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result.append("%")
                result.append(hex[Int(byte >> 4)])
                result.append(hex[Int(byte & 0xF)])
            }
        }
        return result
    }
}
