/// The names an editor completes and looks up in a content folder.
struct EditorVocabulary: Equatable {
    struct Asset: Equatable {
        var name: String
        /// The image file the preview shows for it, relative to the content folder.
        var file: String
        /// Its URL on the preview server (`/files/…?v=…`); empty when browsers cannot show it.
        var url: String
        /// What "go to definition" opens: the image set's `Contents.json`, or the file.
        var definition: String
    }

    /// Tag names of the configured kinds (`image`, `caption`…).
    var tags: [String]
    /// The item key that holds the image prefix (`imageName`).
    var imageKey: String
    var assets: [Asset]
}
