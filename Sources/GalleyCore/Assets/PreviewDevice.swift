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

    /// iPhones in portrait (375 to 430 pt) are 3x with a compact width; the
    /// 820 pt iPad is 2x and regular both ways.
    public static let all: [PreviewDevice] = [
        PreviewDevice(name: "iphone", minimumWidth: 0, idiom: .iphone, scale: 3, widthClass: .compact, heightClass: .regular),
        PreviewDevice(name: "ipad", minimumWidth: 600, idiom: .ipad, scale: 2, widthClass: .regular, heightClass: .regular),
    ]

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

    /// Every (device, appearance, contrast) the page can show, with its key.
    public static var pageTraits: [(key: String, traits: AssetTraits)] {
        all.flatMap { device in
            Luminosity.allCases.flatMap { appearance in
                Contrast.allCases.map { (device.key(appearance, $0), device.traits(appearance: appearance, contrast: $0)) }
            }
        }
    }
}
