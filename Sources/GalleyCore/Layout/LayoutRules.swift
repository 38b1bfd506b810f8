/// The rules a layout follows beyond the content's own: the SDK the app is
/// built with, its stack, the navigation bar above it, and the device's
/// pixel, to which SwiftUI rounds.
package struct LayoutRules: Sendable, Equatable {
    package var sdk: PlatformSDK
    package var stack: StackStyle
    /// How the bar shows its title; nil when the view has no bar.
    package var navigationBar: NavigationTitle.DisplayMode?
    /// One device pixel in points: 1/3 on a 3× phone.
    package var pixelLength: Double
    /// The bar's height on this screen, where the scrolling content starts.
    package var navigationBarHeight: Double

    package init(
        sdk: PlatformSDK = .newest, stack: StackStyle = StackStyle(), navigationBar: NavigationTitle.DisplayMode? = nil,
        pixelLength: Double = 1.0 / 3.0, navigationBarHeight: Double = 0
    ) {
        self.sdk = sdk
        self.stack = stack
        self.navigationBar = navigationBar
        self.pixelLength = pixelLength
        self.navigationBarHeight = navigationBarHeight
    }

    /// These rules on the device a screen `width` points wide simulates: its pixel and its bar.
    package func onScreen(width: Double) -> LayoutRules {
        let device = PreviewDevice.forWidth(width)
        var rules = self
        rules.pixelLength = 1 / Double(device.scale)
        rules.navigationBarHeight = navigationBar.map(device.barHeight) ?? 0
        return rules
    }
}
