/// The formatting in force inside an element: inherited from its parent, then changed by its own presentation.
struct HTMLFormattingContext {
    var character = CharacterStyle()
    var alignment: TextAlignment?
    var leftIndent = 0.0
    var rightIndent = 0.0
    var verticalMarginEms: Double?
    var preservesWhitespace = false
    var blockKind: KindName = "paragraph"
    var isHidden = false
    /// Set inside a list item: its nesting level, 0 for the outermost list.
    var listLevel: Int?

    /// The context of an element's content. Block margins do not inherit
    /// into nested blocks, so `isBlock` says whether to reset them.
    func applying(_ presentation: HTMLPresentation, isBlock: Bool) -> HTMLFormattingContext {
        var context = self
        if let bold = presentation.bold { context.character.bold = bold }
        if let italic = presentation.italic { context.character.italic = italic }
        if presentation.underline { context.character.underline = true }
        if presentation.strikethrough { context.character.strikethrough = true }
        if let baseline = presentation.baseline { context.character.baseline = baseline }
        if let family = presentation.fontFamily { context.character.fontFamily = family }
        if let color = presentation.color { context.character.color = color }
        if let background = presentation.background { context.character.background = background }
        if let link = presentation.link { context.character.link = link }
        switch presentation.fontSize {
        case .points(let points):
            context.character.fontSize = Self.clampedFontSize(points)
        case .scale(let scale) where scale != 1:
            context.character.fontSize = Self.clampedFontSize((character.fontSize ?? HTMLPresentation.defaultFontSize) * scale)
        case .scale, nil:
            break
        }
        if let alignment = presentation.alignment { context.alignment = alignment }
        context.leftIndent += presentation.blockIndent
        context.rightIndent += presentation.blockIndent
        if isBlock { context.verticalMarginEms = presentation.verticalMarginEms }
        if let preserves = presentation.preservesWhitespace { context.preservesWhitespace = preserves }
        if let kind = presentation.blockKind { context.blockKind = kind }
        if presentation.isHidden { context.isHidden = true }
        return context
    }

    /// Sizes past these show nothing useful and only come from mistakes or hostile files.
    private static func clampedFontSize(_ points: Double) -> Double {
        let rounded = (points * 100).rounded() / 100
        return max(1, min(1_000, rounded))
    }
}
