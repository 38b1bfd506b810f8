/// CSS font stacks that behave like iOS: the named face where the browser
/// has it, then look-alikes, then the system fonts iOS falls back to for
/// scripts the face lacks (Japanese in Baskerville gets Hiragino Sans).
package enum FontStack {
    private static let lookAlikes: [String: [String]] = [
        "baskerville": [
            "Baskerville", "Galley Baskerville", "Libre Baskerville", "Baskerville Old Face", "Georgia", "Times New Roman",
            "Liberation Serif", "DejaVu Serif",
        ],
        "helvetica": ["Helvetica", "Galley Helvetica", "Helvetica Neue", "Arial", "Liberation Sans"],
        "helvetica neue": ["Helvetica Neue", "Helvetica", "Galley Helvetica", "Arial", "Liberation Sans"],
        "system": ["-apple-system", "Galley SF", "system-ui"],
        "sf pro": ["-apple-system", "Galley SF", "system-ui"],
        "sf pro text": ["-apple-system", "Galley SF", "system-ui"],
        "times new roman": ["Times New Roman", "Times", "Liberation Serif"],
        "times": ["Times", "Times New Roman", "Liberation Serif"],
        "courier": ["Courier", "Courier New", "Liberation Mono", "monospace"],
        "courier new": ["Courier New", "Courier", "Liberation Mono", "monospace"],
        "menlo": ["Menlo", "DejaVu Sans Mono", "monospace"],
        "georgia": ["Georgia", "Times New Roman", "Liberation Serif", "DejaVu Serif"],
    ]

    /// After the face and its look-alikes, so Latin text keeps a serif
    /// where the face is missing and only other scripts fall through. The
    /// CJK faces come from `cjkProperty`, which the content's language sets.
    private static let systemFallback: [String] =
        ["var(\(cjkProperty), \(defaultCJK.map(quote).joined(separator: ", ")))"] + otherScripts.map(quote)

    /// Japanese first where the content names no language, as iOS does for
    /// text with no language of its own.
    private static let defaultCJK = [
        "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Galley Hiragino", "Noto Sans CJK JP", "Noto Sans JP", "Yu Gothic",
        "PingFang SC", "Apple SD Gothic Neo", "Noto Sans CJK KR",
    ]
    private static let otherScripts = [
        "Noto Sans Thai", "Apple Color Emoji", "Noto Color Emoji", "-apple-system", "Galley SF", "system-ui", "sans-serif",
    ]

    /// The CSS custom property holding the CJK faces for the element's `lang`.
    static let cjkProperty = "--galley-cjk-fonts"

    /// The same Han character is drawn differently for Chinese, Japanese
    /// and Korean readers, so each language gets its own faces; later rules
    /// win (`zh-Hant` over `zh`).
    private static let cjkByLanguage: [(selector: String, families: [String])] = [
        (":lang(zh)", ["PingFang SC", "Noto Sans CJK SC", "Noto Sans SC", "Microsoft YaHei"]),
        (
            ":lang(zh-Hant),:lang(zh-TW),:lang(zh-HK),:lang(zh-MO)",
            ["PingFang TC", "Noto Sans CJK TC", "Noto Sans TC", "Microsoft JhengHei"]
        ),
        (":lang(ko)", ["Apple SD Gothic Neo", "Noto Sans CJK KR", "Noto Sans KR", "Malgun Gothic"]),
    ]

    /// Rules that set `cjkProperty` by language, for every document's CSS.
    package static let languageRules: String = cjkByLanguage.map { rule in
        "\(rule.selector){\(cjkProperty):\(rule.families.map(quote).joined(separator: ", "))}\n"
    }.joined()

    /// The families a style's `family` is drawn with, in the order the
    /// page asks for them, before the fallback for other scripts.
    static func chain(for family: String) -> [String] {
        lookAlikes[family.lowercased()] ?? [family]
    }

    /// The families after a style's own, in order, where no language picks
    /// other CJK faces: what draws text the style's faces lack, or all of
    /// it where none of them is installed.
    static let fallbackFamilies: [String] = defaultCJK + otherScripts

    /// A CSS `font-family` value for `family`, quoted and escaped.
    package static func css(for family: String) -> String {
        let named = lookAlikes[family.lowercased()] ?? [family]
        var seen = Set<String>()
        return (named.map(quote) + systemFallback)
            .filter { seen.insert($0.lowercased()).inserted }
            .joined(separator: ", ")
    }

    /// The CSS custom property holding the system fallback chain, defined
    /// once per document so that styled runs stay short.
    package static let fallbackProperty = "--galley-fallback-fonts"

    /// The fallback chain as a declaration of `fallbackProperty`.
    package static var fallbackDeclaration: String {
        "\(fallbackProperty):\(systemFallback.joined(separator: ", "))"
    }

    /// A short `font-family` value for one run: the family and its
    /// look-alikes, then the document's fallback chain by reference.
    package static func inlineCSS(for family: String) -> String {
        let named = lookAlikes[family.lowercased()] ?? [family]
        // Single quotes: inside a style attribute, double ones become &quot;.
        let quoted = named.map { name in
            "'"
                + String(
                    String.UnicodeScalarView(
                        name.unicodeScalars.filter { $0 != "'" && $0 != "\\" && $0 != "<" && $0 != ">" && $0.value >= 0x20 })) + "'"
        }
        return quoted.joined(separator: ",") + ",var(\(fallbackProperty))"
    }

    static func quote(_ name: String) -> String {
        let generic: Set<String> = ["serif", "sans-serif", "monospace", "system-ui", "-apple-system"]
        if generic.contains(name) { return name }
        let safe = name.unicodeScalars.filter { $0 != "\"" && $0 != "\\" && $0 != "<" && $0 != ">" && $0.value >= 0x20 }
        return "\"" + String(String.UnicodeScalarView(safe)) + "\""
    }
}
