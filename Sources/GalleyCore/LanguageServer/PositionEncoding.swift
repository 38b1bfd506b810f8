/// How an editor counts columns: the Language Server Protocol lets client
/// and server agree on UTF-8 bytes, UTF-16 code units (its default) or
/// Unicode scalars. Japanese text and emoji make the three differ.
package enum PositionEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"

    /// UTF-8 when the client offers it (no conversion), else UTF-16, which
    /// every client understands.
    package static func negotiate(offered: [String]) -> PositionEncoding {
        offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }

    /// What a column of this encoding counts.
    var unit: ColumnUnit {
        switch self {
        case .utf8: .utf8
        case .utf16: .utf16
        case .utf32: .scalars
        }
    }
}

/// A position as the protocol writes it: 0-based line, column in the
/// negotiated encoding's units.
package struct TextPosition: Hashable, Sendable, Comparable {
    package var line: Int
    package var character: Int

    package init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    package static func < (lhs: TextPosition, rhs: TextPosition) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

package struct TextRange: Hashable, Sendable {
    package var start: TextPosition
    package var end: TextPosition

    package init(start: TextPosition, end: TextPosition) {
        self.start = start
        self.end = end
    }
}

enum UTF8ByteCount {
    /// Bytes of the scalar that starts with `lead` (1 for a stray continuation byte).
    static func ofScalar(lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}
