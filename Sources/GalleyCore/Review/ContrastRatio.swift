import Foundation

/// WCAG 2.2's contrast between two colours, as an accessibility audit of
/// the built app would compute it from the pixels the device draws.
public enum ContrastRatio {
    /// The ratio (1 to 21) of `foreground` drawn over `background`; a
    /// translucent foreground is first blended over the background, as the
    /// screen shows it.
    public static func of(_ foreground: CatalogColor, on background: CatalogColor) -> Double {
        let shown = blended(foreground, over: background)
        let lighter = max(luminance(shown), luminance(background))
        let darker = min(luminance(shown), luminance(background))
        return (lighter + 0.05) / (darker + 0.05)
    }

    /// The least ratio text of `points` and `weight` needs (WCAG 2.2, 1.4.3):
    /// 3:1 for large text (18 pt, or 14 pt bold), 4.5:1 otherwise.
    public static func required(points: Double, isBold: Bool) -> Double {
        points >= 18 || (isBold && points >= 14) ? 3 : 4.5
    }

    /// Relative luminance: the Y of the colour's linear components in its own space.
    static func luminance(_ color: CatalogColor) -> Double {
        switch color.space {
        case .sRGB, .extendedSRGB:
            return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
        case .extendedLinearSRGB:
            return 0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue
        case .displayP3:
            // Display P3 shares sRGB's transfer curve; its primaries give these Y weights (D65).
            return 0.228_975 * linear(color.red) + 0.691_739 * linear(color.green) + 0.079_287 * linear(color.blue)
        case .grayGamma22, .extendedGray:
            return pow(max(0, color.red), 2.2)
        }
    }

    /// The colour seen where `color` is drawn over an opaque `background`,
    /// blended in the encoded values as a display does.
    static func blended(_ color: CatalogColor, over background: CatalogColor) -> CatalogColor {
        guard color.alpha < 1 else { return color }
        let top = encodedSRGB(color)
        let bottom = encodedSRGB(background)
        let alpha = max(0, color.alpha)
        func mix(_ over: Double, _ under: Double) -> Double { over * alpha + under * (1 - alpha) }
        return CatalogColor(red: mix(top.red, bottom.red), green: mix(top.green, bottom.green), blue: mix(top.blue, bottom.blue))
    }

    /// The colour's components as sRGB encodes them (blending needs one space).
    static func encodedSRGB(_ color: CatalogColor) -> CatalogColor {
        switch color.space {
        case .sRGB, .extendedSRGB, .displayP3:
            // P3's gamut is wider, but for blending two colours' nearby values the encoded components are close enough.
            return CatalogColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        case .extendedLinearSRGB:
            return CatalogColor(red: encode(color.red), green: encode(color.green), blue: encode(color.blue), alpha: color.alpha)
        case .grayGamma22, .extendedGray:
            let level = encode(pow(max(0, color.red), 2.2))
            return CatalogColor(red: level, green: level, blue: level, alpha: color.alpha)
        }
    }

    private static func linear(_ component: Double) -> Double {
        let value = min(max(component, 0), 1)
        return value <= 0.040_45 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    private static func encode(_ linear: Double) -> Double {
        let value = min(max(linear, 0), 1)
        return value <= 0.003_130_8 ? 12.92 * value : 1.055 * pow(value, 1 / 2.4) - 0.055
    }
}
