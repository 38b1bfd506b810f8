/// What one rendering looks up about the font families a document names:
/// each family's CSS and the line height of the face that draws it. A
/// rich-text document names a handful of fonts thousands of times, so each
/// is asked once.
///
/// A value the renderer carries through one rendering and drops with it.
struct FontLookups {
    private let faceMetrics: (String) -> FontMetrics
    private var declarations: [String: String] = [:]
    private var lineHeights: [String: Double] = [:]

    init(faceMetrics: @escaping (String) -> FontMetrics) {
        self.faceMetrics = faceMetrics
    }

    /// The `font-family` value for `family`, with its fallbacks (`FontStack`).
    mutating func declaration(of family: String) -> String {
        if let known = declarations[family] { return known }
        let declaration = FontStack.inlineCSS(for: family)
        declarations[family] = declaration
        return declaration
    }

    /// The line height, in ems, of the face that draws `family`.
    mutating func lineHeight(of family: String) -> Double {
        if let known = lineHeights[family] { return known }
        let height = faceMetrics(family).lineHeight
        lineHeights[family] = height
        return height
    }
}
