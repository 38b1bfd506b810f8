import GalleyCore
import GalleySystem

/// Where a save is read: the text of content files as Galley sees it
/// (editors' unsaved buffers in place of the files on disk), and the last
/// reading of each large file, so that its next save is parsed only where
/// it changed.
struct SourceCache {
    let root: String
    /// Editors' unsaved texts (`galley lsp`), read instead of the files on
    /// disk, which are never written.
    private var buffers: [String: [UInt8]] = [:]
    /// The last reading of each content file of 4 KiB or more (the example's
    /// data file is 13 KB), so that its next save is parsed only where it
    /// changed. Smaller files are read whole again in microseconds; keeping
    /// the bytes of 10,000 of them would cost memory for little.
    private var snapshots: [String: FileSnapshot] = [:]
    private static let smallestFileKeptForRereading = 4 * 1024
    private let converters = RTFConverterPool()
    /// Bytes of content files the readers have parsed so far: a large file's
    /// save adds the edited part, not the file.
    private(set) var bytesParsed = 0

    init(root: String) {
        self.root = root
    }

    /// The bytes of `file` (relative): the editor's buffer when there is one.
    func contents(of file: String) throws -> [UInt8] {
        try Self.contents(of: file, root: root, buffer: buffers[file])
    }

    private static func contents(of file: String, root: String, buffer: [UInt8]?) throws -> [UInt8] {
        if let buffer { return buffer }
        return try FileSystem.read(root + "/" + file)
    }

    /// Whether `file` is there to read, from an editor or on disk.
    func exists(_ file: String) -> Bool {
        buffers[file] != nil || FileSystem.exists(root + "/" + file)
    }

    // MARK: - Editor buffers

    /// Reads `text` as the content of `path` (relative) until `dropBuffer`;
    /// returns whether the file was read from disk until now.
    mutating func setBuffer(_ text: [UInt8], for path: String) -> Bool {
        buffers.updateValue(text, forKey: path) == nil
    }

    /// Goes back to the file on disk; returns whether there was a buffer.
    mutating func dropBuffer(for path: String) -> Bool {
        buffers.removeValue(forKey: path) != nil
    }

    /// Whether the document at `documentPath` shows an editor's buffer.
    func isUnsaved(_ documentPath: String) -> Bool {
        !buffers.isEmpty && buffers.keys.contains { Self.documentPath(ofBuffer: $0) == documentPath }
    }

    /// The document a buffer is the text of: the file, or the bundle holding it.
    static func documentPath(ofBuffer path: String) -> String {
        if case .content(let content) = ContentPath.role(of: path) { return content.path }
        return path
    }

    // MARK: - Reading

    /// The reading of one content file, ready to run anywhere: it touches
    /// no state, so many run at once, on any thread.
    struct ReadJob: Sendable {
        let file: ContentFile
        fileprivate let root: String
        fileprivate let buffer: [UInt8]?
        fileprivate let previous: FileSnapshot?
        fileprivate let context: ReadingContext

        /// Reads and parses the file, only where it changed since the last
        /// reading. Nil when the file is gone.
        func run() -> ReadResult {
            do {
                let bytes = try SourceCache.contents(of: file.sourcePath, root: root, buffer: buffer)
                return ReadResult(file: file, snapshot: ContentFormats.read(bytes, of: file, in: context, after: previous), bytes: bytes.count)
            } catch {
                if !FileSystem.exists(root + "/" + file.sourcePath) { return ReadResult(file: file, snapshot: nil, bytes: 0) }
                return ReadResult(file: file, snapshot: FileSnapshot(failure: Diagnostic(path: file.sourcePath, location: .start, severity: .error, message: "\(error)")), bytes: 0)
            }
        }
    }

    /// What a `ReadJob` found; no snapshot when the file is gone.
    struct ReadResult: Sendable {
        let file: ContentFile
        let snapshot: FileSnapshot?
        let bytes: Int

        var reading: FileReading? { snapshot?.reading }
    }

    /// The job that reads `file` as it is now.
    func job(reading file: ContentFile, config: GalleyConfig) -> ReadJob {
        ReadJob(file: file, root: root, buffer: buffers[file.sourcePath], previous: snapshots[file.sourcePath],
                context: ReadingContext(config: config, converters: converters))
    }

    /// Reads content files on every core, in path order.
    mutating func read(_ files: Set<ContentFile>, config: GalleyConfig) -> [ReadResult] {
        let jobs = files.sorted { $0.path < $1.path }.map { job(reading: $0, config: config) }
        let results = Parallel.map(jobs) { $0.run() }
        for result in results { keep(result) }
        return results
    }

    /// Keeps what the next reading of the file may resume from.
    mutating func keep(_ result: ReadResult) {
        bytesParsed += result.snapshot?.bytesRead ?? 0
        snapshots[result.file.sourcePath] = result.snapshot.flatMap { snapshot in
            snapshot.canReadInPart && result.bytes >= Self.smallestFileKeptForRereading ? snapshot : nil
        }
    }

    /// Forgets the last reading of `path`: its next one reads it whole.
    mutating func forgetReading(of path: String) {
        snapshots[path] = nil
    }

    /// Forgets every last reading (the config changed how every file reads).
    mutating func forgetReadings() {
        snapshots = [:]
    }
}
