/// The names an editor completes and looks up in a content folder.
public struct EditorVocabulary: Equatable, Sendable {
    public struct Asset: Equatable, Sendable {
        public var name: String
        /// The image file the preview shows for it, relative to the content folder.
        public var file: String
        /// Its URL on the preview server (`/files/…?v=…`); empty when browsers cannot show it.
        public var url: String
        /// What "go to definition" opens: the image set's `Contents.json`, or the file.
        public var definition: String

        public init(name: String, file: String, url: String, definition: String) {
            self.name = name
            self.file = file
            self.url = url
            self.definition = definition
        }
    }

    /// Tag names of the configured kinds (`image`, `caption`…).
    public var tags: [String]
    /// The item key that holds the image prefix (`imageName`).
    public var imageKey: String
    public var assets: [Asset]

    public init(tags: [String], imageKey: String, assets: [Asset]) {
        self.tags = tags
        self.imageKey = imageKey
        self.assets = assets
    }
}
