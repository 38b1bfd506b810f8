/// An Xcode `*.imageset/Contents.json`, read in full: every entry with the
/// traits it is for, and the set's properties.
package struct ImageSetContents: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        package var conditions: VariantConditions
        /// Nil for an empty slot (Xcode writes one for every scale).
        package var filename: String?
        /// Where the entry's `filename` value is, for "missing file" warnings.
        package var filenameLocation: SourceLocation
    }

    package enum RenderingIntent: String, Sendable, Equatable {
        case template, original
    }

    package var entries: [Entry] = []
    package var preservesVectorRepresentation = false
    /// `template`: the app tints the picture with the foreground colour.
    package var renderingIntent: RenderingIntent?
    package var compressionType: String?
    package var isLocalizable = false
    /// Problems in the file itself (syntax, unknown values).
    package var diagnostics: [Diagnostic] = []

    package init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// The entries that name a file.
    package var filledEntries: [Entry] { entries.filter { $0.filename != nil } }

    /// The file a device with `traits` loads; nil when no entry is for it.
    package func file(for traits: AssetTraits) -> Entry? {
        let filled = filledEntries
        return VariantMatching.bestIndex(filled.map(\.conditions), for: traits).map { filled[$0] }
    }

    /// The file to show for `traits`: the device's own, else the nearest
    /// one of another idiom (with a warning from `AssetCatalog`).
    package func nearestFile(for traits: AssetTraits) -> Entry? {
        let filled = filledEntries
        return VariantMatching.nearestIndex(filled.map(\.conditions), for: traits).map { filled[$0] }
    }

    /// Reads the `Contents.json` at `path` (relative to the content folder).
    package static func read(_ bytes: [UInt8], path: RelativePath) -> ImageSetContents {
        var contents = ImageSetContents()
        var lines = SourceLocator(bytes)
        guard let root = CatalogJSON.parse(bytes, path: path, lines: lines, what: "image set", into: &contents.diagnostics) else {
            return contents
        }
        for image in root.member("images")?.value.arrayValue ?? [] {
            let name = image.member("filename")
            var entry = Entry(
                conditions: VariantConditions(catalogEntry: image),
                filename: name?.value.stringValue.flatMap { $0.isEmpty ? nil : $0 },
                filenameLocation: lines.location(of: name?.value.offset ?? image.offset)
            )
            if let scale = image.member("scale"), entry.conditions.scale == nil {
                contents.diagnostics.append(
                    Diagnostic(
                        path: path, id: .invalidValue, range: lines.range(of: scale.value.headOffsets), severity: .warning,
                        message: "unknown scale \(scale.value.stringValue.map { "'\($0)'" } ?? "value"), expected '1x', '2x' or '3x'"))
                entry.conditions.scale = 1
            }
            contents.entries.append(entry)
        }
        if let properties = root.member("properties")?.value {
            contents.preservesVectorRepresentation = properties.member("preserves-vector-representation")?.value.value == .bool(true)
            contents.renderingIntent = properties.member("template-rendering-intent")?.value.stringValue.flatMap(RenderingIntent.init)
            contents.compressionType = properties.member("compression-type")?.value.stringValue
            contents.isLocalizable = properties.member("localizable")?.value.value == .bool(true)
        }
        return contents
    }
}
