import GalleyCore
import GalleySystem

/// Where a save is read: the text of content files as Galley sees it
/// (editors' unsaved buffers in place of the files on disk), and the last
/// reading of each large file, so that its next save is parsed only where
/// it changed.
struct SourceCache {
    /// Editors' unsaved texts (`galley lsp`), read instead of the files on
    /// disk, which are never written.
    private var buffers: [RelativePath: [UInt8]] = [:]
    /// What changed in each buffer since the reading kept of it: its next
    /// reading is told the edit instead of comparing the versions.
    private var bufferEdits: [RelativePath: BufferEdits] = [:]
    /// Bytes copied to make editors' edits: a buffer whose storage is
    /// shared (with a reading kept, or a read under way) is copied whole by
    /// its next edit, and so is one that outgrew its room.
    private(set) var bytesCopiedByEdits = 0
    /// The last reading of each content file of 4 KiB or more (the example's
    /// data file is 13 KB), so that its next save is parsed only where it
    /// changed. Smaller files are read whole again in microseconds; keeping
    /// the bytes of 10,000 of them would cost memory for little.
    private var snapshots: [RelativePath: KeptReading] = [:]
    /// Files whose last reading was kept but not taken in (a reading aside
    /// superseded by a newer save): what their next reading finds changed
    /// since it is not what the documents were last taken in from.
    private var keptNotTakenIn: Set<RelativePath> = []
    /// Last readings replaced since `takeReplacedReadings`, let go of once
    /// pages are answered (`Leftovers`).
    private var replacedReadings: [FileSnapshot] = []
    private static let smallestFileKeptForRereading = 4 * 1024
    /// A batch of more files than this (the folder's load, a rescan, a
    /// checkout) keeps what each may resume from only for large files: with
    /// thousands of articles, the parsed items and tags kept for a next save
    /// that most files never get were most of the daemon's memory. A file's
    /// first save after it reads it whole, and keeps it from then on.
    static let mostFilesKeptForResuming = 64
    private let converters = CodePageConverters()
    /// The files that were `largestFileReadInPlace` or larger when last
    /// read: such a file is read aside (`BackgroundWork`) where the
    /// workspace can, so that one slow document never holds up another. Its
    /// reading may parse only what changed, but finding positions and
    /// rendering still cost in proportion to the file (a 2 MB JSON on one
    /// line: 0.2 s). Only those: a size kept for each of 10,000 small files
    /// was a 0.8 MB table for nothing.
    private var largeFiles: Set<DocumentPath> = []
    static let largestFileReadInPlace = 256 * 1024

    /// Whether a file of `size` bytes is read aside where the workspace can.
    static func isLarge(size: Int) -> Bool {
        size >= largestFileReadInPlace
    }

    /// Whether the file at `path` in `folder` is large now (`isLarge(size:)`),
    /// by its size on disk: a file that is not read in parts (a font, a
    /// strings file) is read aside from its first save on.
    static func isLarge(_ path: String, in folder: ContentFolder) -> Bool {
        guard let file = try? folder.openFile(path) else { return false }
        defer { file.descriptor.close() }
        return isLarge(size: Int(file.status.st_size))
    }
    /// Bytes of content files the readers have parsed so far: a large file's
    /// save adds the edited part, not the file.
    private(set) var bytesParsed = 0
    /// Readings taken in whose reader said which documents changed.
    private(set) var readingsCompared = 0

    /// The workspace's one content folder: building one resolves the root's path, which a save need not do again.
    let folder: ContentFolder

    init(folder: ContentFolder) {
        self.folder = folder
    }

    private static func contents(of file: RelativePath, in folder: ContentFolder, buffer: [UInt8]?) throws -> [UInt8] {
        if let buffer { return buffer }
        return try folder.read(file.rawValue)
    }

    /// The contents of `file`, or nil when it does not exist.
    func existingContents(of file: RelativePath) -> Result<[UInt8], any Error>? {
        source(of: [file]).existingContents(of: file)
    }

