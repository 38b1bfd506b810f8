/// A kind of content file Galley previews: how its files are recognised and
/// how their bytes become documents.
///
/// A format sees bytes, never the disk: the shell reads a file (or an
/// editor sends an unsaved buffer) and hands the bytes over. To add one,
/// write a type conforming to this protocol and list it in
/// `ContentFormats.all`.
package protocol ContentFormat: Sendable {
    /// Names the format (what files of it are called in messages); unique among the formats.
    var name: String { get }

    /// The content file that `relativePath` belongs to, if this format reads
    /// it: the file itself, or the bundle holding it (an attachment of an
    /// RTFD bundle belongs to the bundle's one document).
    func file(containing relativePath: RelativePath) -> ContentFile?

    /// The documents in `bytes`, the bytes of `file.sourcePath`.
    func read(_ bytes: [UInt8], of file: ContentFile, in context: ReadingContext) -> FileReading

    /// The same reading, parsing only what changed since `previous` (a
    /// reading of the same file with the same context) where the format can;
    /// `edit`, when known, says what changed since then, which is then not
    /// looked for.
    func read(
        _ bytes: [UInt8], of file: ContentFile, in context: ReadingContext, after previous: FileSnapshot?,
        edit: SourceEdit?
    ) -> FileSnapshot
}

/// A document's file as a format recognised it, with the format that reads
/// it: recognised once, where the path is first sorted, never looked up again.
package struct ContentFile: Hashable, Sendable {
    /// The document's path relative to the content folder: the file, or the
    /// bundle folder. Documents and their ids are named after it.
    package var path: DocumentPath
    /// The file whose bytes are read: `path` itself, or the bundle's text
    /// file. A type of its own, so that a document's path is never passed
    /// where the tables of readings, keyed by it, want one.
    package var sourcePath: RelativePath
    /// The format that reads it.
    package let format: any ContentFormat

    /// A file that is its own document: the one place a file's path becomes a document's.
    package init(file: RelativePath, format: any ContentFormat) {
        path = DocumentPath(ownFile: file)
        sourcePath = file
        self.format = format
    }

    /// A bundle's one document, read from its text file.
    package init(bundle: DocumentPath, textFile: RelativePath, format: any ContentFormat) {
        path = bundle
        sourcePath = textFile
        self.format = format
    }

    /// A folder whose files all belong to one document.
    package var isBundle: Bool { sourcePath.rawValue != path.rawValue }

    package static func == (first: ContentFile, second: ContentFile) -> Bool {
        first.path == second.path && first.sourcePath == second.sourcePath && first.format.name == second.format.name
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(sourcePath)
    }

    /// The documents in `bytes`, the bytes of `sourcePath`, parsing only
    /// what changed since `previous` (`edit`, when known) where the format can.
    package func read(_ bytes: [UInt8], in context: ReadingContext, after previous: FileSnapshot?, edit: SourceEdit? = nil) -> FileSnapshot
    {
        format.read(bytes, of: self, in: context, after: previous, edit: edit)
    }

    /// The documents in `bytes`, the bytes of `sourcePath`.
    package func read(_ bytes: [UInt8], in context: ReadingContext) -> FileReading {
        format.read(bytes, of: self, in: context)
    }
}

/// What every read needs besides the bytes.
package struct ReadingContext: Sendable {
    /// Kinds, keys and titles from `galley.json`.
    package var config: GalleyConfig
    /// The system's code-page converters, for RTF and HTML text in code pages
    /// the core does not convert itself; shared by the reads of one workspace.
    package var converters: (any CodePageConverting)?

    package init(config: GalleyConfig = .standard, converters: (any CodePageConverting)? = nil) {
        self.config = config
        self.converters = converters
    }
}

/// What reading one content file produced.
package enum FileReading: Sendable, Equatable {
    /// Documents, in file order.
    case documents([DocumentSource])
    /// The file holds no documents (valid JSON that is not a data file): quietly ignored.
    case notContent
    /// The file could not be read or parsed: the last good documents stay.
    case failed(Diagnostic)
}
