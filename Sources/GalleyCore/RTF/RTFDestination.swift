/// Where the text of the current group goes.
enum RTFDestination: UInt8 {
    /// The document body (including field results).
    case body
    /// A footnote's text, collected apart and appended after the body.
    case footnote
    /// Text that is read but not shown (`\info` fields other than the title, shape properties…).
    case discard
    case fontTable
    case colorTable
    case title
    case fieldInstruction
    /// The rendered list marker of a paragraph (`\listtext`, `\pntext`).
    case listMarker
    case listTable
    /// One `{\list …}` of the list table.
    case listDefinition
    case listLevelText
    case listOverrideTable
    /// One `{\listoverride …}`.
    case listOverride
    /// An old-style `\pn` numbering definition.
    case legacyNumbering
    case legacyNumberingTextBefore
    case legacyNumberingTextAfter
    case picture
    /// An RTFD attachment: `{\NeXTGraphic name \width… \height…}`.
    case attachment

    /// Whether text here is visible document text.
    var isDocumentText: Bool { self == .body || self == .footnote }
}
