/// The traits of the device an app runs on, as an asset catalog sees them:
/// what UIKit matches a set's variants against.
package struct AssetTraits: Sendable, Hashable {
    package var idiom: DeviceIdiom
    /// Pixels per point: 3 on current iPhones, 2 on iPads.
    package var scale: Int
    package var appearance: Luminosity
    package var contrast: Contrast
    package var widthClass: SizeClass
    package var heightClass: SizeClass
    package var gamut: DisplayGamut
    /// A BCP 47 language tag such as `en` or `ja-JP`; nil: the development language.
    package var locale: String?

    package init(
        idiom: DeviceIdiom, scale: Int, appearance: Luminosity = .light, contrast: Contrast = .normal,
        widthClass: SizeClass, heightClass: SizeClass, gamut: DisplayGamut = .displayP3, locale: String? = nil
    ) {
        self.idiom = idiom
        self.scale = scale
        self.appearance = appearance
        self.contrast = contrast
        self.widthClass = widthClass
        self.heightClass = heightClass
        self.gamut = gamut
        self.locale = locale
    }
}

package enum DeviceIdiom: String, Sendable, Hashable, CaseIterable {
    case universal, iphone, ipad, mac, tv, watch, car, vision, marketing
    /// `ios-marketing`, `watch-marketing` and similar App Store slots.
    case other
    init(catalogValue: String) {
        if catalogValue.hasSuffix("marketing") {
            self = .marketing
            return
        }
        if catalogValue == "reality" {
            self = .vision
            return
        }
        self = DeviceIdiom(rawValue: catalogValue) ?? .other
    }

    /// How a message names the device.
    package var displayName: String {
        switch self {
        case .iphone: "an iPhone"
        case .ipad: "an iPad"
        case .mac: "a Mac"
        case .tv: "an Apple TV"
        case .watch: "an Apple Watch"
        case .vision: "an Apple Vision Pro"
        case .car: "CarPlay"
        default: "the device"
        }
    }
}

/// Light or dark appearance (the catalog calls it luminosity).
package enum Luminosity: String, Sendable, Hashable, CaseIterable {
    case light, dark
}

package enum Contrast: String, Sendable, Hashable, CaseIterable {
    case normal, high
}

package enum SizeClass: String, Sendable, Hashable {
    case compact, regular
}

package enum DisplayGamut: String, Sendable, Hashable {
    case sRGB
    case displayP3 = "display-P3"
}
