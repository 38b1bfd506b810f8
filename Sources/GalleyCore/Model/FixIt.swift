/// One way to fix a diagnostic, as swift-syntax's `FixIt`: what it does,
/// for a person choosing it, and the text edits that do it.
package struct FixIt: Hashable, Sendable {
    /// What choosing it does: `Change 'imgae' to 'image'`.
    package var message: String
    package var edits: [TextEdit]

    package init(message: String, edits: [TextEdit]) {
        self.message = message
        self.edits = edits
    }

    /// A fix that writes `replacement` in place of `range`.
    package static func replacing(_ range: SourceRange, with replacement: String, message: String) -> FixIt {
        FixIt(message: message, edits: [TextEdit(range: range, replacement: replacement)])
    }

    func relocated(_ move: (SourceLocation) -> SourceLocation) -> FixIt {
        FixIt(message: message, edits: edits.map { TextEdit(range: $0.range.relocated(move), replacement: $0.replacement) })
    }
}

/// Replace the text of `range` (empty for an insertion) with `replacement`.
package struct TextEdit: Hashable, Sendable {
    package var range: SourceRange
    package var replacement: String

    package init(range: SourceRange, replacement: String) {
        self.range = range
        self.replacement = replacement
    }
}
