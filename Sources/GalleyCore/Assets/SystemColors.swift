/// The system colours an asset catalog may refer to (`"reference":
/// "systemBlueColor"`), with the values Apple publishes for light and dark
/// appearance (Human Interface Guidelines, "Color"; iOS unless the
/// reference is for macOS).
package enum SystemColors {
    private struct Pair {
        var light: CatalogColor
        var dark: CatalogColor
        /// Increased contrast, where Apple gives one.
        var lightHigh: CatalogColor?
        var darkHigh: CatalogColor?
    }

    private static func rgb(_ hex: UInt32, _ alpha: Double = 1) -> CatalogColor { CatalogColor(hex: hex, alpha: alpha) }

    private static func pair(_ light: UInt32, _ dark: UInt32, high: (UInt32, UInt32)? = nil) -> Pair {
        Pair(light: rgb(light), dark: rgb(dark), lightHigh: high.map { rgb($0.0) }, darkHigh: high.map { rgb($0.1) })
    }

    private static func translucent(_ light: UInt32, _ lightAlpha: Double, _ dark: UInt32, _ darkAlpha: Double) -> Pair {
        Pair(light: rgb(light, lightAlpha), dark: rgb(dark, darkAlpha))
    }

    private static let iOS: [String: Pair] = [
        "systemred": pair(0xFF3B30, 0xFF453A, high: (0xD70015, 0xFF6961)),
        "systemorange": pair(0xFF9500, 0xFF9F0A, high: (0xC93400, 0xFFB340)),
        "systemyellow": pair(0xFFCC00, 0xFFD60A, high: (0xB25000, 0xFFD426)),
        "systemgreen": pair(0x34C759, 0x30D158, high: (0x248A3D, 0x30DB5B)),
        "systemmint": pair(0x00C7BE, 0x63E6E2, high: (0x0C817B, 0x66D4CF)),
        "systemteal": pair(0x30B0C7, 0x40C8E0, high: (0x008299, 0x5DE6FF)),
        "systemcyan": pair(0x32ADE6, 0x64D2FF, high: (0x0071A4, 0x70D7FF)),
        "systemblue": pair(0x007AFF, 0x0A84FF, high: (0x0040DD, 0x409CFF)),
        "systemindigo": pair(0x5856D6, 0x5E5CE6, high: (0x3634A3, 0x7D7AFF)),
        "systempurple": pair(0xAF52DE, 0xBF5AF2, high: (0x8944AB, 0xDA8FFF)),
        "systempink": pair(0xFF2D55, 0xFF375F, high: (0xD30F45, 0xFF6482)),
        "systembrown": pair(0xA2845E, 0xAC8E68, high: (0x7F6545, 0xB59469)),
        "systemgray": pair(0x8E8E93, 0x8E8E93, high: (0x6C6C70, 0xAEAEB2)),
        "systemgray2": pair(0xAEAEB2, 0x636366, high: (0x8E8E93, 0x7C7C80)),
        "systemgray3": pair(0xC7C7CC, 0x48484A, high: (0xAEAEB2, 0x545456)),
        "systemgray4": pair(0xD1D1D6, 0x3A3A3C, high: (0xBCBCC0, 0x444446)),
        "systemgray5": pair(0xE5E5EA, 0x2C2C2E, high: (0xD8D8DC, 0x363638)),
        "systemgray6": pair(0xF2F2F7, 0x1C1C1E, high: (0xEBEBF0, 0x242426)),
        "label": pair(0x000000, 0xFFFFFF),
        "secondarylabel": translucent(0x3C3C43, 0.6, 0xEBEBF5, 0.6),
        "tertiarylabel": translucent(0x3C3C43, 0.3, 0xEBEBF5, 0.3),
        "quaternarylabel": translucent(0x3C3C43, 0.18, 0xEBEBF5, 0.16),
        "placeholdertext": translucent(0x3C3C43, 0.3, 0xEBEBF5, 0.3),
        "link": pair(0x007AFF, 0x0984FF),
        "separator": translucent(0x3C3C43, 0.29, 0x545458, 0.6),
        "opaqueseparator": pair(0xC6C6C8, 0x38383A),
        "systembackground": pair(0xFFFFFF, 0x000000),
        "secondarysystembackground": pair(0xF2F2F7, 0x1C1C1E),
        "tertiarysystembackground": pair(0xFFFFFF, 0x2C2C2E),
        "systemgroupedbackground": pair(0xF2F2F7, 0x000000),
        "secondarysystemgroupedbackground": pair(0xFFFFFF, 0x1C1C1E),
        "tertiarysystemgroupedbackground": pair(0xF2F2F7, 0x2C2C2E),
        "systemfill": translucent(0x787880, 0.2, 0x787880, 0.36),
        "secondarysystemfill": translucent(0x787880, 0.16, 0x787880, 0.32),
        "tertiarysystemfill": translucent(0x767680, 0.12, 0x767680, 0.24),
        "quaternarysystemfill": translucent(0x747480, 0.08, 0x767680, 0.18),
        "darktext": pair(0x000000, 0x000000),
        "lighttext": translucent(0xFFFFFF, 0.6, 0xFFFFFF, 0.6),
        "white": pair(0xFFFFFF, 0xFFFFFF),
        "black": pair(0x000000, 0x000000),
        "clear": translucent(0x000000, 0, 0x000000, 0),
        "tint": pair(0x007AFF, 0x0A84FF),
    ]

    /// macOS's own semantic colours; its system hues equal iOS's.
    private static let macOS: [String: Pair] = [
        "label": translucent(0x000000, 0.85, 0xFFFFFF, 0.85),
        "secondarylabel": translucent(0x000000, 0.5, 0xFFFFFF, 0.55),
        "tertiarylabel": translucent(0x000000, 0.26, 0xFFFFFF, 0.25),
        "quaternarylabel": translucent(0x000000, 0.1, 0xFFFFFF, 0.1),
        "text": pair(0x000000, 0xFFFFFF),
        "textbackground": pair(0xFFFFFF, 0x1E1E1E),
        "windowbackground": pair(0xECECEC, 0x323232),
        "underpagebackground": pair(0x969696, 0x282828),
        "controlbackground": pair(0xFFFFFF, 0x1E1E1E),
        "control": pair(0xFFFFFF, 0x3F3F3F),
        "controltext": translucent(0x000000, 0.85, 0xFFFFFF, 0.85),
        "controlaccent": pair(0x007AFF, 0x0A84FF),
        "selectedcontentbackground": pair(0x0063E1, 0x0059D1),
        "separator": translucent(0x000000, 0.1, 0xFFFFFF, 0.1),
        "grid": pair(0xE6E6E6, 0x1A1A1A),
        "headertext": translucent(0x000000, 0.85, 0xFFFFFF, 1),
        "placeholdertext": translucent(0x000000, 0.25, 0xFFFFFF, 0.25),
        "link": pair(0x0068DA, 0x419CFF),
        "findhighlight": pair(0xFFFF00, 0xFFFF00),
        "shadow": pair(0x000000, 0x000000),
    ]

    /// The colour a reference names in one appearance; nil for a name
    /// Galley does not know. `platform` is `ios`, `osx` or `universal`.
    package static func color(named reference: String, platform: String?, appearance: Luminosity, contrast: Contrast = .normal)
        -> CatalogColor?
    {
        var key = reference.lowercased()
        if key.hasSuffix("color") { key.removeLast("color".count) }
        let pair = platform == "osx" ? (macOS[key] ?? iOS[key]) : (iOS[key] ?? macOS[key])
        guard let pair else { return nil }
        switch (appearance, contrast) {
        case (.light, .normal): return pair.light
        case (.dark, .normal): return pair.dark
        case (.light, .high): return pair.lightHigh ?? pair.light
        case (.dark, .high): return pair.darkHigh ?? pair.dark
        }
    }
}
