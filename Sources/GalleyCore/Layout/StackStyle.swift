/// The article's `VStack` as the app's view declares it (`galley.json`'s
/// `stack`): `VStack(alignment: .leading, spacing: 12)`.
public struct StackStyle: Sendable, Equatable {
    /// Where a view narrower than the column sits.
    public enum Alignment: String, Sendable, CaseIterable {
        case leading, center, trailing
    }

    /// `VStack(spacing:)`; nil, as when the app gives none: each gap comes
    /// from the two neighbours (`ViewSpacing`).
    public var spacing: Double?
    public var alignment: Alignment

    /// A `VStack`'s alignment when the app gives none, as in the seed.
    public init(spacing: Double? = nil, alignment: Alignment = .center) {
        self.spacing = spacing
        self.alignment = alignment
    }

    /// What a `VStack` puts between two views whose spacings do not meet:
    /// UIKit's standard spacing, which SwiftUI's `defaultSpacing` is.
    public static let defaultSpacing = 8.0
}

/// The rules a layout follows beyond the content's own: the SDK the app is
/// built with, its stack, the navigation bar above it, and the device's
/// pixel, to which SwiftUI rounds.
public struct LayoutRules: Sendable, Equatable {
    public var sdk: PlatformSDK
    public var stack: StackStyle
    /// How the bar shows its title; nil when the view has no bar.
    public var navigationBar: NavigationTitle.DisplayMode?
    /// One device pixel in points: 1/3 on a 3× phone.
    public var pixelLength: Double
    /// The bar's height on this screen, where the scrolling content starts.
    public var navigationBarHeight: Double

    public init(sdk: PlatformSDK = .newest, stack: StackStyle = StackStyle(), navigationBar: NavigationTitle.DisplayMode? = nil,
                pixelLength: Double = 1.0 / 3.0, navigationBarHeight: Double = 0) {
        self.sdk = sdk
        self.stack = stack
        self.navigationBar = navigationBar
        self.pixelLength = pixelLength
        self.navigationBarHeight = navigationBarHeight
    }

    /// These rules on the device a screen `width` points wide simulates: its pixel and its bar.
    public func onScreen(width: Double) -> LayoutRules {
        let device = PreviewDevice.forWidth(width)
        var rules = self
        rules.pixelLength = 1 / Double(device.scale)
        rules.navigationBarHeight = navigationBar.map(device.barHeight) ?? 0
        return rules
    }
}
