/// An image the renderer can point at: a URL and, when known, its pixel size.
public struct ResolvedImage: Sendable, Equatable {
    public var url: String
    public var width: Int?
    public var height: Int?
    /// Set for a file that exists but browsers cannot show (TIFF, PDF):
    /// the renderer shows this label instead of an image.
    public var placeholder: String?

    public init(url: String, width: Int? = nil, height: Int? = nil, placeholder: String? = nil) {
        self.url = url
        self.width = width
        self.height = height
        self.placeholder = placeholder
    }
}

/// What the renderer needs from outside the document, given as values and
/// lookups so that rendering stays a pure function.
public struct RenderContext {
    /// Resolves an app asset name (`lpenguin_02`) to an image.
    public var resolveAsset: (String) -> ResolvedImage?
    /// Resolves a file named by the document (an RTFD attachment).
    public var resolveFile: (String) -> ResolvedImage?
    /// The block kinds, for their styles.
    public var schema: ContentSchema

    public init(
        schema: ContentSchema = .seed,
        resolveAsset: @escaping (String) -> ResolvedImage? = { _ in nil },
        resolveFile: @escaping (String) -> ResolvedImage? = { _ in nil }
    ) {
        self.schema = schema
        self.resolveAsset = resolveAsset
        self.resolveFile = resolveFile
    }
}
