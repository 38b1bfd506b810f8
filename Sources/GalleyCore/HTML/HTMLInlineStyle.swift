/// Reads the declarations of a `style` attribute that the document model can
/// express; every other property is ignored.
enum HTMLInlineStyle {
    static func parse(_ style: String) -> HTMLPresentation {
        var presentation = HTMLPresentation()
        for declaration in declarations(in: withoutComments(style)) {
            apply(property: declaration.property, value: declaration.value, to: &presentation)
        }
        return presentation
    }

    private static func apply(property: String, value: String, to presentation: inout HTMLPresentation) {
        let keyword = value.lowercased()
        switch property {
        case "color":
            presentation.color = HTMLColor.parse(value)
        case "background-color":
            presentation.background = HTMLColor.parse(value)
        case "background":
            // The shorthand may mix an image, a position and a colour; keep the colour.
            presentation.background = value.split(separator: " ").lazy.compactMap { HTMLColor.parse(String($0)) }.first
        case "font-weight":
            if keyword == "bold" || keyword == "bolder" {
                presentation.bold = true
            } else if keyword == "normal" || keyword == "lighter" {
                presentation.bold = false
            } else if let weight = Double(keyword) {
                presentation.bold = weight >= 600
            }
        case "font-style":
            if keyword == "italic" || keyword.hasPrefix("oblique") {
                presentation.italic = true
            } else if keyword == "normal" {
                presentation.italic = false
            }
        case "text-decoration", "text-decoration-line":
            if keyword.contains("underline") { presentation.underline = true }
            if keyword.contains("line-through") { presentation.strikethrough = true }
        case "vertical-align":
            if keyword == "super" { presentation.baseline = .superscript }
            if keyword == "sub" { presentation.baseline = .subscript }
            if keyword == "baseline" { presentation.baseline = .normal }
        case "font-size":
            presentation.fontSize = fontSize(keyword) ?? presentation.fontSize
        case "font-family":
            presentation.fontFamily = HTMLPresentation.family(fromList: value) ?? presentation.fontFamily
        case "text-align":
            presentation.alignment = HTMLPresentation.alignment(named: keyword) ?? presentation.alignment
        case "display":
            if keyword == "none" { presentation.isHidden = true }
        default:
            break
        }
    }

    /// `12px`, `10pt`, `1.5em`, `120%`, `2rem` or a keyword such as `large`.
    static func fontSize(_ value: String) -> HTMLPresentation.FontSize? {
        let keywordPixels: [String: Double] = [
            "xx-small": 9, "x-small": 10, "small": 13, "medium": 16, "large": 18, "x-large": 24, "xx-large": 32, "xxx-large": 48,
        ]
        if let pixels = keywordPixels[value] { return .points(pixels * HTMLPresentation.pointsPerPixel) }
        if value == "smaller" { return .scale(1 / 1.2) }
        if value == "larger" { return .scale(1.2) }
        let units: [(suffix: String, size: (Double) -> HTMLPresentation.FontSize)] = [
            ("px", { .points($0 * HTMLPresentation.pointsPerPixel) }),
            ("pt", { .points($0) }),
            ("rem", { .points($0 * HTMLPresentation.defaultFontSize) }),
            ("em", { .scale($0) }),
            ("%", { .scale($0 / 100) }),
        ]
        for unit in units where value.hasSuffix(unit.suffix) {
            guard let number = Double(value.dropLast(unit.suffix.count).trimmingAny(of: " ")),
                number.isFinite, number > 0
            else { return nil }
            return unit.size(number)
        }
        return nil
    }

    /// `property: value` pairs, properties lowercased, `!important` dropped.
    private static func declarations(in style: String) -> [(property: String, value: String)] {
        var result: [(property: String, value: String)] = []
        // Quoted font names may hold a `;`, so split outside quotes only.
        var current = ""
        var quote: Character?
        var parts: [String] = []
        for character in style {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ";" {
                parts.append(current)
                current = ""
                continue
            }
            current.append(character)
        }
        parts.append(current)
        for part in parts {
            guard let colon = part.firstIndex(of: ":") else { continue }
            let property = part[..<colon].trimmingAny(of: " \t\n\r\u{0C}").lowercased()
            var value = part[part.index(after: colon)...].trimmingAny(of: " \t\n\r\u{0C}")
            if let bang = value.lastIndex(of: "!"), String(value[value.index(after: bang)...]).trimmingSpaces.lowercased() == "important" {
                value = String(value[..<bang]).trimmingSpaces
            }
            guard !property.isEmpty, !value.isEmpty else { continue }
            result.append((property, value))
        }
        return result
    }

    private static func withoutComments(_ style: String) -> String {
        guard style.contains("/*") else { return style }
        var result = ""
        var rest = Substring(style)
        while let open = rest.firstRange(of: "/*") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstRange(of: "*/") else { return result }
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}
