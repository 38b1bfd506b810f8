/// The names an editor completes and looks up in a content folder.
package struct EditorVocabulary: Equatable, Sendable {
    package struct Asset: Equatable, Sendable {
        package var name: String
        /// The image file the preview shows for it, relative to the content folder.
        package var file: RelativePath
        /// Its URL on the preview server (`/files/…?v=…`); empty when browsers cannot show it.
        package var url: String
        /// What "go to definition" opens: the image set's `Contents.json`, or the file.
        package var definition: RelativePath

        package init(name: String, file: RelativePath, url: String, definition: RelativePath) {
            self.name = name
            self.file = file
            self.url = url
            self.definition = definition
        }
    }

    /// A key of the app's strings, with its value in each language.
    package struct StringKey: Equatable, Sendable {
        package struct Value: Equatable, Sendable {
            package var language: String
            package var text: String
            /// The file it is written in, relative to the content folder, and where.
            package var path: RelativePath
            package var location: SourceLocation

            package init(language: String, text: String, path: RelativePath, location: SourceLocation) {
                self.language = language
                self.text = text
                self.path = path
                self.location = location
            }

            /// `en.lproj/Localizable.strings:3:1`.
            package var place: String { "\(path):\(location)" }
        }

        package var key: String
        /// In language order.
        package var values: [Value]

        package init(key: String, values: [Value]) {
            self.key = key
            self.values = values
        }
    }

    /// Tag names of the configured kinds (`image`, `caption`…).
    package var tags: [String]
    /// The item key that holds the image prefix (`imageName`).
    package var imageKey: String
    package var assets: [Asset]
    /// The app's string keys, in key order: what a title in `galley.json` may name.
    package var strings: [StringKey]

    package init(tags: [String], imageKey: String, assets: [Asset], strings: [StringKey] = []) {
        self.tags = tags
        self.imageKey = imageKey
        self.assets = assets
        self.strings = strings
    }
}
