import GalleyCore

/// Reads a content file into documents with the core's parsers.
struct SourceReader {
    var config: GalleyConfig
    /// Shared by the reads of one workspace, so RTF code-page converters stay open.
    var converters: RTFConverterPool?

    private var schema: ContentSchema { config.schema }

    /// The title `galley.json` gives the file, else the document's own, else the file name.
    private func title(of document: Document, path: String) -> String {
        config.titles[path] ?? (document.title.isEmpty ? ContentPath.baseName(path) : document.title)
    }

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
            let result = RTFReader.read(bytes, path: path, converters: converters)
            var document = result.document
            document.title = title(of: document, path: path)
            return .documents([DocumentSource(path: path, item: nil, document: document, diagnostics: result.diagnostics)])
        case .html:
            let result = HTMLDocumentReader.read(bytes, path: path)
            var document = result.document
            document.title = title(of: document, path: path)
            return .documents([DocumentSource(path: path, item: nil, document: document, diagnostics: result.diagnostics)])
        case .text:
            let result = TextFileReader(schema: schema, path: path).read(bytes)
            var document = result.document
            if let configured = config.titles[path] { document.title = configured }
            return .documents([DocumentSource(path: path, item: nil, document: document, diagnostics: result.diagnostics)])
        default:
            return .nothing
        }
    }

    /// Reads an RTFD bundle (a folder) from its `TXT.rtf`; attachments are
    /// resolved by the renderer relative to the bundle.
    func readBundle(_ bundlePath: String, textBytes: [UInt8]) -> DocumentSource {
        let result = RTFReader.read(textBytes, path: bundlePath + "/TXT.rtf", converters: converters)
        var document = result.document
        document.kind = .rtfd
        document.title = title(of: document, path: bundlePath)
        return DocumentSource(path: bundlePath, item: nil, document: document, diagnostics: result.diagnostics)
    }
}
