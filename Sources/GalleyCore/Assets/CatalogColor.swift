import Foundation

/// A colour as an asset catalog stores it: components in a colour space.
package struct CatalogColor: Sendable, Equatable {
    package enum Space: String, Sendable, Equatable {
        case sRGB = "srgb"
        case extendedSRGB = "extended-srgb"
        case extendedLinearSRGB = "extended-linear-srgb"
        case displayP3 = "display-p3"
        /// A grey given by one `white` component, gamma 2.2.
        case grayGamma22 = "gray-gamma-22"
        case extendedGray = "extended-gray"
    }

    package var space: Space
    package var red: Double
    package var green: Double
    package var blue: Double
    package var alpha: Double

    package init(space: Space = .sRGB, red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.space = space
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey in gamma 2.2, as Xcode's `gray-gamma-22` writes it.
    package init(white: Double, alpha: Double, space: Space = .grayGamma22) {
        self.init(space: space, red: white, green: white, blue: white, alpha: alpha)
    }

    /// 8-bit sRGB (`0x007AFF`), as system colours are published.
    init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255, blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// The same colour as a CSS value, in the colour space it was given in.
    package var css: String {
        let alphaText = number(alpha)
        switch space {
        case .sRGB:
            return "rgb(\(byte(red)) \(byte(green)) \(byte(blue)) / \(alphaText))"
        case .extendedSRGB:
            return "color(srgb \(number(red)) \(number(green)) \(number(blue)) / \(alphaText))"
        case .extendedLinearSRGB:
            return "color(srgb-linear \(number(red)) \(number(green)) \(number(blue)) / \(alphaText))"
        case .displayP3:
            return "color(display-p3 \(number(red)) \(number(green)) \(number(blue)) / \(alphaText))"
        case .grayGamma22, .extendedGray:
            // CSS has no gamma-2.2 grey: the same light, encoded as sRGB.
            let level = encodedSRGB.red
            return "rgb(\(byte(level)) \(byte(level)) \(byte(level)) / \(alphaText))"
        }
    }

    /// The colour's components as sRGB encodes them, clipped to what a
    /// display shows (blending and 8-bit values need one space).
    var encodedSRGB: CatalogColor {
        switch space {
        case .sRGB, .extendedSRGB, .displayP3:
            // P3's gamut is wider, but for blending two colours' nearby values the encoded components are close enough.
            let clipped = SRGBTransferCurve.clipped
            return CatalogColor(red: clipped(red), green: clipped(green), blue: clipped(blue), alpha: alpha)
        case .extendedLinearSRGB:
            let encoded = SRGBTransferCurve.encoded(fromLinear:)
            return CatalogColor(red: encoded(red), green: encoded(green), blue: encoded(blue), alpha: alpha)
        case .grayGamma22, .extendedGray:
            let level = SRGBTransferCurve.encoded(fromLinear: SRGBTransferCurve.linear(fromGrayGamma22: red))
            return CatalogColor(red: level, green: level, blue: level, alpha: alpha)
        }
    }

    /// An encoded component (clipped to 0...1) as an 8-bit value.
    static func eightBit(_ component: Double) -> Int {
        Int((SRGBTransferCurve.clipped(component) * 255).rounded())
    }

    private func byte(_ component: Double) -> String {
        String(CatalogColor.eightBit(component))
    }

    private func number(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        return rounded == rounded.rounded() && abs(rounded) < 1e6 ? String(Int(rounded)) : String(rounded)
    }
}
