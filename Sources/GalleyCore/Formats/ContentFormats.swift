/// The registry of content formats: every place that asks "is this file
/// content, and what does it hold" asks here, so a new format is never
/// missed by one of them.
package enum ContentFormats {
    /// Every format, asked in this order; the first that claims a file reads
    /// it. Bundles come first: a bundle's text file (`X.rtfd/TXT.rtf`) would
    /// otherwise be taken for a file of its own.
    package static let all: [any ContentFormat] = [
        RTFDFormat(),
        DataFileFormat(),
        PropertyListFormat(),
        TextFileFormat(),
        RTFFormat(),
        HTMLFormat(),
    ]

    /// The content file `relativePath` belongs to; nil when no format reads it.
    package static func file(containing relativePath: RelativePath) -> ContentFile? {
        for format in all {
            if let file = format.file(containing: relativePath) { return file }
        }
        return nil
    }

    /// Whether `path` (a folder, with or without a trailing `/`) is a bundle
    /// that holds one document.
    package static func isBundle(_ path: String) -> Bool {
        let folder = path.removingByteSuffix("/") ?? path
        guard let file = file(containing: RelativePath(rawValue: folder)) else { return false }
        return file.isBundle && file.path.rawValue == folder
    }

    /// The documents in `bytes` read as the file at `relativePath` (an editor's
    /// unsaved buffer, say); nil when no format reads that path.
    package static func read(_ bytes: [UInt8], at relativePath: RelativePath, in context: ReadingContext) -> FileReading? {
        guard let file = file(containing: relativePath), file.sourcePath == relativePath else { return nil }
        return file.read(bytes, in: context)
    }
}
