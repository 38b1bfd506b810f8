import GalleyCore

/// A JSON value to send to the editor. The language server's one place that
/// writes JSON; strings go through `JSONText`, the project's escaping.
indirect enum JSONOutput: Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool {
        lhs.text == rhs.text
    }

    var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .string(let value): output += JSONText.quoted(value)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                output += JSONText.quoted(key) + ":"
                value.write(to: &output)
            }
            output += "}"
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
