/// RTFD bundles: a folder holding `TXT.rtf` and the images it attaches,
/// all one document named after the folder.
struct RTFDFormat: ContentFormat {
    let name = "rtfd"
    /// The bundle's text, the file that is read.
    static let textFileName = "TXT.rtf"

    func file(containing relativePath: String) -> ContentFile? {
        // Kept exactly as written (a leading `/` too), so the bundle is a prefix of the path.
        let components = relativePath.split(separator: "/", omittingEmptySubsequences: false)
        // The innermost bundle: an RTFD inside another is a document of its own.
        guard let bundleIndex = components.lastIndex(where: { RelativePath.hasExtension(String($0), in: ["rtfd"]) }) else { return nil }
        let bundle = components[...bundleIndex].joined(separator: "/")
        return ContentFile(path: bundle, sourcePath: bundle + "/" + Self.textFileName, format: name)
    }

    func read(_ bytes: [UInt8], of file: ContentFile, in context: ReadingContext) -> FileReading {
        // Diagnostics point into the text file; attachments resolve against the bundle.
        let result = RTFReader.read(bytes, path: file.sourcePath, converters: context.converters)
        var document = result.document
        document.kind = .rtfd
        document = DocumentNaming.titled(document, path: file.path, config: context.config)
        return .documents([DocumentSource(path: file.path, document: document, diagnostics: result.diagnostics)])
    }
}
