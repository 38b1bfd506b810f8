/// A device the preview page can simulate. The page chooses a width; the
/// width says which device it is, and so which files the app would load.
public struct PreviewDevice: Sendable, Equatable {
    /// The key the page and the renderer share (`iphone`, `ipad`).
    public var name: String
    /// The narrowest width, in points, shown as this device.
    public var minimumWidth: Int
    public var idiom: DeviceIdiom
    public var scale: Int
    public var widthClass: SizeClass
    public var heightClass: SizeClass
    /// The widths the page offers for this device, with their names.
    public var presets: [Preset]

    /// A width in points the page's device menu offers.
    public struct Preset: Sendable, Equatable {
        public var width: Int
        public var label: String
    }

    /// iPhones in portrait (375 to 430 pt) are 3x with a compact width; the
    /// 820 pt iPad is 2x and regular both ways.
    public static let all: [PreviewDevice] = [
        PreviewDevice(name: "iphone", minimumWidth: 0, idiom: .iphone, scale: 3, widthClass: .compact, heightClass: .regular, presets: [
            Preset(width: 375, label: "iPhone mini"), Preset(width: 390, label: "iPhone"),
            Preset(width: 393, label: "iPhone Pro"), Preset(width: 430, label: "Pro Max"),
        ]),
        PreviewDevice(name: "ipad", minimumWidth: 600, idiom: .ipad, scale: 2, widthClass: .regular, heightClass: .regular, presets: [
            Preset(width: 820, label: "iPad"),
        ]),
    ]

    /// The width shown when `galley.json` names none: the seed app's iPhone.
    public static let defaultWidth = 390

    /// The table the page picks devices from (`layout.devices` in a
    /// document answer): the page keeps no copy of it.
    public static func writeTable(into json: inout JSONWriter) {
        json.beginArray()
        for device in all {
            json.beginObject()
            json.field("name", device.name)
            json.field("minWidth", device.minimumWidth)
            json.field("scale", device.scale)
            json.key("widths")
            json.beginArray()
            for preset in device.presets {
                json.beginObject()
                json.field("width", preset.width)
                json.field("label", preset.label)
                json.endObject()
            }
            json.endArray()
            json.endObject()
        }
        json.endArray()
    }

    /// The device a page width simulates.
    public static func forWidth(_ width: Double) -> PreviewDevice {
        all.last { Double($0.minimumWidth) <= width } ?? all[0]
    }

    public func traits(appearance: Luminosity, contrast: Contrast = .normal) -> AssetTraits {
        AssetTraits(idiom: idiom, scale: scale, appearance: appearance, contrast: contrast, widthClass: widthClass, heightClass: heightClass)
    }

    /// The page's key for this device in one appearance: `iphone-dark`,
    /// `ipad-light-high` with the reader's "increase contrast" setting.
    public func key(_ appearance: Luminosity, _ contrast: Contrast = .normal) -> String {
        name + "-" + appearance.rawValue + (contrast == .high ? "-high" : "")
    }

    /// Every (device, appearance, contrast) the page can show, with its key:
    /// made once, as each image of each rendering asks for them.
    public static let pageTraits: [(key: String, traits: AssetTraits)] =
        all.flatMap { device in
            Luminosity.allCases.flatMap { appearance in
                Contrast.allCases.map { (device.key(appearance, $0), device.traits(appearance: appearance, contrast: $0)) }
            }
        }
}
