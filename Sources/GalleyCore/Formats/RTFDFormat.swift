/// RTFD bundles: a folder holding `TXT.rtf` and the images it attaches,
/// all one document named after the folder.
struct RTFDFormat: ContentFormat {
    let name = "rtfd"
    /// The bundle's text, the file that is read.
    static let textFileName = "TXT.rtf"

    func file(containing relativePath: RelativePath) -> ContentFile? {
        // Most paths name no bundle: told without splitting them (every save asks).
        guard RelativePath.mayHaveExtension(relativePath.rawValue, "rtfd") else { return nil }
        // Kept exactly as written (a leading `/` too), so the bundle is a prefix of the path.
        let components = relativePath.rawValue.splitAtSlashes(omittingEmptyParts: false)
        // The innermost bundle: an RTFD inside another is a document of its own.
        guard let bundleIndex = components.lastIndex(where: { RelativePath.hasExtension($0, in: ["rtfd"]) }) else { return nil }
        let bundle = DocumentPath(rawValue: components[...bundleIndex].joined(separator: "/"))
        return ContentFile(bundle: bundle, textFile: Self.textPath(ofBundle: bundle), format: self)
    }

    /// The bundle's text file: where its problems are, for editors and CI to open (a folder they cannot).
    static func textPath(ofBundle bundle: DocumentPath) -> RelativePath {
        RelativePath(rawValue: bundle.rawValue.slashJoined(textFileName))
    }

    func read(_ bytes: [UInt8], of file: ContentFile, in context: ReadingContext) -> FileReading {
        // Diagnostics point into the text file; attachments resolve against the bundle.
        RTFFormat.read(bytes, of: file, in: context, as: .rtfd)
    }

    func read(
        _ bytes: [UInt8], of file: ContentFile, in context: ReadingContext, after previous: FileSnapshot?,
        edit: SourceEdit?
    ) -> FileSnapshot {
        RTFFormat.read(bytes, of: file, in: context, after: previous, edit: edit, as: .rtfd)
    }
}
