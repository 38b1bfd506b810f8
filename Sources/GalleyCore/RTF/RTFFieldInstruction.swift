/// Reads the target out of a field instruction such as `HYPERLINK "url" \o "tip"`.
enum RTFFieldInstruction {
    /// The link target of a `HYPERLINK` field (`#name` for `\l name`), or nil for other fields.
    static func hyperlinkTarget(_ instruction: String) -> String? {
        let arguments = tokenize(instruction)
        guard let command = arguments.first, command.uppercased() == "HYPERLINK" else { return nil }
        var target: String?
        var anchor: String?
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("\\") {
                // Switches \o, \t, \m take an argument; \l names a bookmark.
                let takesValue = ["\\l", "\\o", "\\t", "\\m"].contains(argument.lowercased())
                if argument.lowercased() == "\\l", index + 1 < arguments.count { anchor = arguments[index + 1] }
                index += takesValue ? 2 : 1
                continue
            }
            if target == nil { target = argument }
            index += 1
        }
        if let anchor, !anchor.isEmpty { return (target ?? "") + "#" + anchor }
        guard let target, !target.isEmpty else { return nil }
        return target
    }

    /// Splits on spaces, keeping quoted arguments whole.
    private static func tokenize(_ text: String) -> [String] {
        var arguments: [String] = []
        var current = ""
        var quoted = false
        var hasToken = false
        for character in text {
            if character == "\"" {
                if quoted {
                    arguments.append(current)
                    current = ""
                    hasToken = false
                }
                quoted.toggle()
            } else if !quoted, character.isWhitespace {
                if hasToken { arguments.append(current) }
                current = ""
                hasToken = false
            } else {
                current.append(character)
                hasToken = true
            }
        }
        if hasToken || (quoted && !current.isEmpty) { arguments.append(current) }
        return arguments
    }
}
