/// Text that a CI runner would obey as a workflow command, made inert.
///
/// GitHub's runner reads every line a step writes, on standard output and
/// standard error, as a possible command: one that starts with `::` once
/// its leading white space is trimmed, or that holds `##[` anywhere (the
/// older form). A file named `::error title=X::owned.txt` printed first on
/// a line would annotate, mask or set outputs. This is the one home of that
/// rule; only `check --format github` writes commands, on purpose.
///
/// The runner compares with .NET's culture-aware `StartsWith` and
/// `IndexOf`, which skip characters such as a zero-width space: those
/// (Unicode's default-ignorable code points) are skipped here too.
package enum WorkflowCommandText {
    /// Whether `text`, written first on a line, would start a command.
    package static func startsCommand(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.lazy.filter { !$0.properties.isDefaultIgnorableCodePoint }
            .drop(while: \.properties.isWhitespace).starts(with: "::".unicodeScalars)
    }

    /// `line` with nothing a runner obeys, in the escapes the terminal
    /// output uses (`TerminalText`): a leading `::` as `\x3A:`, and every
    /// `##[` as `##\x5B`.
    package static func inertLine(_ line: String) -> String {
        inert(line, leadingColon: startsCommand(line) ? "\\x3A" : nil, bracket: "\\x5B")
    }

    /// JSON text with nothing a runner obeys and the same meaning: `##[`
    /// can only be inside a string there, where `\u005B` is `[`; and no
    /// line starts with `::`, as strings hold no raw line breaks.
    package static func inertJSON(_ json: String) -> String {
        inert(json, leadingColon: nil, bracket: "\\u005B")
    }

    /// `text` with its first colon written as `leadingColon` (when given),
    /// and each `[` after `##` as `bracket`, in one pass.
    private static func inert(_ text: String, leadingColon: String?, bracket: String) -> String {
        guard leadingColon != nil || text.utf8.contains(UInt8(ascii: "[")) else { return text }
        var inert = String.UnicodeScalarView()
        var colon = leadingColon
        var hashes = 0
        for scalar in text.unicodeScalars {
            if let escape = colon, scalar == ":" {
                inert.append(contentsOf: escape.unicodeScalars)
                colon = nil
                continue
            }
            if scalar == "[", hashes >= 2 {
                inert.append(contentsOf: bracket.unicodeScalars)
                hashes = 0
                continue
            }
            inert.append(scalar)
            if scalar.properties.isDefaultIgnorableCodePoint { continue }
            hashes = scalar == "#" ? hashes + 1 : 0
        }
        return String(inert)
    }
}
