/// What `galley.json` in the content folder says: the content schema and
/// how the preview shows it.
public struct GalleyConfig: Sendable {
    public enum Appearance: String, Sendable {
        case light, dark, system
    }

    public var schema: ContentSchema
    /// The preview's device width in points.
    public var deviceWidth: Double
    public var appearance: Appearance

    public init(schema: ContentSchema = .seed, deviceWidth: Double = 390, appearance: Appearance = .system) {
        self.schema = schema
        self.deviceWidth = deviceWidth
        self.appearance = appearance
    }

    /// The seed's app on a 390 pt phone, used when there is no `galley.json`.
    public static let standard = GalleyConfig()
}
