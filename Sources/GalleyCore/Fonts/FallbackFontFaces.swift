/// Stand-ins for iOS's own fonts, which Linux does not have: a font this
/// machine does have, found through fontconfig (`InstalledFonts`), scaled
/// and given the real font's vertical metrics with `size-adjust` and the
/// metric overrides where they are known, so that lines break and stack
/// where the device puts them.
package struct FallbackFontFaces: Sendable {
    /// One stand-in: the name the page uses, the local families it may draw
    /// with (the first installed wins), and the real font's metrics.
    struct StandIn: Sendable {
        var family: String
        /// The iOS families it stands in for, as a style names them.
        var standsFor: [String]
        var localFamilies: [String]
        /// How much wider the real font's Latin text is than the local font's.
        var sizeAdjust: Double
        /// The real font's metrics; nil where no measurement of them was
        /// found, and the local face's own are used.
        var deviceMetrics: FontMetrics?
    }

    /// Sources, by stand-in:
    /// - Helvetica: `hhea` ascent 1577, descent 471, no line gap, cap height
    ///   1469, 2048 units per em, as Capsize publishes them (`@capsizecss/metrics`);
    ///   Liberation Sans has Helvetica's advance widths (Arial's), so no scaling.
    ///   iOS adds 15 % of the em to Helvetica's ascent: `UIFont(name:
    ///   "Helvetica", size: 17)` reports ascender 15.64033203125 where Core
    ///   Text's `CTFontGetAscent` and macOS report 13.09033203125, and a
    ///   line height of 19.55, 1.15 em (zhaoxin.pro, "Weight and Line Height
    ///   of Font between macOS and iOS"); at 20 pt, ascender 18.400391 against
    ///   Core Text's 15.400391 (techqa.club question 10712770). A text view
    ///   sets its lines from `UIFont`'s.
    /// - SF Pro Text, iOS's system font: `UIFont.systemFont(ofSize: 40)` on
    ///   iOS reports ascender 38.0859375 and descender −9.6484375, line
    ///   height 47.734375 (1950, 494 and 2444 of 2048 units; printed in
    ///   code.firstgear.co.kr question 17576), and at 15 pt a line height of
    ///   17.900391 (the same 2444 units; codewithsundeep.com, discussion
    ///   33278645). Average Latin width 853 units (Capsize's `-apple-system`)
    ///   against Liberation Sans's 904. Cap height 1443 units, as Capsize
    ///   publishes it for `-apple-system`.
    /// - Hiragino Sans, iOS's Japanese font: a line gap of 500 units and
    ///   ascent plus descent of 1000, in every weight (memononen/nanovg pull
    ///   request 563, read from the font on iOS). The split of those 1000
    ///   into 880 and 120 is the ideographic em box of Adobe's Japanese
    ///   fonts (Ken Lunde, quoted in googlefonts/googlefonts.github.io issue
    ///   45), not a measurement of Hiragino: it moves glyphs within a line,
    ///   not the line's height. Square CJK glyphs, as wide as Noto Sans CJK's.
    ///   No cap height of Hiragino's was found: Noto Sans CJK's 733 of 1000.
    /// - Baskerville: no measurement of iOS's Baskerville was found, so the
    ///   stand-in keeps the local serif's own metrics and widths, and says so.
    static let standIns: [StandIn] = [
        StandIn(
            family: "Galley Helvetica", standsFor: ["Helvetica", "Helvetica Neue"], localFamilies: ["Liberation Sans", "Arimo"],
            sizeAdjust: 1,
            deviceMetrics: FontMetrics(ascent: 1577 / 2048 + 0.15, descent: 471 / 2048, lineGap: 0, capHeight: 1469 / 2048)),
        StandIn(
            family: "Galley SF", standsFor: ["System", "SF Pro", "SF Pro Text"], localFamilies: ["Liberation Sans", "Arimo"],
            sizeAdjust: 853.0 / 904.0,
            deviceMetrics: FontMetrics(ascent: 1950 / 2048, descent: 494 / 2048, lineGap: 0, capHeight: 1443 / 2048)),
        StandIn(
            family: "Galley Hiragino", standsFor: ["Hiragino Sans", "Hiragino Kaku Gothic ProN"],
            localFamilies: ["Noto Sans CJK JP", "Noto Sans JP"],
            sizeAdjust: 1, deviceMetrics: FontMetrics(ascent: 0.88, descent: 0.12, lineGap: 0.5, capHeight: 0.733)),
        StandIn(
            family: "Galley Baskerville", standsFor: ["Baskerville"],
            localFamilies: ["Libre Baskerville", "Liberation Serif", "Tinos", "DejaVu Serif"],
            sizeAdjust: 1, deviceMetrics: nil),
    ]

    /// A stand-in as this machine draws it.
    package struct Substitute: Sendable, Equatable {
        /// The page's name for it (`Galley Baskerville`).
        package var family: String
        /// The iOS families it stands in for.
        package var standsFor: [String]
        /// The local family it draws with (`Liberation Serif`).
        package var localFamily: String
        /// Its faces: regular, bold, italic, bold italic, where installed.
        package var faces: [InstalledFonts.Face?]
        package var sizeAdjust: Double
        package var deviceMetrics: FontMetrics?
    }

    /// The stand-ins whose local family this machine has.
    package let substitutes: [Substitute]

    package init(installed: InstalledFonts) {
        let styles = [(400, false), (700, false), (400, true), (700, true)]
        substitutes = Self.standIns.compactMap { standIn in
            guard let local = standIn.localFamilies.first(where: installed.has(family:)) else { return nil }
            let faces = styles.map { weight, italic in
                installed.face(family: local, weight: weight, italic: italic).flatMap { abs($0.weight - weight) < 100 ? $0 : nil }
            }
            return Substitute(
                family: standIn.family, standsFor: standIn.standsFor, localFamily: local, faces: faces,
                sizeAdjust: standIn.sizeAdjust, deviceMetrics: standIn.deviceMetrics)
        }
    }

    /// The stand-in for an iOS family a style names, if this machine has one.
    package func substitute(for family: String) -> Substitute? {
        let lowered = family.lowercased()
        return substitutes.first { $0.family.lowercased() == lowered || $0.standsFor.contains { $0.lowercased() == lowered } }
    }

    /// The `@font-face` rules of every stand-in, with the full names
    /// fontconfig gave for `local()`.
    package var css: String {
        let styles = [("400", "normal"), ("700", "normal"), ("400", "italic"), ("700", "italic")]
        return substitutes.map { substitute in
            zip(substitute.faces, styles).compactMap { face, style -> String? in
                guard let face else { return nil }
                var rule =
                    "@font-face{font-family:\"\(substitute.family)\";src:local(\"\(Self.cssString(face.fullName))\");"
                    + "font-weight:\(style.0);font-style:\(style.1)"
                if substitute.sizeAdjust != 1 { rule += ";size-adjust:\(Self.percent(substitute.sizeAdjust))" }
                if let metrics = substitute.deviceMetrics {
                    rule +=
                        ";ascent-override:\(Self.percent(metrics.ascent / substitute.sizeAdjust))"
                        + ";descent-override:\(Self.percent(metrics.descent / substitute.sizeAdjust))"
                        + ";line-gap-override:\(Self.percent(metrics.lineGap / substitute.sizeAdjust))"
                }
                return rule + "}"
            }.joined(separator: "\n")
        }.filter { !$0.isEmpty }.joined(separator: "\n") + "\n"
    }

    private static func percent(_ fraction: Double) -> String {
        formatNumber((fraction * 10_000).rounded() / 100) + "%"
    }

    private static func cssString(_ text: String) -> String {
        String(
            String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\"" && $0 != "\\" && $0 != "<" && $0 != ">" && $0.value >= 0x20 }))
    }
}
