import GalleyCore

/// A JSON value to send to the editor, built as a tree because LSP answers
/// nest deeply and vary by request; written with the core's `JSONWriter`.
indirect enum JSONOutput: Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool {
        lhs.bytes == rhs.bytes
    }

    /// The value as UTF-8 JSON text.
    var bytes: [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.bytes
    }

    private func write(to json: inout JSONWriter) {
        switch self {
        case .null: json.null()
        case .bool(let value): json.bool(value)
        case .int(let value): json.number(value)
        case .string(let value): json.string(value)
        case .array(let elements):
            json.beginArray()
            for element in elements { element.write(to: &json) }
            json.endArray()
        case .object(let members):
            json.beginObject()
            for (key, value) in members {
                json.key(key)
                value.write(to: &json)
            }
            json.endObject()
        }
    }

    /// A request id as the client sent it (a number or a string), to echo back.
    init(id node: JSONNode?) {
        switch node?.value {
        case .string(let text)?: self = .string(text)
        case .number(let number)? where number == number.rounded() && abs(number) < 1e15: self = .int(Int(number))
        default: self = .null
        }
    }
}
