import Foundation

/// A colour as an asset catalog stores it: components in a colour space.
public struct CatalogColor: Sendable, Equatable {
    public enum Space: String, Sendable, Equatable {
        case sRGB = "srgb"
        case extendedSRGB = "extended-srgb"
        case extendedLinearSRGB = "extended-linear-srgb"
        case displayP3 = "display-p3"
        /// A grey given by one `white` component, gamma 2.2.
        case grayGamma22 = "gray-gamma-22"
        case extendedGray = "extended-gray"
    }

    public var space: Space
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(space: Space = .sRGB, red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.space = space
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey in gamma 2.2, as Xcode's `gray-gamma-22` writes it.
    public init(white: Double, alpha: Double, space: Space = .grayGamma22) {
        self.init(space: space, red: white, green: white, blue: white, alpha: alpha)
    }

    /// 8-bit sRGB (`0x007AFF`), as system colours are published.
    init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double(hex >> 16 & 0xFF) / 255, green: Double(hex >> 8 & 0xFF) / 255, blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    /// The same colour as a CSS value, in the colour space it was given in.
    public var css: String {
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
            let level = CatalogColor.encodeSRGB(pow(max(0, red), 2.2))
            return "rgb(\(byte(level)) \(byte(level)) \(byte(level)) / \(alphaText))"
        }
    }

    private func byte(_ component: Double) -> String {
        String(Int((min(1, max(0, component)) * 255).rounded()))
    }

    private func number(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        return rounded == rounded.rounded() && abs(rounded) < 1e6 ? String(Int(rounded)) : String(rounded)
    }

    private static func encodeSRGB(_ linear: Double) -> Double {
        linear <= 0.003_130_8 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
    }
}
