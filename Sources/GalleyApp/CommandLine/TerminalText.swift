import GalleyCore
import GalleySystem
import Glibc

/// What reaches the author's terminal: text from outside (file names,
/// content, request headers) with its control characters made visible, and
/// colour only where a terminal shows it.
enum TerminalText {
    /// `text` with every control character written out as an escape
    /// (`\n`, `\r`, `\t`, `\x1B`, `\u{202E}`), so that no file name, content
    /// or User-Agent can move the cursor, retitle the window, erase a line
    /// or start a line of its own in the log; and, as a line, with nothing a
    /// CI runner obeys (`WorkflowCommandText`). Backslashes stay as they
    /// are: messages quote them (`\"`).
    static func shown(_ text: String) -> String {
        WorkflowCommandText.inertLine(escapingControls(text))
    }

    private static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var shown = ""
        shown.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 16)
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                shown.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                shown += scalar.value <= 0xFF ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex : "\\u{\(hex)}"
            }
        }
        return shown
    }

    /// C0 and C1 controls and DEL, which terminals act on, and the
    /// bidirectional overrides and isolates, which reorder what is shown.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether to colour what is written to `descriptor`: only for a
    /// terminal, and never when `NO_COLOR` is set to anything
    /// (https://no-color.org).
    static func colorWanted(on descriptor: FileDescriptor) -> Bool {
        if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
        return isatty(descriptor.rawValue) == 1
    }
}
