/// `.txt` files: tagged blocks, one per line, or plain text.
struct TextFileFormat: ContentFormat {
    let name = "text"

    func file(containing relativePath: RelativePath) -> ContentFile? {
        RelativePath.hasExtension(relativePath.rawValue, in: ["txt"]) ? ContentFile(file: relativePath, format: self) : nil
    }

    func read(_ bytes: [UInt8], of file: ContentFile, in context: ReadingContext) -> FileReading {
        let reading = TextFileReader(schema: context.config.schema, path: file.sourcePath).snapshot(of: bytes)
        return Self.documents(reading, of: file, in: context)
    }

    func read(
        _ bytes: [UInt8], of file: ContentFile, in context: ReadingContext, after previous: FileSnapshot?,
        edit: SourceEdit?
    ) -> FileSnapshot {
        let reader = TextFileReader(schema: context.config.schema, path: file.sourcePath)
        let snapshot = TextFileSnapshot.reading(
            after: previous, reread: { reader.reread(bytes, after: $0, edit: edit) }, else: { reader.snapshot(of: bytes) })
        return FileSnapshot(
            reading: Self.documents(snapshot, of: file, in: context), resume: snapshot, bytesRead: snapshot.bytesRead,
            changedDocuments: snapshot.changed.map { $0 ? [0] : [] })
    }

    /// The file's one document, titled as `galley.json` says.
    private static func documents(_ reading: TextFileSnapshot, of file: ContentFile, in context: ReadingContext) -> FileReading {
        let document = DocumentNaming.titled(reading.document, path: file.path, config: context.config)
        return .documents([DocumentSource(path: file.path, document: document, diagnostics: reading.diagnostics)])
    }
}
