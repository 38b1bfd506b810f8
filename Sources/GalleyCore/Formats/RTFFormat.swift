/// RTF files: one rich-text document each.
struct RTFFormat: ContentFormat {
    let name = "rtf"

    func file(containing relativePath: String) -> ContentFile? {
        RelativePath.hasExtension(relativePath, in: ["rtf"]) ? ContentFile(path: relativePath, format: name) : nil
    }

    func read(_ bytes: [UInt8], of file: ContentFile, in context: ReadingContext) -> FileReading {
        let result = RTFReader.read(bytes, path: file.path, converters: context.converters)
        let document = DocumentNaming.titled(result.document, path: file.path, config: context.config)
        return .documents([DocumentSource(path: file.path, document: document, diagnostics: result.diagnostics)])
    }
}