    /// Where `paths` are read as they are now, ready to read anywhere (on
    /// the slow lane): the editors' buffers for them, else the folder.
    struct FileSource: Sendable {
        fileprivate let folder: ContentFolder
        fileprivate let buffers: [RelativePath: [UInt8]]

        /// The contents of `file`, or nil when it does not exist.
        func existingContents(of file: RelativePath) -> Result<[UInt8], any Error>? {
            if let buffer = buffers[file] { return .success(buffer) }
            guard folder.hasEntry(file.rawValue) else { return nil }
            return Result { try folder.read(file.rawValue) }
        }

        /// Whether `file` is large now (`isLarge(size:)`), as a buffer or on disk.
        func isLarge(_ file: RelativePath) -> Bool {
            buffers[file].map { SourceCache.isLarge(size: $0.count) } ?? SourceCache.isLarge(file.rawValue, in: folder)
        }
    }

    func source(of paths: Set<RelativePath>) -> FileSource {
        FileSource(folder: folder, buffers: buffers.filter { paths.contains($0.key) })
    }

    /// Whether `file` is there to read, from an editor or on disk.
    func exists(_ file: RelativePath) -> Bool {
        buffers[file] != nil || folder.hasEntry(file.rawValue)
    }

    // MARK: - Editor buffers

    /// Reads `text` as the content of `path` (relative) until `dropBuffer`;
    /// returns whether the file was read from disk until now.
    mutating func setBuffer(_ text: [UInt8], for path: RelativePath) -> Bool {
        var text = text
        // Room for typing, so that keystrokes do not copy the buffer to grow it.
        text.reserveCapacity(text.count + text.count / 16 + Self.roomForTyping)
        if let previous = buffers.updateValue(text, forKey: path) {
            bufferEdits[path, default: BufferEdits()].record(SourceEdit(from: previous, to: text))
            return false
        }
        // Its last reading, if any, is of the file on disk, compared when read.
        bufferEdits[path] = BufferEdits()
        return true
    }

    private static let roomForTyping = 4 * 1024

    /// Makes an editor's edit to the buffer of `path`; false when it has no
    /// buffer or the range does not fit it.
    mutating func editBuffer(for path: RelativePath, replacing range: Range<Int>, with replacement: [UInt8]) -> Bool {
        guard let buffer = buffers[path], range.lowerBound >= 0, range.upperBound <= buffer.count else { return false }
        bufferEdits[path, default: BufferEdits()].record(SourceEdit(replacing: range, of: buffer, with: replacement))
        let storage = buffer.withUnsafeBufferPointer { $0.baseAddress }
        let copiedBefore = buffer.count
        // Not kept across the edit: a second reference would make the edit copy the storage.
        _ = consume buffer
        buffers[path]?.replaceSubrange(range, with: replacement)
        if buffers[path]?.withUnsafeBufferPointer({ $0.baseAddress }) != storage { bytesCopiedByEdits += copiedBefore }
        return true
    }

    /// Goes back to the file on disk; returns whether there was a buffer.
    mutating func dropBuffer(for path: RelativePath) -> Bool {
        bufferEdits[path] = nil
        return buffers.removeValue(forKey: path) != nil
    }

    /// Whether the document at `documentPath` shows an editor's buffer.
    func isUnsaved(_ documentPath: DocumentPath) -> Bool {
        !buffers.isEmpty && buffers.keys.contains { Self.documentPath(ofBuffer: $0) == documentPath }
    }

    /// The document a buffer is the text of: the file, or the bundle holding it.
    static func documentPath(ofBuffer path: RelativePath) -> DocumentPath {
        if case .content(let content) = ContentPath.role(of: path) { return content.path }
        return DocumentPath(ownFile: path)
    }

    // MARK: - Reading

