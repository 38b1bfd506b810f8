/// One vertical unit of a document: a paragraph, an image, a table…
///
/// `kind` names the block's role for styling: for tagged content it is the
/// name of the block kind that matched (`body`, `caption`, `image`, or a kind
/// from `galley.json`); for rich text it is `paragraph`, `image`, `table`…
package struct Block: Equatable, Sendable {
    package var kind: KindName
    package var location: SourceLocation
    package var content: BlockContent

    package init(kind: KindName, location: SourceLocation, content: BlockContent) {
        self.kind = kind
        self.location = location
        self.content = content
    }

    package static func == (first: Block, second: Block) -> Bool {
        first.kind == second.kind && first.location == second.location && first.content.isSame(as: second.content)
    }
}

extension BlockContent {
    /// Equal, found cheaply when both are the very same value: an
    /// incremental parse hands over the blocks it did not read again as
    /// they were, and an indirect enum's payload lives in an immutable box,
    /// so the same bits mean the same box (and equal content).
    func isSame(as other: BlockContent) -> Bool {
        let sameBits = withUnsafeBytes(of: self) { selfBytes in
            withUnsafeBytes(of: other) { otherBytes in
                for index in selfBytes.indices where selfBytes[index] != otherBytes[index] { return false }
                return true
            }
        }
        if sameBits { return true }
        // A block read again has new strings: equal bytes settle it without
        // comparing them as Unicode text (which normalises non-ASCII text).
        if case .paragraph(let mine) = self, case .paragraph(let theirs) = other, mine.hasSameBytes(as: theirs) { return true }
        return self == other
    }
}

package indirect enum BlockContent: Equatable, Sendable {
    /// Styled text; `style` is nil when the block kind's own style applies.
    case paragraph(Paragraph)
    case image(ImageBlock)
    /// Rows of cells, each cell holding its own blocks (tables may nest).
    case table([[TableCell]])
    /// A rule or spacer with no content.
    case divider
}

package struct TableCell: Equatable, Sendable {
    package var blocks: [Block]
    package var widthPoints: Double?

    package init(blocks: [Block], widthPoints: Double? = nil) {
        self.blocks = blocks
        self.widthPoints = widthPoints
    }
}

/// A paragraph: runs of text that share paragraph-level formatting.
package struct Paragraph: Equatable, Sendable {
    package var runs: [TextRun]
    package var style: ParagraphStyle? {
        get { ownStyle?.value }
        set { ownStyle = newValue.map(OutOfLine.init) }
    }
    /// Most paragraphs have none (every one of tagged content).
    fileprivate var ownStyle: OutOfLine<ParagraphStyle>?
    /// For list items: the marker as the source shows it ("1.", "•").
    package var listMarker: String?
    /// Nesting level of a list item, 0 for the outermost list.
    package var listLevel: Int

    package init(runs: [TextRun], style: ParagraphStyle? = nil, listMarker: String? = nil, listLevel: Int = 0) {
        self.runs = runs
        ownStyle = style.map(OutOfLine.init)
        self.listMarker = listMarker
        self.listLevel = listLevel
    }

    package var plainText: String { runs.map(\.text).joined() }

    /// Equal, with every run's text the same bytes (`==` may also hold for
    /// texts that are only canonically equivalent).
    func hasSameBytes(as other: Paragraph) -> Bool {
        runs.count == other.runs.count && ownStyle == other.ownStyle && listMarker == other.listMarker && listLevel == other.listLevel
            && zip(runs, other.runs).allSatisfy { $0.text.isByteEqual(to: $1.text) && $0.ownStyle == $1.ownStyle }
    }
}

