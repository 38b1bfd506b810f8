/// RTFD bundles: a folder holding `TXT.rtf` and the images it attaches,
/// all one document named after the folder.
struct RTFDFormat: ContentFormat {
    let name = "rtfd"
    /// The bundle's text, the file that is read.
    static let textFileName = "TXT.rtf"

    func file(containing relativePath: String) -> ContentFile? {
        // Most paths name no bundle: told without splitting them (every save asks).
        guard RelativePath.mayHaveExtension(relativePath, "rtfd") else { return nil }
        // Kept exactly as written (a leading `/` too), so the bundle is a prefix of the path.
        let components = relativePath.splitAtSlashes(omittingEmptyParts: false)
        // The innermost bundle: an RTFD inside another is a document of its own.
        guard let bundleIndex = components.lastIndex(where: { RelativePath.hasExtension($0, in: ["rtfd"]) }) else { return nil }
        let bundle = components[...bundleIndex].joined(separator: "/")
        return ContentFile(path: bundle, sourcePath: Self.textPath(ofBundle: bundle), format: self)
    }

    /// The bundle's text file: where its problems are, for editors and CI to open (a folder they cannot).
    static func textPath(ofBundle bundle: String) -> String {
        bundle.slashJoined(textFileName)
    }

    func read(_ bytes: [UInt8], of file: ContentFile, in context: ReadingContext) -> FileReading {
        // Diagnostics point into the text file; attachments resolve against the bundle.
        let result = RTFReader.read(bytes, path: file.sourcePath.rawValue, converters: context.converters)
        return Self.documents(result.document, result.diagnostics, of: file, in: context)
    }

    func read(
        _ bytes: [UInt8], of file: ContentFile, in context: ReadingContext, after previous: FileSnapshot?,
        edit: SourceEdit?
    ) -> FileSnapshot {
        let reading = RTFFormat.reading(bytes, path: file.sourcePath.rawValue, after: previous, edit: edit, in: context)
        return FileSnapshot(
            reading: Self.documents(reading.document, reading.diagnostics, of: file, in: context),
            resume: reading.canBeResumed ? reading : nil, bytesRead: reading.bytesRead)
    }

    private static func documents(_ document: Document, _ diagnostics: [Diagnostic], of file: ContentFile, in context: ReadingContext)
        -> FileReading
    {
        var document = document
        document.kind = .rtfd
        document = DocumentNaming.titled(document, path: file.path.rawValue, config: context.config)
        return .documents([DocumentSource(path: file.path.rawValue, document: document, diagnostics: diagnostics)])
    }
}
