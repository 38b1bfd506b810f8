/// A kind of content file Galley previews: how its files are recognised and
/// how their bytes become documents.
///
/// A format sees bytes, never the disk: the shell reads a file (or an
/// editor sends an unsaved buffer) and hands the bytes over. To add one,
/// write a type conforming to this protocol and list it in
/// `ContentFormats.all`.
public protocol ContentFormat: Sendable {
    /// Names the format in `ContentFile.format`; unique among the formats.
    var name: String { get }

    /// The content file that `relativePath` belongs to, if this format reads
    /// it: the file itself, or the bundle holding it (an attachment of an
    /// RTFD bundle belongs to the bundle's one document).
    func file(containing relativePath: String) -> ContentFile?

    /// The documents in `bytes`, the bytes of `file.sourcePath`.
    func read(_ bytes: [UInt8], of file: ContentFile, in context: ReadingContext) -> FileReading

    /// The same reading, parsing only what changed since `previous` (a
    /// reading of the same file with the same context) where the format can.
    func read(_ bytes: [UInt8], of file: ContentFile, in context: ReadingContext, after previous: FileSnapshot?) -> FileSnapshot
}

/// A document's file as a format recognised it.
public struct ContentFile: Hashable, Sendable {
    /// The document's path relative to the content folder: the file, or the
    /// bundle folder. Documents and their ids are named after it.
    public var path: String
    /// The file whose bytes are read: `path` itself, or the bundle's text file.
    public var sourcePath: String
    /// The `name` of the format that reads it.
    public var format: String

    public init(path: String, sourcePath: String? = nil, format: String) {
        self.path = path
        self.sourcePath = sourcePath ?? path
        self.format = format
    }

    /// A folder whose files all belong to one document.
    public var isBundle: Bool { sourcePath != path }
}

/// What every read needs besides the bytes.
public struct ReadingContext: Sendable {
    /// Kinds, keys and titles from `galley.json`.
    public var config: GalleyConfig
    /// The system's code-page converters, for RTF and HTML text in code pages
    /// the core does not convert itself; shared by the reads of one workspace.
    public var converters: (any CodePageConverting)?

    public init(config: GalleyConfig = .standard, converters: (any CodePageConverting)? = nil) {
        self.config = config
        self.converters = converters
    }
}

/// What reading one content file produced.
public enum FileReading: Sendable, Equatable {
    /// Documents, in file order.
    case documents([DocumentSource])
    /// The file holds no documents (valid JSON that is not a data file): quietly ignored.
    case notContent
    /// The file could not be read or parsed: the last good documents stay.
    case failed(Diagnostic)
}
