/// What `galley.json` in the content folder says: the content schema and
/// how the preview shows it.
package struct GalleyConfig: Sendable {
    package enum Appearance: String, Sendable {
        case light, dark, system
    }

    package var schema: ContentSchema
    /// The preview's device width in points.
    package var deviceWidth: Double
    package var appearance: Appearance
    /// Titles for documents that carry none of their own (RTF, HTML, text),
    /// by path relative to the content folder, or for every localisation of
    /// a file by its path with `*.lproj` (`*.lproj/Help.rtf`). A title that
    /// is a key of the app's strings shows its value (`AppStrings`).
    package var titles: [String: String]
    /// Where each title is written in `galley.json`, by the same paths.
    package var titleRanges: [String: SourceRange] = [:]
    /// The content's language (a BCP 47 tag such as `ja` or `zh-Hans`),
    /// when the project names one; see `DocumentLanguage`.
    package var language: String?
    /// A folder of font files (`fonts`), relative to the content folder:
    /// the author's own copies of the app's fonts, used before any stand-in.
    package var fontFolder: String?
    /// The iOS SDK the app is built with (`sdk`), whose layout rules the preview follows.
    package var sdk: PlatformSDK = .newest
    /// The article's `VStack` (`stack`).
    package var stack = StackStyle()

    /// The layout rules in force on a screen `width` points wide (the
    /// device's pixel); by default the configured device's.
    package func layoutRules(screenWidth width: Double? = nil) -> LayoutRules {
        LayoutRules(sdk: sdk, stack: stack, navigationBar: schema.navigationTitle?.displayMode).onScreen(width: width ?? deviceWidth)
    }

    package init(
        schema: ContentSchema = .seed, deviceWidth: Double = Double(PreviewDevice.defaultWidth), appearance: Appearance = .system,
        titles: [String: String] = [:], language: String? = nil
    ) {
        self.schema = schema
        self.deviceWidth = deviceWidth
        self.appearance = appearance
        self.titles = titles
        self.language = language
    }

    /// The seed's app on a 390 pt phone, used when there is no `galley.json`.
    package static let standard = GalleyConfig()
}
