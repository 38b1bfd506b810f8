/// An image the renderer can point at: a URL and, when known, its pixel size.
package struct ResolvedImage: Sendable, Equatable {
    package var url: String
    package var width: Int?
    package var height: Int?
    /// Set for a file that exists but browsers cannot show (TIFF, PDF):
    /// the renderer shows this label instead of an image.
    package var placeholder: String?
    /// The file each device and appearance the page can simulate would
    /// load, keyed as `PreviewDevice.key` (`ipad-dark`); empty when every
    /// one loads `url`. The page switches between them without a reload.
    package var variants: [ImageVariant] = []
    /// A template image: the app paints its shape in the foreground colour.
    package var isTemplate = false
    /// Why files of it (by path) cannot be shown as they are, when some
    /// cannot: the renderer hands these back in `RenderedDocument.imageProblems`.
    package var problems: [String: String] = [:]

    package init(url: String, width: Int? = nil, height: Int? = nil, placeholder: String? = nil) {
        self.url = url
        self.width = width
        self.height = height
        self.placeholder = placeholder
    }
}

/// One device's file of an image asset.
package struct ImageVariant: Sendable, Equatable {
    package var key: String
    package var url: String
    package var width: Int?
    package var height: Int?

    package init(key: String, url: String, width: Int?, height: Int?) {
        self.key = key
        self.url = url
        self.width = width
        self.height = height
    }
}

/// What the renderer needs from outside the document, given as values and
/// lookups so that rendering stays a pure function.
package struct RenderContext {
    /// Resolves an app asset name (`lpenguin_02`) to an image.
    package var resolveAsset: (String) -> ResolvedImage?
    /// Resolves a file named by the document (an RTFD attachment).
    package var resolveFile: (String) -> ResolvedImage?
    /// The block kinds, for their styles.
    package var schema: ContentSchema
    /// The direction the app lays the document out in (see
    /// `WritingDirection.decide`); nil leaves it to each paragraph.
    package var direction: WritingDirection?
    /// The metrics of the face that draws a font family a rich-text
    /// document names (`TextFaces`), for its lines' heights (`TextViewLines`).
    package var faceMetrics: (String) -> FontMetrics

    /// With no `faceMetrics`, every face has a common 1.2 em line.
    package init(
        schema: ContentSchema = .seed,
        direction: WritingDirection? = nil,
        faceMetrics: @escaping (String) -> FontMetrics = { _ in TextFaces.unknownMetrics },
        resolveAsset: @escaping (String) -> ResolvedImage? = { _ in nil },
        resolveFile: @escaping (String) -> ResolvedImage? = { _ in nil }
    ) {
        self.schema = schema
        self.direction = direction
        self.faceMetrics = faceMetrics
        self.resolveAsset = resolveAsset
        self.resolveFile = resolveFile
    }
}
