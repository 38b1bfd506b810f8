/// A rich-text document's lines as TextKit sets them in a text view: a
/// line is as tall as the tallest line height (ascent + descent + leading,
/// `FontMetrics.lineHeight`) of the faces on it, times the paragraph's
/// `lineHeightMultiple`, made up to its `minimumLineHeight`, with its
/// `lineSpacing` below it.
///
/// CSS gets the same lines from a `line-height` on each element whose face
/// differs from its parent's: a line box covers every inline box on it, so
/// the tallest face wins, as in TextKit.
struct TextViewLines {
    /// How one paragraph's lines differ from the faces' own.
    struct ParagraphLines: Equatable {
        var multiple: Double
        /// Points below each line: its `lineSpacing` and whatever its
        /// `minimumLineHeight` adds to the faces' height.
        var spacing: Double
    }

    /// The family of text that names none in this document.
    let defaultFamily: String

    init(kind: DocumentKind) {
        defaultFamily = TextViewStyleSheet.defaultFamily(of: kind)
    }

    /// The line height, in ems, of the face that draws `family` (nil: the
    /// document's default), looked up in `fonts`; so are the faces below.
    func lineHeight(of family: String?, _ fonts: inout FontLookups) -> Double {
        fonts.lineHeight(of: family ?? defaultFamily)
    }

    /// Whether `paragraph`'s HTML may hold a face's line height, which the
    /// folder's fonts decide: it names a font, or sets lines relative to the face's.
    static func dependOnFaces(_ paragraph: Paragraph) -> Bool {
        let style = paragraph.style
        return style?.lineSpacing != nil || style?.lineHeightMultiple != nil || style?.minimumLineHeight != nil
            || paragraph.runs.contains { $0.style.fontFamily != nil }
    }

    func lines(of paragraph: Paragraph, _ fonts: inout FontLookups) -> ParagraphLines {
        let style = paragraph.style
        let multiple = style?.lineHeightMultiple ?? 1
        var spacing = style?.lineSpacing ?? 0
        if let minimum = style?.minimumLineHeight {
            // The faces' own height: the tallest of the paragraph's runs.
            let defaultHeight = lineHeight(of: nil, &fonts) * TextViewStyleSheet.defaultFontSize
            var natural = paragraph.runs.isEmpty ? defaultHeight : 0
            for run in paragraph.runs {
                let size = run.style.fontSize ?? TextViewStyleSheet.defaultFontSize
                natural = max(natural, lineHeight(of: run.style.fontFamily, &fonts) * size)
            }
            spacing += max(0, minimum - natural * multiple)
        }
        return ParagraphLines(multiple: multiple, spacing: spacing)
    }

    /// The paragraph's `line-height`, drawn in `family` (nil: the style
    /// sheet's); nil where the style sheet's own is right.
    func paragraphDeclaration(family: String?, _ lines: ParagraphLines, _ fonts: inout FontLookups) -> String? {
        // Most paragraphs name no font and set no lines: no face is looked up for them.
        let setsLines = lines.multiple != 1 || lines.spacing != 0
        guard setsLines || family != nil else { return nil }
        let face = lineHeight(of: family, &fonts)
        return setsLines || face != lineHeight(of: nil, &fonts) ? declaration(face, lines) : nil
    }

    /// A run's own `line-height`, for a run in its own `family` or `size`
    /// within a paragraph in `paragraphFamily`; nil where the paragraph's
    /// is right for it. A height with spacing is a length, which a run of
    /// another size inherits as it is; a factor follows the run's size.
    func runDeclaration(
        family: String?, hasOwnSize: Bool, paragraphFamily: String?, _ lines: ParagraphLines,
        _ fonts: inout FontLookups
    ) -> String? {
        guard family != nil || (hasOwnSize && lines.spacing != 0) else { return nil }
        let face = lineHeight(of: family ?? paragraphFamily, &fonts)
        guard face != lineHeight(of: paragraphFamily, &fonts) || (hasOwnSize && lines.spacing != 0) else { return nil }
        return declaration(face, lines)
    }

    private func declaration(_ face: Double, _ lines: ParagraphLines) -> String {
        let factor = Self.number(face * lines.multiple)
        return lines.spacing == 0 ? "line-height:\(factor)" : "line-height:calc(\(factor)em + \(formatPoints(lines.spacing)))"
    }

    /// A line height in ems as CSS writes it: six places, which keeps a
    /// face's units per em (1,000 or 2,048) exact to a thousandth of a pixel.
    static func number(_ ems: Double) -> String {
        formatDecimal(ems, places: 6)
    }
}
