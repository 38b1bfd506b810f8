/// RTF files: one rich-text document each.
struct RTFFormat: ContentFormat {
    let name = "rtf"

    func file(containing relativePath: RelativePath) -> ContentFile? {
        RelativePath.hasExtension(relativePath.rawValue, in: ["rtf"]) ? ContentFile(file: relativePath, format: self) : nil
    }

    func read(_ bytes: [UInt8], of file: ContentFile, in context: ReadingContext) -> FileReading {
        Self.read(bytes, of: file, in: context, as: .rtf)
    }

    func read(
        _ bytes: [UInt8], of file: ContentFile, in context: ReadingContext, after previous: FileSnapshot?,
        edit: SourceEdit?
    ) -> FileSnapshot {
        Self.read(bytes, of: file, in: context, after: previous, edit: edit, as: .rtf)
    }

    /// The one document of an RTF text (a file's, or an RTFD bundle's
    /// `TXT.rtf`) as a document of `kind`, named after `file.path`; its
    /// problems point into the text file.
    static func read(_ bytes: [UInt8], of file: ContentFile, in context: ReadingContext, as kind: DocumentKind) -> FileReading {
        let result = RTFReader.read(bytes, path: file.sourcePath, converters: context.converters)
        return documents(result.document, result.diagnostics, of: file, in: context, as: kind)
    }

    /// The same, in part when `previous` holds the reading of an earlier version.
    static func read(
        _ bytes: [UInt8], of file: ContentFile, in context: ReadingContext, after previous: FileSnapshot?,
        edit: SourceEdit?, as kind: DocumentKind
    ) -> FileSnapshot {
        let reading = reading(bytes, path: file.sourcePath, after: previous, edit: edit, in: context)
        return FileSnapshot(
            reading: documents(reading.document, reading.diagnostics, of: file, in: context, as: kind),
            resume: reading.canBeResumed ? reading : nil, bytesRead: reading.bytesRead)
    }

    /// The reading of `bytes`, in part when `previous` holds the reading of an
    /// earlier version (changed by `edit`, when known).
    static func reading(
        _ bytes: [UInt8], path: RelativePath, after previous: FileSnapshot?, edit: SourceEdit?,
        in context: ReadingContext
    ) -> RTFReading {
        if let last = previous?.resume as? RTFReading {
            RTFReader.reread(bytes, after: last, edit: edit, path: path, converters: context.converters)
        } else {
            RTFReader.reading(of: bytes, path: path, converters: context.converters)
        }
    }

    private static func documents(
        _ document: Document, _ diagnostics: [Diagnostic], of file: ContentFile, in context: ReadingContext, as kind: DocumentKind
    ) -> FileReading {
        var document = document
        document.kind = kind
        document = DocumentNaming.titled(document, path: file.path, config: context.config)
        return .documents([DocumentSource(path: file.path, document: document, diagnostics: diagnostics)])
    }
}
