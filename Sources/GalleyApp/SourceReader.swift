import GalleyCore

/// Reads a content file into documents with the core's parsers.
struct SourceReader {
    var schema: ContentSchema

    func read(relativePath path: String, role: FileRole, bytes: [UInt8]) -> FileReading {
        switch role {
        case .dataFile:
            switch DataFileReader(schema: schema, path: path).read(bytes) {
            case .invalid(let diagnostic):
                return .failed(diagnostic)
            case .notContent:
                return .nothing
            case .items(let items, let fileDiagnostics):
                return .documents(items.map { item in
                    DocumentSource(path: path, item: item.index, document: item.document, diagnostics: fileDiagnostics + item.diagnostics)
                })
            }
        case .rtf:
            let result = RTFReader.read(bytes, path: path)
            var document = result.document
            if document.title.isEmpty { document.title = ContentPath.baseName(path) }
            return .documents([DocumentSource(path: path, item: nil, document: document, diagnostics: result.diagnostics)])
        case .text:
            let result = TextFileReader(schema: schema, path: path).read(bytes)
            return .documents([DocumentSource(path: path, item: nil, document: result.document, diagnostics: result.diagnostics)])
        default:
            return .nothing
        }
    }

    /// Reads an RTFD bundle (a folder) from its `TXT.rtf`; attachments are
    /// resolved by the renderer relative to the bundle.
    func readBundle(_ bundlePath: String, textBytes: [UInt8]) -> DocumentSource {
        let result = RTFReader.read(textBytes, path: bundlePath + "/TXT.rtf")
        var document = result.document
        document.kind = .rtfd
        if document.title.isEmpty { document.title = ContentPath.baseName(bundlePath) }
        return DocumentSource(path: bundlePath, item: nil, document: document, diagnostics: result.diagnostics)
    }
}
