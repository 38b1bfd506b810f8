import GalleyCore
import GalleySystem

/// A file's size and content hash: two files with the same are taken for
/// the same content (a hash collision would pair the wrong documents in a
/// review, nothing worse).
struct FileFingerprint: Hashable {
    var size: Int
    var hash: String

    init(_ bytes: some Collection<UInt8>) {
        size = bytes.count
        var hash = ContentHash()
        hash.combine(bytes)
        self.hash = hash.hex
    }
}

/// Files renamed between an old revision and the content folder as it is
/// now, found without git: git reading the work tree runs the clean filters
/// the repository names. Only exact renames are found (the same bytes under
/// another name), as a new file is compared only by its fingerprint.
enum WorkTreeRenames {
    /// New path → old path for each of `candidates` (paths relative to the
    /// content folder, such as its documents') that the old revision did not
    /// have and whose bytes are those of an old file that is gone now.
    static func find(old: [String: FileFingerprint], candidates: some Sequence<String>, in folder: ContentFolder) -> [String: String] {
        let added = Set(candidates).filter { old[$0] == nil }
        guard !added.isEmpty else { return [:] }
        let gone = folder.holdingRoot { folder in old.filter { !folder.hasEntry($0.key) } }
        guard !gone.isEmpty else { return [:] }
        let sizes = Set(gone.values.map(\.size))
        var found: [(path: String, fingerprint: FileFingerprint)] = []
        folder.holdingRoot { folder in
            for path in added {
                // Only a file the size of a gone one is read.
                guard let file = try? folder.openFile(path) else { continue }
                let size = Int(file.status.st_size)
                file.descriptor.close()
                guard sizes.contains(size), let bytes = try? folder.read(path) else { continue }
                found.append((path, FileFingerprint(bytes)))
            }
        }
        return pair(added: found, gone: gone)
    }

    /// Pairs each added file with a gone one of the same fingerprint, each
    /// gone file once, in path order so that the pairing is the same every time.
    static func pair(added: [(path: String, fingerprint: FileFingerprint)], gone: [String: FileFingerprint]) -> [String: String] {
        var goneByFingerprint: [FileFingerprint: [String]] = [:]
        for (path, fingerprint) in gone.sorted(by: { $0.key < $1.key }) { goneByFingerprint[fingerprint, default: []].append(path) }
        var renames: [String: String] = [:]
        for (path, fingerprint) in added.sorted(by: { $0.path < $1.path }) {
            guard var paths = goneByFingerprint[fingerprint], !paths.isEmpty else { continue }
            renames[path] = paths.removeFirst()
            goneByFingerprint[fingerprint] = paths
        }
        return renames
    }
}
