/// SwiftUI's named colours (`.red`, `.secondary`, `.accentColor`) as CSS
/// variables for both appearances, made from the system colours they are
/// (`SystemColors`, through `SwiftUIColors`), so the values are written once, there. Each is a
/// `light-dark()` pair: the page's `color-scheme` (galley.css) picks one.
package enum SwiftUIColorStyleSheet {
    /// `--swiftui-red` for `red`.
    static func variable(_ name: String) -> String { "--swiftui-" + name }

    /// `:root{--swiftui-red:light-dark(rgb(255 59 48 / 1),rgb(255 69 58 / 1));…}`.
    package static let css: String = {
        let declarations = SwiftUIColors.adaptive.compactMap { name, reference -> String? in
            guard let light = SystemColors.color(named: reference, platform: "ios", appearance: .light),
                let dark = SystemColors.color(named: reference, platform: "ios", appearance: .dark)
            else { return nil }
            return "\(variable(name)):light-dark(\(light.css),\(dark.css))"
        }
        return ":root{\(declarations.joined(separator: ";"))}\n"
    }()
}

extension SwiftUIColorStyleSheet {
    /// `#8e8e93` in light and dark, for an editor's hover over a colour name
    /// (nil for a name SwiftUI does not have).
    package static func hexValues(of name: String) -> (light: String, dark: String)? {
        guard let reference = SwiftUIColors.systemReference(of: name),
            let light = SystemColors.color(named: reference, platform: "ios", appearance: .light),
            let dark = SystemColors.color(named: reference, platform: "ios", appearance: .dark)
        else { return nil }
        return (hex(light), hex(dark))
    }

    private static func hex(_ color: CatalogColor) -> String {
        let bytes = [color.red, color.green, color.blue].map(CatalogColor.eightBit)
        return "#" + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
