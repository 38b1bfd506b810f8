import GalleyCore

/// Builds JSON text directly, because API bodies are made on every save and
/// the shape is fixed (no generic encoder on the hot path).
struct JSONText {
    private(set) var text = ""

    init(capacity: Int = 256) {
        text.reserveCapacity(capacity)
    }

    static func quoted(_ value: String) -> String {
        var result = "\""
        result.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            // '<' escaped so a body can never close a <script> if embedded.
            case "<": result += "\\u003c"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// `value` as a JSON string, or `null`.
    static func quoted(_ value: String?) -> String {
        value.map { quoted($0) } ?? "null"
    }

    static func number(_ value: Int?) -> String {
        value.map(String.init) ?? "null"
    }
}
