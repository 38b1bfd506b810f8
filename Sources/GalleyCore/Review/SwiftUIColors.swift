/// SwiftUI's standard colours as the system colours they adapt with: SwiftUI's
/// `Color.gray` is drawn as `UIColor.systemGray` in every appearance.
public enum SwiftUIColors {
    /// The system colour reference behind a SwiftUI colour name; nil for a
    /// name SwiftUI does not have.
    public static func systemReference(of name: String) -> String? {
        references[name.lowercased()]
    }

    private static let references: [String: String] = [
        "primary": "label",
        "secondary": "secondaryLabel",
        "gray": "systemGray",
        "grey": "systemGray",
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
        "black": "black",
        "white": "white",
        "accent": "tint",
    ]
}
