/// SwiftUI's standard colours as the system colours they adapt with: SwiftUI's
/// `Color.gray` is drawn as `UIColor.systemGray` in every appearance. The one
/// table of them, read by the page's style sheet and by the contrast check.
package enum SwiftUIColors {
    /// A SwiftUI colour name and the system colour it shows, in the style sheet's order.
    package static let adaptive: KeyValuePairs<String, String> = [
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

    /// The system colour reference behind a SwiftUI colour name (`black` and
    /// `white` are their own, the same in every appearance); nil for a name
    /// SwiftUI does not have.
    package static func systemReference(of name: String) -> String? {
        let lowered = name.lowercased()
        if lowered == "black" || lowered == "white" { return lowered }
        let spelled = lowered == "grey" ? "gray" : lowered
        return adaptive.first { $0.key == spelled }?.value
    }
}
