/// HTML files: one document each, shown as a text view shows HTML.
struct HTMLFormat: ContentFormat {
    let name = "html"

    func file(containing relativePath: RelativePath) -> ContentFile? {
        RelativePath.hasExtension(relativePath.rawValue, in: ["html", "htm"]) ? ContentFile(file: relativePath, format: self) : nil
    }

    func read(_ bytes: [UInt8], of file: ContentFile, in context: ReadingContext) -> FileReading {
        let result = HTMLDocumentReader.read(bytes, path: file.sourcePath, converters: context.converters)
        let document = DocumentNaming.titled(result.document, path: file.path, config: context.config)
        return .documents([DocumentSource(path: file.path, document: document, diagnostics: result.diagnostics)])
    }
}
