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

    /// A key of the app's strings, with its value in each language.
    public struct StringKey: Equatable, Sendable {
        public struct Value: Equatable, Sendable {
            public var language: String
            public var text: String
            /// The file it is written in, relative to the content folder, and where.
            public var path: String
            public var location: SourceLocation

            public init(language: String, text: String, path: String, location: SourceLocation) {
                self.language = language
                self.text = text
                self.path = path
                self.location = location
            }

            /// `en.lproj/Localizable.strings:3:1`.
            public var place: String { "\(path):\(location)" }
        }

        public var key: String
        /// In language order.
        public var values: [Value]

        public init(key: String, values: [Value]) {
            self.key = key
            self.values = values
        }
    }

    /// Tag names of the configured kinds (`image`, `caption`…).
    public var tags: [String]
    /// The item key that holds the image prefix (`imageName`).
    public var imageKey: String
    public var assets: [Asset]
    /// The app's string keys, in key order: what a title in `galley.json` may name.
    public var strings: [StringKey]

    public init(tags: [String], imageKey: String, assets: [Asset], strings: [StringKey] = []) {
        self.tags = tags
        self.imageKey = imageKey
        self.assets = assets
        self.strings = strings
    }
}