    /// The reading of one content file, ready to run anywhere: it touches
    /// no state, so many run at once, on any thread.
    struct ReadJob: Sendable {
        let file: ContentFile
        fileprivate let folder: ContentFolder
        fileprivate let buffer: [UInt8]?
        fileprivate let previous: FileSnapshot?
        /// What changed in the buffer since `previous`, when known.
        fileprivate let edit: SourceEdit?
        /// The buffer's version read, when it is a buffer.
        fileprivate let bufferVersion: Int?
        fileprivate let context: ReadingContext
        /// Its ticket from `BackgroundWork`, when it is read aside.
        fileprivate let ticket: Int
        /// Whether what its next reading may resume from is kept (`mostFilesKeptForResuming`).
        fileprivate var keptForResuming = true

        /// Reads and parses the file, only where it changed since the last
        /// reading. Nil when the file is gone.
        func run() -> ReadResult {
            do {
                let bytes = try SourceCache.contents(of: file.sourcePath, in: folder, buffer: buffer)
                let snapshot = file.read(bytes, in: context, after: previous, edit: edit)
                // Dropped here, not when kept: a load holds every file's result
                // at once, and 10,000 small files' string readings were 11 MB
                // of the heap's peak (massif).
                let kept =
                    if bytes.count < SourceCache.smallestFileKeptForRereading
                        || !keptForResuming && bytes.count < SourceCache.largestFileReadInPlace
                    {
                        snapshot.readingOnly
                    } else if buffer != nil {
                        // The buffer's next reading is told its edit: sharing the
                        // buffer's bytes would only make that edit copy them.
                        snapshot.withoutSource
                    } else {
                        snapshot
                    }
                return ReadResult(file: file, snapshot: kept, bytes: bytes.count, ticket: ticket, bufferVersion: bufferVersion)
            } catch {
                if !folder.hasEntry(file.sourcePath.rawValue) { return ReadResult(file: file, snapshot: nil, bytes: 0, ticket: ticket) }
                let failure = Diagnostic(
                    path: file.sourcePath, id: .unreadableFile, at: .start, severity: .error,
                    message: "\(error)")
                return ReadResult(file: file, snapshot: FileSnapshot(failure: failure), bytes: 0, ticket: ticket)
            }
        }
    }

    /// What a `ReadJob` found; no snapshot when the file is gone.
    struct ReadResult: Sendable {
        let file: ContentFile
        let snapshot: FileSnapshot?
        let bytes: Int
        /// The ticket of the job that made it.
        let ticket: Int
        /// The version of the buffer it read, when it read one.
        fileprivate let bufferVersion: Int?
        /// The documents (by place) the reader found changed since the
        /// reading taken in last; nil when it did not compare.
        var changedDocuments: Set<Int>?

        fileprivate init(file: ContentFile, snapshot: FileSnapshot?, bytes: Int, ticket: Int, bufferVersion: Int? = nil) {
            self.file = file
            self.snapshot = snapshot
            self.bytes = bytes
            self.ticket = ticket
            self.bufferVersion = bufferVersion
            changedDocuments = snapshot?.changedDocuments
        }

        var reading: FileReading? { snapshot?.reading }
    }

    /// The job that reads `file` as it is now, from `folder` (the cache's
    /// own unless given); `ticket` names it when it is read aside.
    func job(reading file: ContentFile, config: GalleyConfig, ticket: Int = 0, in folder: ContentFolder? = nil) -> ReadJob {
        let buffer = buffers[file.sourcePath]
        let edits = buffer.flatMap { _ in bufferEdits[file.sourcePath] }
        return ReadJob(
            file: file, folder: folder ?? self.folder, buffer: buffer, previous: snapshots[file.sourcePath]?.snapshot,
            edit: buffer.flatMap { edits?.sinceReading(count: $0.count) }, bufferVersion: edits?.version,
            context: ReadingContext(config: config, converters: converters), ticket: ticket)
    }

