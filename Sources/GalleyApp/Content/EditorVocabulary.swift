import GalleyCore

extension EditorVocabulary {
    /// The configured tag names, the key that holds an item's image prefix,
    /// every asset with the file it resolves to on the previewed device, and
    /// every key of the app's strings with its values.
    init(schema: ContentSchema, assets: AssetIndex, traits: AssetTraits, strings: AppStrings) {
        let entries = assets.catalog.imageNames.sorted().compactMap { name -> Asset? in
            guard let resolution = assets.catalog.image(named: name, for: traits), let image = assets.images[resolution.path] else {
                return nil
            }
            let folder = RelativePath.folder(of: image.path)
            let definition = folder.hasByteSuffix(".imageset") ? folder + "/Contents.json" : image.path
            return Asset(
                name: name, file: RelativePath(rawValue: image.path), url: image.isDisplayable ? image.url : "",
                definition: RelativePath(rawValue: definition))
        }
        let keys = strings.sortedKeys.map { key in
            StringKey(
                key: key,
                values: strings.values(of: key).map { language, value in
                    StringKey.Value(
                        language: language, text: value.text, path: value.path, location: value.location)
                })
        }
        self.init(tags: schema.kinds.compactMap(\.tagName), imageKey: schema.imageKey, assets: entries, strings: keys)
    }
}
