/// SwiftUI's named colours (`.red`, `.secondary`, `.accentColor`) as CSS
/// variables for both appearances, made from the system colours they are
/// (`SystemColors`), so the values are written once, there. Each is a
/// `light-dark()` pair: the page's `color-scheme` (galley.css) picks one.
public enum SwiftUIColorStyleSheet {
    /// A SwiftUI colour name and the system colour it shows.
    static let systemColorOf: KeyValuePairs<String, String> = [
        "primary": "label",
        "secondary": "secondaryLabel",
        "gray": "systemGray",
        "red": "systemRed",
        "orange": "systemOrange",
        "yellow": "systemYellow",
        "green": "systemGreen",
        "mint": "systemMint",
        "teal": "systemTeal",
        "cyan": "systemCyan",
        "blue": "systemBlue",
        "indigo": "systemIndigo",
        "purple": "systemPurple",
        "pink": "systemPink",
        "brown": "systemBrown",
        "accent": "tint",
    ]

    /// `--swiftui-red` for `red`.
    static func variable(_ name: String) -> String { "--swiftui-" + name }

    /// `:root{--swiftui-red:light-dark(rgb(255 59 48 / 1),rgb(255 69 58 / 1));…}`.
    public static let css: String = {
        let declarations = systemColorOf.compactMap { name, reference -> String? in
            guard let light = SystemColors.color(named: reference, platform: "ios", appearance: .light),
                  let dark = SystemColors.color(named: reference, platform: "ios", appearance: .dark) else { return nil }
            return "\(variable(name)):light-dark(\(light.css),\(dark.css))"
        }
        return ":root{\(declarations.joined(separator: ";"))}\n"
    }()
}
