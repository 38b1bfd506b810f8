import Foundation

/// The sRGB transfer curve (IEC 61966-2-1) between encoded components and
/// linear light, and the gamma-2.2 ramp of Xcode's grey spaces: the one
/// place a colour's components change between encodings.
///
/// Every input is clipped to 0...1 first. The curve is defined on that
/// range only, and what these conversions serve is what a display shows
/// (8-bit CSS, WCAG luminance, blending two colours), which is clipped
/// there too; an extended colour's values beyond it stay in its own
/// space's CSS (`color(srgb …)`), which never passes through here.
enum SRGBTransferCurve {
    /// Linear light of an encoded sRGB (or Display P3, which shares the curve) component.
    static func linear(fromEncoded component: Double) -> Double {
        let value = clipped(component)
        return value <= 0.040_45 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// The encoded sRGB component of linear light `linear`.
    static func encoded(fromLinear linear: Double) -> Double {
        let value = clipped(linear)
        return value <= 0.003_130_8 ? 12.92 * value : 1.055 * pow(value, 1 / 2.4) - 0.055
    }

    /// Linear light of a `white` component of `gray-gamma-22` or `extended-gray`.
    static func linear(fromGrayGamma22 white: Double) -> Double {
        pow(clipped(white), 2.2)
    }

    /// A component or linear light as a display shows it: within 0...1.
    static func clipped(_ component: Double) -> Double {
        min(max(component, 0), 1)
    }
}