/// A stretch of text with one character format.
package struct TextRun: Equatable, Sendable {
    package var text: String
    package var style: CharacterStyle {
        get { ownStyle?.value ?? CharacterStyle() }
        set { ownStyle = newValue == CharacterStyle() ? nil : OutOfLine(newValue) }
    }
    /// Nil for the default, which most runs have (every one of tagged content).
    fileprivate var ownStyle: OutOfLine<CharacterStyle>?

    package init(_ text: String, style: CharacterStyle = CharacterStyle()) {
        self.text = text
        self.style = style
    }

    /// A run of `text` in this run's style, sharing it: a reader that
    /// ends many runs in one style makes that style once.
    package func withText(_ text: String) -> TextRun {
        var run = self
        run.text = text
        return run
    }
}

/// Character formatting; nil fields inherit from the block kind or the page.
package struct CharacterStyle: Equatable, Sendable {
    package var fontFamily: String?
    package var fontSize: Double?
    package var bold = false
    package var italic = false
    package var underline = false
    package var strikethrough = false
    package var baseline: Baseline = .normal
    package var color: RGBColor?
    package var background: RGBColor?
    /// Target of a hyperlink; the renderer drops unsafe schemes.
    package var link: String?
    /// The run's own direction (RTF `\rtlch`, `\ltrch`), when it says one.
    package var direction: WritingDirection?

    package enum Baseline: Equatable, Sendable { case normal, superscript, `subscript` }

    package init() {}
}

/// Alignment relative to the paragraph's direction: leading is the right
/// edge of a right-to-left paragraph.
package enum TextAlignment: String, Equatable, Sendable {
    case leading, center, trailing, justified
}

/// Paragraph formatting, in points.
package struct ParagraphStyle: Equatable, Sendable {
    package var alignment: TextAlignment = .leading
    package var leftIndent: Double = 0
    package var rightIndent: Double = 0
    package var firstLineIndent: Double = 0
    package var spaceBefore: Double = 0
    package var spaceAfter: Double = 0
    /// Line height as a multiple of the font's own (RTF `\slmult`), if set.
    package var lineHeightMultiple: Double?
    /// Extra points below each line (`NSParagraphStyle.lineSpacing`), if set.
    package var lineSpacing: Double?
    /// The least height of each line in points (RTF `\slN`, "at least", and
    /// `\sl-N`, "exactly"), if set: the face's own line height, which only
    /// the renderer knows, is made up to it with space below the line. A
    /// height below the face's own leaves the line as it is.
    package var minimumLineHeight: Double?
    /// The paragraph's base direction (RTF `\rtlpar`, `\ltrpar`); nil for
    /// the natural one, the document's or else its first strong character's.
    package var direction: WritingDirection?

    package init() {}
}

package struct RGBColor: Equatable, Hashable, Sendable {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    package var hex: String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for component in [red, green, blue] {
            text.append(digits[Int(component >> 4)])
            text.append(digits[Int(component & 0xF)])
        }
        return text
    }
}

/// An image block and where its pixels come from.
package struct ImageBlock: Equatable, Sendable {
    package enum Source: Equatable, Sendable {
        /// An app asset by name (`lpenguin_02`); the shell resolves it.
        case asset(String)
        /// A file relative to the document's folder (an RTFD attachment).
        case file(String)
        /// Bytes embedded in the document (an RTF `\pict`).
        case embedded(mimeType: String, bytes: [UInt8])
    }

    package var source: Source
    /// The size the document asks for, in points, if it says one.
    package var widthPoints: Double?
    package var heightPoints: Double?
    /// Where in the line the picture sits: a text view draws an attachment
    /// where its paragraph's alignment puts it (an RTFD logo in a centred
    /// paragraph is centred), and leading is the right edge of a
    /// right-to-left paragraph.
    package var alignment: TextAlignment = .leading
    package var direction: WritingDirection?
    /// What VoiceOver reads for the image: nil when it has no label (VoiceOver
    /// then reads the asset's name), empty when it is decorative.
    package var accessibilityLabel: String?

    package init(source: Source, widthPoints: Double? = nil, heightPoints: Double? = nil, accessibilityLabel: String? = nil) {
        self.source = source
        self.widthPoints = widthPoints
        self.heightPoints = heightPoints
        self.accessibilityLabel = accessibilityLabel
    }
}
