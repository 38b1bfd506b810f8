import Foundation

/// WCAG 2.2's contrast between two colours, as an accessibility audit of
/// the built app would compute it from the pixels the device draws.
package enum ContrastRatio {
    /// The ratio (1 to 21) of `foreground` drawn over `background`; a
    /// translucent foreground is first blended over the background, as the
    /// screen shows it.
    package static func of(_ foreground: CatalogColor, on background: CatalogColor) -> Double {
        let shown = blended(foreground, over: background)
        let lighter = max(luminance(shown), luminance(background))
        let darker = min(luminance(shown), luminance(background))
        return (lighter + 0.05) / (darker + 0.05)
    }

    /// The least ratio text of `points` and `weight` needs (WCAG 2.2, 1.4.3):
    /// 3:1 for large text (18 pt, or 14 pt bold), 4.5:1 otherwise.
    package static func required(points: Double, isBold: Bool) -> Double {
        points >= 18 || (isBold && points >= 14) ? 3 : 4.5
    }

    /// Relative luminance: the Y of the colour's linear components in its own space.
    static func luminance(_ color: CatalogColor) -> Double {
        switch color.space {
        case .sRGB, .extendedSRGB:
            return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
        case .extendedLinearSRGB:
            let clipped = SRGBTransferCurve.clipped
            return 0.2126 * clipped(color.red) + 0.7152 * clipped(color.green) + 0.0722 * clipped(color.blue)
        case .displayP3:
            // Display P3 shares sRGB's transfer curve; its primaries give these Y weights (D65).
            return 0.228_975 * linear(color.red) + 0.691_739 * linear(color.green) + 0.079_287 * linear(color.blue)
        case .grayGamma22, .extendedGray:
            return SRGBTransferCurve.linear(fromGrayGamma22: color.red)
        }
    }

    /// The colour seen where `color` is drawn over an opaque `background`,
    /// blended in the encoded values as a display does.
    static func blended(_ color: CatalogColor, over background: CatalogColor) -> CatalogColor {
        guard color.alpha < 1 else { return color }
        let top = color.encodedSRGB
        let bottom = background.encodedSRGB
        let alpha = max(0, color.alpha)
        func mix(_ over: Double, _ under: Double) -> Double { over * alpha + under * (1 - alpha) }
        return CatalogColor(red: mix(top.red, bottom.red), green: mix(top.green, bottom.green), blue: mix(top.blue, bottom.blue))
    }

    private static func linear(_ component: Double) -> Double {
        SRGBTransferCurve.linear(fromEncoded: component)
    }
}