    /// Reads content files on every core, in path order; with `slowInBackground`,
    /// slow ones are not read but returned, in path order, to be read elsewhere.
    mutating func read(
        _ files: Set<ContentFile>, config: GalleyConfig,
        slowInBackground: Bool = false
    ) -> (results: [ReadResult], slow: [ContentFile]) {
        let slow = slowInBackground ? files.filter(isSlow) : []
        let inPlace = files.subtracting(slow).sorted { $0.path < $1.path }
        let keptForResuming = inPlace.count <= Self.mostFilesKeptForResuming
        // One descriptor of the root for the batch, not one per file.
        let results = folder.holdingRoot { folder in
            Parallel.map(
                inPlace.map { file in
                    var job = job(reading: file, config: config, in: folder)
                    job.keptForResuming = keptForResuming
                    return job
                }
            ) { $0.run() }
        }
        return (results.map { keep($0) }, slow.sorted { $0.path < $1.path })
    }

    /// Keeps what the next reading of the file may resume from; returns the
    /// result as it is to be taken in (when `takenIn`).
    @discardableResult
    mutating func keep(_ result: ReadResult, takenIn: Bool = true) -> ReadResult {
        var result = result
        // Compared with a reading the documents were never taken in from: compared again when taken in.
        if keptNotTakenIn.remove(result.file.sourcePath) != nil { result.changedDocuments = nil }
        if !takenIn { keptNotTakenIn.insert(result.file.sourcePath) }
        if takenIn, result.changedDocuments != nil { readingsCompared += 1 }
        defer { keepSnapshot(of: result) }
        return result
    }

    private mutating func keepSnapshot(of result: ReadResult) {
        bytesParsed += result.snapshot?.bytesRead ?? 0
        if Self.isLarge(size: result.bytes) { largeFiles.insert(result.file.path) } else { largeFiles.remove(result.file.path) }
        let path = result.file.sourcePath
        let replaced =
            if let kept = result.snapshot, kept.canReadInPart {
                snapshots.updateValue(KeptReading(snapshot: kept, bytes: result.bytes), forKey: path)
            } else {
                snapshots.removeValue(forKey: path)
            }
        if let replaced { replacedReadings.append(replaced.snapshot) }
        bufferEdits[path]?.read(version: result.bufferVersion)
    }

    /// The last reading of a file, kept for its next reading to resume from, and the size of what it read.
    struct KeptReading {
        let snapshot: FileSnapshot
        let bytes: Int
    }

    /// The reading of the file at `path` on disk that its next reading would resume from; nil when none is kept or
    /// an editor's buffer stands for the file.
    func keptReading(of path: RelativePath) -> KeptReading? {
        buffers[path] == nil ? snapshots[path] : nil
    }

    /// Goes back to `kept` as the last reading of `file`: the result to take in again, compared whole (the documents
    /// taken in since are not those of `kept`).
    mutating func restore(_ kept: KeptReading, of file: ContentFile) -> ReadResult {
        if let replaced = snapshots.updateValue(kept, forKey: file.sourcePath) { replacedReadings.append(replaced.snapshot) }
        keptNotTakenIn.remove(file.sourcePath)
        var result = ReadResult(file: file, snapshot: kept.snapshot, bytes: kept.bytes, ticket: 0)
        result.changedDocuments = nil
        return result
    }

    /// How many files' last readings are kept for their next reading to resume from.
    var resumableReadingCount: Int { snapshots.count }

    /// The last readings replaced since the last call.
    mutating func takeReplacedReadings() -> [FileSnapshot] {
        defer { replacedReadings = [] }
        return replacedReadings
    }

    /// Forgets the last reading of the file at `sourcePath`: its next one reads it whole.
    mutating func forgetReading(of sourcePath: RelativePath) {
        snapshots[sourcePath] = nil
        keptNotTakenIn.remove(sourcePath)
    }

    /// Forgets every last reading (the config changed how every file reads).
    mutating func forgetReadings() {
        snapshots = [:]
        keptNotTakenIn = []
    }

    // MARK: - Large files

    /// Whether `file` was so large when last read that its next reading
    /// should not hold up other files.
    func isSlow(_ file: ContentFile) -> Bool {
        largeFiles.contains(file.path)
    }
}
