/// `.txt` files: tagged blocks, one per line, or plain text.
struct TextFileFormat: ContentFormat {
    let name = "text"

    func file(containing relativePath: String) -> ContentFile? {
        RelativePath.hasExtension(relativePath, in: ["txt"]) ? ContentFile(path: relativePath, format: self) : nil
    }

    func read(_ bytes: [UInt8], of file: ContentFile, in context: ReadingContext) -> FileReading {
        let result = TextFileReader(schema: context.config.schema, path: file.path.rawValue).read(bytes)
        let document = DocumentNaming.titled(result.document, path: file.path.rawValue, config: context.config)
        return .documents([DocumentSource(path: file.path.rawValue, document: document, diagnostics: result.diagnostics)])
    }
}
