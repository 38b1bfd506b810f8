/// A face's vertical metrics as Core Text reads them: the `hhea` table's
/// ascender, descender and line gap, and the `OS/2` table's cap height, as
/// fractions of the em (so a line of 20 pt text is `lineHeight × 20` tall).
///
/// Core Text uses `hhea` whatever `OS/2`'s `USE_TYPO_METRICS` says (see
/// Mozilla's Fira issue #43 and John Hudson's account on typophile.com,
/// node 7571): Apple specified `hhea` and its platforms read it.
package struct FontMetrics: Sendable, Equatable {
    package var ascent: Double
    package var descent: Double
    package var lineGap: Double
    /// The height of capital letters (`UIFont.capHeight` at a size of 1),
    /// which the spacing below a text is measured from (`ViewSpacing`).
    package var capHeight: Double

    /// A face whose cap height is not known has the usual 0.7 em of Latin
    /// faces (Helvetica's 1469 and SF's 1443 of 2048 units are 0.72 and 0.70).
    package init(ascent: Double, descent: Double, lineGap: Double, capHeight: Double? = nil) {
        self.ascent = ascent
        self.descent = descent
        self.lineGap = lineGap
        self.capHeight = capHeight ?? 0.7
    }

    /// The distance between the baselines of two lines set solid, in ems:
    /// what `UIFont.lineHeight` is for a size of 1.
    package var lineHeight: Double { ascent + descent + lineGap }

    /// Reads a TrueType or OpenType face (`faceIndex` within a collection);
    /// nil for anything else, a damaged file or an em of zero.
    package static func read(_ bytes: [UInt8], faceIndex: Int = 0) -> FontMetrics? {
        guard let tables = OpenTypeTables(bytes, faceIndex: faceIndex), let head = tables.table("head"), let hhea = tables.table("hhea")
        else { return nil }
        let reader = tables.reader
        guard let unitsPerEm = reader.uint16(at: head.offset + 18), unitsPerEm > 0,
            let ascender = reader.int16(at: hhea.offset + 4), let descender = reader.int16(at: hhea.offset + 6),
            let lineGap = reader.int16(at: hhea.offset + 8)
        else { return nil }
        let em = Double(unitsPerEm)
        // `sCapHeight` is in `OS/2` from its version 2 on.
        var capHeight: Double?
        if let os2 = tables.table("OS/2"), let version = reader.uint16(at: os2.offset), version >= 2, os2.length >= 90,
            let height = reader.int16(at: os2.offset + 88), height > 0
        {
            capHeight = Double(height) / em
        }
        return FontMetrics(
            ascent: Double(ascender) / em, descent: Double(-Int(descender)) / em, lineGap: Double(max(0, lineGap)) / em,
            capHeight: capHeight)
    }
}
