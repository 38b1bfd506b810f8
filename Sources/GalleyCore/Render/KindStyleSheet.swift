/// The CSS for the block kinds of a schema: each kind's style in the app's
/// terms (points, SwiftUI colours) written as the browser's.
package enum KindStyleSheet {
    /// SwiftUI's named colours, as the CSS variables of both appearances
    /// (`SwiftUIColorStyleSheet`), and black and white, which do not change.
    package static let namedColors: [String: String] = {
        var colors = ["black": "#000000", "white": "#ffffff"]
        for (name, _) in SwiftUIColors.adaptive { colors[name] = "var(\(SwiftUIColorStyleSheet.variable(name)))" }
        colors["grey"] = colors["gray"]
        return colors
    }()

    /// The column's padding and spacing, and each kind's look and size as
    /// `ColumnLayout` has it with the line heights of `faces`.
    package static func css(for schema: ContentSchema, faces: TextFaces, rules: LayoutRules) -> String {
        var css = SwiftUIColorStyleSheet.css + FontStack.languageRules
        css += ".galley-doc.kind-tagged{padding:\(formatPoints(ColumnLayout.padding));gap:0}\n"
        css += StackSpacingStyleSheet.css(for: schema, faces: faces, rules: rules)
        for kind in schema.shownKinds {
            let name = cssIdentifier(kind.name.rawValue)
            css += ".k-\(name){\(declarations(for: kind, stack: rules.stack).joined(separator: ";"))}\n"
            if case .text(let text)? = ColumnLayout.geometry(of: kind, faces: faces) {
                let fontSize = kind.style.fontSize ?? ColumnLayout.defaultFontSize
                css += lineRules(for: name, text, fontSize: fontSize, pixelLength: rules.pixelLength)
            }
            if kind.role == .image {
                var image = ["width:100%", "height:auto", "display:block"]
                if let maxHeight = kind.style.maxHeight { image += ["max-height:\(formatPoints(maxHeight))", "object-fit:contain"] }
                if let ratio = kind.style.aspectRatio { image += ["aspect-ratio:\(formatNumber(ratio))", "object-fit:cover"] }
                css += ".k-\(cssIdentifier(kind.name.rawValue)) img{\(image.joined(separator: ";"))}\n"
            }
        }
        return css
    }

    /// A CSS colour for a style colour name or hex value; nil if it is neither.
    package static func cssColor(_ name: String) -> String? {
        if let named = namedColors[name.lowercased()] { return named }
        let hex = name.hasPrefix("#") ? name.dropFirst() : Substring(name)
        guard [3, 6, 8].contains(hex.count), hex.allSatisfy(\.isHexDigit) else { return nil }
        return "#" + hex.lowercased()
    }

    /// The SwiftUI colour names a style may use.
    package static var colorNames: Set<String> { Set(namedColors.keys) }

    private static func declarations(for kind: BlockKind, stack: StackStyle) -> [String] {
        let style = kind.style
        var css: [String] = []
        switch kind.role {
        case .image:
            css.append("align-self:stretch")
        case .divider:
            css.append("align-self:stretch")
        case .text:
            // A SwiftUI Text in a VStack is as wide as its text and placed
            // by the stack's alignment; its wrapped lines start at the
            // leading edge, which is the right one in a right-to-left layout.
            switch style.alignment {
            case nil: css += ["align-self:\(flexAlignment(stack.alignment))", "text-align:start"]
            case .leading?: css += ["align-self:stretch", "text-align:start"]
            case .center?: css += ["align-self:center", "text-align:center"]
            case .trailing?: css += ["align-self:stretch", "text-align:end"]
            case .justified?: css += ["align-self:stretch", "text-align:justify"]
            }
        }
        if let family = style.fontFamily ?? (kind.role == .text ? TextFaces.systemFamily : nil) {
            css.append("font-family:\(FontStack.css(for: family))")
        }
        if let size = style.fontSize ?? (kind.role == .text ? ColumnLayout.defaultFontSize : nil) {
            css.append("font-size:" + fontSize(size, style.sizing))
        }
        if let weight = style.fontWeight { css.append("font-weight:\(cssWeight(weight))") }
        if style.italic { css.append("font-style:italic") }
        if let color = style.color {
            css.append("color:\(cssColor(color) ?? "var(\(ColorSetStyleSheet.property(for: color)), currentColor)")")
        }
        if style.paddingTop != 0 { css.append("padding-top:\(formatPoints(style.paddingTop))") }
        if style.paddingBottom != 0 { css.append("padding-bottom:\(formatPoints(style.paddingBottom))") }
        return css
    }

    /// Where a flex column puts a child that a `VStack` of `alignment` would.
    private static func flexAlignment(_ alignment: StackStyle.Alignment) -> String {
        switch alignment {
        case .leading: "flex-start"
        case .center: "center"
        case .trailing: "flex-end"
        }
    }

    /// A size as the page scales it: by the page's `--text-scale` (Body's
    /// size at the chosen category over 17), or another text style's
    /// `--text-scale-NAME`, or not at all.
    static func fontSize(_ size: Double, _ sizing: FontSizing) -> String {
        switch sizing {
        case .fixed: return "\(formatNumber(size))px"
        case .relative(to: .body): return "calc(\(formatNumber(size))px * var(--text-scale, 1))"
        case .relative(to: let textStyle): return "calc(\(formatNumber(size))px * var(--text-scale-\(textStyle.rawValue), 1))"
        }
    }

    /// A text kind's lines as SwiftUI stacks them: each line box is the
    /// face's line height plus the spacing, and the paragraph gives half
    /// the spacing back above its first line and below its last, so that
    /// n lines are n × line height + (n − 1) × spacing tall. The line height
    /// is in ems of the face, so that it follows the text size. A `Text`'s
    /// size is rounded up to the device's pixel, as SwiftUI sizes it.
    private static func lineRules(for name: String, _ text: ColumnLayout.TextGeometry, fontSize: Double, pixelLength: Double) -> String {
        let em = formatDecimal(text.lineHeight / fontSize, places: 6)
        let pixel = CSSLength.property(StackSpacingStyleSheet.pixelProperty, fallback: .points(pixelLength))
        var css = ".k-\(name){line-height:calc(\(em)em + \(formatPoints(text.lineSpacing)));"
        css += "height:calc-size(auto, round(up, size, \(pixel.expression)))}\n"
        if text.lineSpacing != 0 { css += ".k-\(name)>p{margin:\(formatPoints(-text.lineSpacing / 2)) 0}\n" }
        return css
    }

    /// A style's weight as CSS's number, 400 when it names none.
    static func numericWeight(_ weight: String?) -> Int {
        weight.flatMap { Int(cssWeight($0)) } ?? 400
    }

    private static func cssWeight(_ weight: String) -> String {
        switch weight.lowercased() {
        case "ultralight": "100"
        case "thin": "200"
        case "light": "300"
        case "regular": "400"
        case "medium": "500"
        case "semibold": "600"
        case "bold": "700"
        case "heavy": "800"
        case "black": "900"
        default: weight.allSatisfy(\.isNumber) && !weight.isEmpty ? weight : "400"
        }
    }

    /// `name` with every scalar but ASCII letters, digits, `-` and `_` made `_`.
    /// A kind's name is nearly always such already, and is returned as it is:
    /// every rendered block asks for its kind's.
    static func cssIdentifier(_ name: String) -> String {
        if name.utf8.allSatisfy(isSafeByte) { return name }
        var identifier = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            identifier.append(scalar.isASCII && isSafeByte(UInt8(scalar.value)) ? scalar : "_")
        }
        return String(identifier)
    }

    private static func isSafeByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
