import GalleyCore

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

extension EditorVocabulary {
    /// The configured tag names, the key that holds an item's image prefix,
    /// and every asset with the file it resolves to on the previewed device.
    init(schema: ContentSchema, assets: AssetIndex, traits: AssetTraits) {
        let entries = assets.catalog.imageNames.sorted().compactMap { name -> Asset? in
            guard let resolution = assets.catalog.image(named: name, for: traits), let image = assets.images[resolution.path] else { return nil }
            let folder = RelativePath.folder(of: image.path)
            let definition = folder.hasByteSuffix(".imageset") ? folder + "/Contents.json" : image.path
            return Asset(name: name, file: image.path, url: image.isDisplayable ? image.url : "", definition: definition)
        }
        self.init(tags: schema.kinds.compactMap(\.tagName), imageKey: schema.imageKey, assets: entries)
    }
}
