/// A device the preview page can simulate. The page chooses a width; the
/// width says which device it is, and so which files the app would load.
package struct PreviewDevice: Sendable, Equatable {
    /// The key the page and the renderer share (`iphone`, `ipad`).
    package var name: String
    /// The narrowest width, in points, shown as this device.
    package var minimumWidth: Int
    package var idiom: DeviceIdiom
    package var scale: Int
    package var widthClass: SizeClass
    package var heightClass: SizeClass
    /// The widths the page offers for this device, with their names.
    package var presets: [Preset]
    /// `UINavigationBar`'s height with an inline title, and with a large one
    /// (the inline bar plus the large title's 52 pt row).
    package var inlineBarHeight: Double
    package var largeBarHeight: Double

    /// A width in points the page's device menu offers, and that screen's
    /// safe area in portrait: the status bar's height above, the home
    /// indicator's below.
    package struct Preset: Sendable, Equatable {
        package var width: Int
        package var label: String
        package var safeAreaTop: Double
        package var safeAreaBottom: Double
    }

    /// iPhones in portrait (375 to 430 pt) are 3x with a compact width; the
    /// 820 pt iPad is 2x and regular both ways. Safe areas as UIKit reports
    /// them in portrait: 50 pt on the 12 and 13 mini, 47 on the 12 to 14,
    /// 59 with the Dynamic Island (14 Pro and later), 34 below on every
    /// iPhone without a home button; 24 and 20 on the iPad Air. Bars: 44 pt
    /// inline and 96 large on iPhone, 50 and 102 on iPad.
    package static let all: [PreviewDevice] = [
        PreviewDevice(
            name: "iphone", minimumWidth: 0, idiom: .iphone, scale: 3, widthClass: .compact, heightClass: .regular,
            presets: [
                Preset(width: 375, label: "iPhone mini", safeAreaTop: 50, safeAreaBottom: 34),
                Preset(width: 390, label: "iPhone", safeAreaTop: 47, safeAreaBottom: 34),
                Preset(width: 393, label: "iPhone Pro", safeAreaTop: 59, safeAreaBottom: 34),
                Preset(width: 430, label: "Pro Max", safeAreaTop: 59, safeAreaBottom: 34),
            ], inlineBarHeight: 44, largeBarHeight: 96),
        PreviewDevice(
            name: "ipad", minimumWidth: 600, idiom: .ipad, scale: 2, widthClass: .regular, heightClass: .regular,
            presets: [
                Preset(width: 820, label: "iPad", safeAreaTop: 24, safeAreaBottom: 20)
            ], inlineBarHeight: 50, largeBarHeight: 102),
    ]

    /// The navigation bar's height for a title shown `displayMode`.
    package func barHeight(_ displayMode: NavigationTitle.DisplayMode) -> Double {
        switch displayMode {
        case .inline: inlineBarHeight
        case .large: largeBarHeight
        }
    }

    /// The width shown when `galley.json` names none: the seed app's iPhone.
    package static let defaultWidth = 390

    /// The table the page picks devices from (`layout.devices` in a
    /// document answer): the page keeps no copy of it.
    package static func writeTable(into json: inout JSONWriter) {
        json.beginArray()
        for device in all {
            json.beginObject()
            json.field("name", device.name)
            json.field("minWidth", device.minimumWidth)
            json.field("scale", device.scale)
            json.key("bars")
            json.beginObject()
            json.key("inline")
            json.number(device.inlineBarHeight)
            json.key("large")
            json.number(device.largeBarHeight)
            json.endObject()
            json.key("widths")
            json.beginArray()
            for preset in device.presets {
                json.beginObject()
                json.field("width", preset.width)
                json.field("label", preset.label)
                json.key("safeArea")
                json.beginArray()
                json.number(preset.safeAreaTop)
                json.number(preset.safeAreaBottom)
                json.endArray()
                json.endObject()
            }
            json.endArray()
            json.endObject()
        }
        json.endArray()
    }

    /// The device a page width simulates.
    package static func forWidth(_ width: Double) -> PreviewDevice {
        all.last { Double($0.minimumWidth) <= width } ?? all[0]
    }

    package func traits(appearance: Luminosity, contrast: Contrast = .normal) -> AssetTraits {
        AssetTraits(
            idiom: idiom, scale: scale, appearance: appearance, contrast: contrast, widthClass: widthClass, heightClass: heightClass)
    }

    /// The page's key for this device in one appearance: `iphone-dark`,
    /// `ipad-light-high` with the reader's "increase contrast" setting.
    package func key(_ appearance: Luminosity, _ contrast: Contrast = .normal) -> String {
        name + "-" + appearance.rawValue + (contrast == .high ? "-high" : "")
    }

    /// Every (device, appearance, contrast) the page can show, with its key:
    /// made once, as each image of each rendering asks for them.
    package static let pageTraits: [(key: String, traits: AssetTraits)] =
        all.flatMap { device in
            Luminosity.allCases.flatMap { appearance in
                Contrast.allCases.map { (device.key(appearance, $0), device.traits(appearance: appearance, contrast: $0)) }
            }
        }
}
