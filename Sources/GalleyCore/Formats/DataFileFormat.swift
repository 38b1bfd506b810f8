/// JSON data files: each item with a text array is one document.
struct DataFileFormat: ContentFormat {
    let name = "json"

    func file(containing relativePath: String) -> ContentFile? {
        guard relativePath != ConfigFile.name, RelativePath.hasExtension(relativePath, in: ["json"]) else { return nil }
        return ContentFile(path: relativePath, format: self)
    }

    func read(_ bytes: [UInt8], of file: ContentFile, in context: ReadingContext) -> FileReading {
        Self.documents(DataFileReader(schema: context.config.schema, path: file.path.rawValue).read(bytes), of: file)
    }

    func read(
        _ bytes: [UInt8], of file: ContentFile, in context: ReadingContext, after previous: FileSnapshot?,
        edit: SourceEdit?
    ) -> FileSnapshot {
        let reader = DataFileReader(schema: context.config.schema, path: file.path.rawValue)
        let snapshot = DataFileSnapshot.reading(
            after: previous, reread: { reader.reread(bytes, after: $0, edit: edit) }, else: { reader.snapshot(of: bytes) })
        return FileSnapshot(
            reading: Self.documents(snapshot.reading, of: file), resume: snapshot, bytesRead: snapshot.bytesRead,
            changedDocuments: snapshot.changedItems)
    }

    /// One document per item; shared by every syntax a data file may be written in.
    static func documents(_ reading: DataFileReading, of file: ContentFile) -> FileReading {
        switch reading {
        case .invalid(let diagnostic):
            return .failed(diagnostic)
        case .notContent:
            return .notContent
        case .items(let items, let fileDiagnostics):
            return .documents(
                items.map { item in
                    DocumentSource(
                        path: file.path.rawValue, item: item.index, document: item.document, diagnostics: fileDiagnostics + item.diagnostics
                    )
                })
        }
    }
}
