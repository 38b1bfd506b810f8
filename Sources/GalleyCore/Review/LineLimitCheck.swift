/// Whether each text block of a kind with `maxLines` stays within its
/// lines at every text size: its text broken (`LineBreaking`) at the
/// column's width on the configured device, measured with the face the
/// page draws its kind with (`TextMeasure`), at its font size in each of
/// the twelve content size categories.
package enum LineLimitCheck {
    /// The measure of each text kind with a limit, by kind name: the widths
    /// of the file that draws its weight and slant (`widthsOf` reads a
    /// file's), with the face that draws Japanese (Hiragino Sans's stand-in)
    /// for what that file lacks. A kind whose file cannot be read has none,
    /// and is not checked.
    package static func measures(for schema: ContentSchema, faces: TextFaces, widthsOf: (TextFaces.File) -> AdvanceWidths?) -> [KindName:
        TextMeasure]
    {
        var measures: [KindName: TextMeasure] = [:]
        for kind in schema.shownKinds where kind.role == .text && kind.maxLines != nil {
            let weight = KindStyleSheet.numericWeight(kind.style.fontWeight)
            let italic = kind.style.italic
            guard let face = faces.face(forFamily: kind.style.fontFamily), let file = face.file(weight: weight, italic: italic),
                let widths = widthsOf(file)
            else { continue }
            let japanese = faces.face(forFamily: TextFaces.japaneseFamily)
            let fallback = japanese?.file(weight: weight, italic: italic).flatMap(widthsOf)
            measures[kind.name] = TextMeasure(
                widths: widths, scale: face.widthScale, fallback: fallback, fallbackScale: japanese?.widthScale ?? 1)
        }
        return measures
    }

    /// The line count of `text` in a kind styled `style`, at each category, xSmall to AX5.
    package static func lineCounts(of text: String, style: KindStyle, measure: TextMeasure, columnWidth: Double) -> [Int] {
        let size = style.fontSize ?? ColumnLayout.defaultFontSize
        // Measured once in ems: at `points`, the column is `columnWidth / points` ems wide.
        let text = LineBreaking(text) { measure.advance(of: $0, size: 1) }
        return ContentSizeCategory.allCases.map { category in
            text.lineCount(width: columnWidth / category.scaled(size, style.sizing))
        }
    }

    /// One warning for each block of `document` that wraps past its kind's
    /// limit at some text size, at the block, naming the smallest size where
    /// it does; `measures` holds the measure of each kind with a limit, by name.
    package static func diagnostics(
        for document: Document, path: RelativePath, schema: ContentSchema, measures: [KindName: TextMeasure],
        deviceWidth: Double
    ) -> [Diagnostic] {
        guard !measures.isEmpty else { return [] }
        let columnWidth = ColumnLayout.columnWidth(screenWidth: deviceWidth)
        return document.blocks.compactMap { block -> Diagnostic? in
            guard case .paragraph(let paragraph) = block.content, let measure = measures[block.kind],
                let kind = schema.kind(named: block.kind), kind.role == .text, let limit = kind.maxLines
            else { return nil }
            let counts = lineCounts(of: paragraph.plainText, style: kind.style, measure: measure, columnWidth: columnWidth)
            guard let first = counts.firstIndex(where: { $0 > limit }), let category = ContentSizeCategory(rawValue: first) else {
                return nil
            }
            var diagnostic = Diagnostic(
                path: path, id: .lineLimit, at: block.location, severity: .warning,
                message:
                    "'\(kind.name)' text wraps to \(counts[first]) lines from \(category.spokenName) (limit \(limit)) at "
                    + "\(formatNumber(deviceWidth)) pt"
            )
            diagnostic.lineCounts = counts
            return diagnostic
        }
    }
}
