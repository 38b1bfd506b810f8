/// JSON data files: each item with a text array is one document.
struct DataFileFormat: ContentFormat {
    let name = "json"

    func file(containing relativePath: RelativePath) -> ContentFile? {
        guard relativePath != ConfigFile.name, RelativePath.hasExtension(relativePath.rawValue, in: ["json"]) else { return nil }
        return ContentFile(file: relativePath, format: self)
    }

    func read(_ bytes: [UInt8], of file: ContentFile, in context: ReadingContext) -> FileReading {
        Self.documents(DataFileReader(schema: context.config.schema, path: file.sourcePath).read(bytes), of: file)
    }

    func read(
        _ bytes: [UInt8], of file: ContentFile, in context: ReadingContext, after previous: FileSnapshot?,
        edit: SourceEdit?
    ) -> FileSnapshot {
        let reader = DataFileReader(schema: context.config.schema, path: file.sourcePath)
        let snapshot = DataFileSnapshot.reading(
            after: previous, reread: { reader.reread(bytes, after: $0, edit: edit) }, else: { reader.snapshot(of: bytes) })
        let unchanged = snapshot.changedItems.flatMap { changed in previous.map { (reading: $0.reading, changed: changed) } }
        return FileSnapshot(
            reading: Self.documents(snapshot.reading, of: file, unchangedSince: unchanged), resume: snapshot,
            bytesRead: snapshot.bytesRead, changedDocuments: snapshot.changedItems)
    }

    /// One document per item; shared by every syntax a data file may be written in. The documents of items a
    /// reread did not change are taken over from the `earlier` reading (all but those at `changed`, by place).
    static func documents(
        _ reading: DataFileReading, of file: ContentFile, unchangedSince earlier: (reading: FileReading, changed: Set<Int>)? = nil
    ) -> FileReading {
        switch reading {
        case .invalid(let diagnostic):
            return .failed(diagnostic)
        case .notContent:
            return .notContent
        case .items(let items, let fileDiagnostics):
            var sources: [DocumentSource] = []
            if let earlier, case .documents(let earlierSources) = earlier.reading, earlierSources.count == items.count {
                sources = earlierSources
            }
            return .documents(
                items.enumerated().map { position, item in
                    if !sources.isEmpty, let earlier, !earlier.changed.contains(position), sources[position].item == item.index {
                        return sources[position]
                    }
                    return DocumentSource(
                        path: file.path, item: item.index, document: item.document, diagnostics: fileDiagnostics + item.diagnostics
                    )
                })
        }
    }
}
