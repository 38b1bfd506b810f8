/// RTF files: one rich-text document each.
struct RTFFormat: ContentFormat {
    let name = "rtf"

    func file(containing relativePath: String) -> ContentFile? {
        RelativePath.hasExtension(relativePath, in: ["rtf"]) ? ContentFile(path: relativePath, format: self) : nil
    }

    func read(_ bytes: [UInt8], of file: ContentFile, in context: ReadingContext) -> FileReading {
        let result = RTFReader.read(bytes, path: file.path.rawValue, converters: context.converters)
        return Self.documents(result.document, result.diagnostics, of: file, in: context)
    }

    func read(
        _ bytes: [UInt8], of file: ContentFile, in context: ReadingContext, after previous: FileSnapshot?,
        edit: SourceEdit?
    ) -> FileSnapshot {
        let reading = Self.reading(bytes, path: file.path.rawValue, after: previous, edit: edit, in: context)
        return FileSnapshot(
            reading: Self.documents(reading.document, reading.diagnostics, of: file, in: context),
            resume: reading.canBeResumed ? reading : nil, bytesRead: reading.bytesRead)
    }

    /// The reading of `bytes`, in part when `previous` holds the reading of an
    /// earlier version (changed by `edit`, when known).
    static func reading(
        _ bytes: [UInt8], path: String, after previous: FileSnapshot?, edit: SourceEdit?,
        in context: ReadingContext
    ) -> RTFReading {
        if let last = previous?.resume as? RTFReading {
            RTFReader.reread(bytes, after: last, edit: edit, path: path, converters: context.converters)
        } else {
            RTFReader.reading(of: bytes, path: path, converters: context.converters)
        }
    }

    private static func documents(_ document: Document, _ diagnostics: [Diagnostic], of file: ContentFile, in context: ReadingContext)
        -> FileReading
    {
        let document = DocumentNaming.titled(document, path: file.path.rawValue, config: context.config)
        return .documents([DocumentSource(path: file.path.rawValue, document: document, diagnostics: diagnostics)])
    }
}
