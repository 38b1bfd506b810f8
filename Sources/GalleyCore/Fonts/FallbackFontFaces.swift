/// Stand-ins for iOS's own fonts, which Linux does not have: a font Debian
/// does have, scaled and given the real font's vertical metrics with
/// `size-adjust` and the metric overrides, so that lines break and stack
/// where the device puts them.
public enum FallbackFontFaces {
    /// One stand-in: the name the page uses, the local font it draws with,
    /// and the real font's metrics as fractions of its em.
    struct StandIn {
        var family: String
        /// Full names of the local faces: regular, bold, italic, bold italic.
        var localFaces: [String?]
        /// How much wider the real font's Latin text is than the local font's.
        var sizeAdjust: Double
        var ascent: Double
        var descent: Double
        var lineGap: Double
    }

    /// Sources: the fonts' `hhea` metrics and letter-frequency-weighted
    /// average widths as published by Capsize (`@capsizecss/metrics`:
    /// Helvetica, BlinkMacSystemFont for SF, Arimo for Liberation Sans,
    /// whose advance widths are Arial's and so Helvetica's).
    static let standIns: [StandIn] = [
        // Helvetica: 2048 units per em, ascent 1577, descent 471, no line gap;
        // Liberation Sans has Helvetica's advance widths, so no scaling.
        StandIn(family: "Galley Helvetica", localFaces: liberationSans, sizeAdjust: 1, ascent: 1577 / 2048, descent: 471 / 2048, lineGap: 0),
        // SF Pro: ascent 1980, descent 432, no line gap; average Latin width
        // 853 units against Liberation Sans's 904.
        StandIn(family: "Galley SF", localFaces: liberationSans, sizeAdjust: 853.0 / 904.0, ascent: 1980 / 2048, descent: 432 / 2048, lineGap: 0),
        // Hiragino Sans: square CJK glyphs (as wide as Noto Sans CJK's), ascent
        // 0.88 em, descent 0.12 em and a half-em line gap, which is why
        // Japanese lines on iOS stand 1.5 em apart.
        StandIn(family: "Galley Hiragino", localFaces: ["Noto Sans CJK JP Regular", "Noto Sans CJK JP Bold", nil, nil], sizeAdjust: 1, ascent: 0.88, descent: 0.12, lineGap: 0.5),
    ]

    private static let liberationSans: [String?] = ["Liberation Sans", "Liberation Sans Bold", "Liberation Sans Italic", "Liberation Sans Bold Italic"]

    /// The `@font-face` rules of every stand-in.
    public static let css: String = standIns.map { standIn in
        let styles = [("400", "normal"), ("700", "normal"), ("400", "italic"), ("700", "italic")]
        return zip(standIn.localFaces, styles).compactMap { local, style -> String? in
            guard let local else { return nil }
            return "@font-face{font-family:\"\(standIn.family)\";src:local(\"\(local)\");font-weight:\(style.0);font-style:\(style.1);"
                + "size-adjust:\(percent(standIn.sizeAdjust));ascent-override:\(percent(standIn.ascent / standIn.sizeAdjust));"
                + "descent-override:\(percent(standIn.descent / standIn.sizeAdjust));line-gap-override:\(percent(standIn.lineGap / standIn.sizeAdjust))}"
        }.joined(separator: "\n")
    }.joined(separator: "\n") + "\n"

    private static func percent(_ fraction: Double) -> String {
        formatNumber((fraction * 10_000).rounded() / 100) + "%"
    }
}
