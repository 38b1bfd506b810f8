/// Character formatting as RTF tracks it: indices into the font and colour tables.
///
/// Kept free of strings and arrays so pushing a group copies a few words.
struct RTFCharacterFormat: Equatable {
    /// Font number from `\fN`; -1 until one is chosen.
    var fontNumber = -1
    /// Size in half points from `\fsN`; 0 for the default.
    var halfPoints = 0
    var bold = false
    var italic = false
    var underline = false
    var strikethrough = false
    var baseline: CharacterStyle.Baseline = .normal
    /// Colour table indices; 0 is "auto".
    var foreground = 0
    var background = 0
    /// Index into the reader's link targets; -1 for none.
    var link = -1
    /// `\v` text is hidden and not shown.
    var hidden = false
    /// `\caps`: shown in capitals; the model has no such attribute, so the text itself changes.
    var allCaps = false
    /// `\rtlch`, `\ltrch`: the run's direction. Word writes both before
    /// nearly every run (they choose its associated fonts); the last one counts.
    var direction: WritingDirection?

    /// `\plain`: back to defaults, but text inside a link stays a link.
    mutating func reset(defaultFont: Int) {
        let keptLink = link
        self = RTFCharacterFormat()
        fontNumber = defaultFont
        link = keptLink
    }
}

/// Paragraph formatting in twips, as `\pard` resets it.
struct RTFParagraphFormat: Equatable {
    var alignment: RTFAlignment = .natural
    /// `\rtlpar`, `\ltrpar`; nil for the natural direction.
    var direction: WritingDirection?
    var leftIndent = 0
    var rightIndent = 0
    var firstLineIndent = 0
    var spaceBefore = 0
    var spaceAfter = 0
    /// `\slN`: positive is "at least", negative "exactly", 0 automatic.
    var lineSpacing = 0
    var lineSpacingIsMultiple = false
    /// Cocoa's `\sllineleading`-style extra leading, in twips.
    var extraLeading = 0
    var inTable = false
    /// `\itapN`: table nesting depth, 0 outside tables.
    var tableDepth = 0
    /// `\lsN` list override number; 0 for none.
    var listOverride = 0
    var listLevel = 0
    /// Index of an old-style `\pn` numbering definition; -1 for none.
    var legacyNumbering = -1

    /// The nesting depth of the table this paragraph belongs to.
    var effectiveTableDepth: Int { tableDepth > 0 ? tableDepth : (inTable ? 1 : 0) }

    /// The model's paragraph style, or nil when everything is at its default.
    func paragraphStyle() -> ParagraphStyle? {
        var style = ParagraphStyle()
        style.alignment = alignment.relative(to: direction)
        style.direction = direction
        style.leftIndent = Double(leftIndent) / 20
        style.rightIndent = Double(rightIndent) / 20
        style.firstLineIndent = Double(firstLineIndent) / 20
        style.spaceBefore = Double(max(spaceBefore, 0)) / 20
        style.spaceAfter = Double(max(spaceAfter, 0)) / 20
        if lineSpacing != 0 {
            let magnitude = Double(abs(lineSpacing))
            if lineSpacingIsMultiple {
                style.lineHeightMultiple = magnitude / 240
            } else {
                // The whole line's height: how much of it is the face's own
                // depends on the face that draws it, which the renderer knows.
                style.minimumLineHeight = magnitude / 20
            }
        }
        if extraLeading > 0 { style.lineSpacing = Double(extraLeading) / 20 }
        return style == ParagraphStyle() ? nil : style
    }
}

/// Alignment as RTF writes it: to an edge of the page, not of the
/// paragraph's direction. Word writes `\rtlpar\qr` for a right-to-left
/// paragraph at its natural edge; Cocoa writes `\ql\qnatural` for the natural one.
enum RTFAlignment: Equatable {
    case natural, left, right, center, justified

    /// The model's alignment, which is relative to the paragraph's direction.
    func relative(to direction: WritingDirection?) -> TextAlignment {
        switch self {
        case .natural: .leading
        case .left: direction == .rightToLeft ? .trailing : .leading
        case .right: direction == .rightToLeft ? .leading : .trailing
        case .center: .center
        case .justified: .justified
        }
    }
}

/// Everything a `{` saves and a `}` restores.
struct RTFGroupState: Equatable {
    var character = RTFCharacterFormat()
    var paragraph = RTFParagraphFormat()
    var destination: RTFDestination = .body
    /// `\ucN`: how many fallback characters follow each `\uN`.
    var unicodeFallbackCount = 1
}
