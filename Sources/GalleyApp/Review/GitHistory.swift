import Foundation
import GalleyCore
import GalleySystem
import Glibc

/// A content folder's history, read through git (as `GitCommand` runs it):
/// an old version is written from the raw blobs of its tree into a folder
/// of Galley's own, never by checking anything out into the author's
/// folder and never through `git archive` or `git diff`, which run the
/// filters the repository names.
struct GitHistory {
    /// The content folder, with symlinks resolved.
    let folder: String
    /// The work tree's top folder.
    let top: String
    /// The content folder relative to `top`, with a trailing `/`; empty at the top.
    let prefix: String
    let git: GitCommand

    /// Most bytes of one revision's files written in one run: beyond it the revision is refused, not cut.
    static let unpackLimit = 512 * 1024 * 1024
    /// Bytes of blobs asked of one `cat-file --batch`, which answers them all in memory.
    static let batchBytes = 8 * 1024 * 1024
    /// Longest revision text read.
    static let revisionLimit = 256

    /// The history of `folder`, refused unless its work tree's git directory
    /// is the work tree's own `.git` folder.
    init(folder: String, timeLimit: Duration) throws(GitError) {
        guard let real = FilePath.realPath(folder) else { throw .noFolder }
        git = GitCommand(timeLimit: timeLimit)
        let answer = try git.run(in: real, .revParse, ["--absolute-git-dir", "--show-toplevel", "--show-prefix"])
        let lines = answer.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard answer.succeeded, lines.count >= 2, !lines[1].isEmpty else { throw .notAWorkTree(complaint: answer.complaint) }
        guard let realTop = FilePath.realPath(lines[1]), Self.isOwnGitFolder(lines[0], of: realTop) else { throw .foreignGitDirectory }
        self.folder = real
        top = realTop
        prefix = lines.count > 2 ? lines[2] : ""
    }

    /// Whether `gitDirectory` is the folder `.git` in `top` itself, not a symlink to one elsewhere.
    private static func isOwnGitFolder(_ gitDirectory: String, of top: String) -> Bool {
        let own = top.slashJoined(".git")
        var status = stat()
        guard FilePath.realPath(gitDirectory) == own, lstat(own, &status) == 0 else { return false }
        return status.st_mode & S_IFMT == S_IFDIR
    }

    /// Refuses what cannot be a revision, and a revision that makes git
    /// search every commit message with a regular expression (`^{/…}`,
    /// `:/…`): one can backtrack for as long as it likes.
    static func check(_ revision: String) throws(GitError) {
        guard !revision.isEmpty, revision.utf8.count <= revisionLimit, !revision.hasPrefix("-"),
            !revision.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { throw .notARevision(revision) }
        if revision.contains("^{/") || revision.contains(":/") { throw .searchingRevision(revision) }
    }

    /// The commit `revision` names; an error naming the revision when there is none.
    func commit(_ revision: String) throws(GitError) -> String {
        try Self.check(revision)
        let answer = try git.run(in: folder, .revParse, ["--verify", "--quiet", "--end-of-options", revision + "^{commit}"])
        let commit = answer.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard answer.succeeded, !commit.isEmpty else { throw .noSuchRevision(revision) }
        return commit
    }

    /// The commits `revision` compares, as `git diff` reads it: `REV`
    /// against the work tree (`new` nil), `A..B`, or `A...B` from where B
    /// left A (their merge base); an end left out is HEAD.
    func ends(of revision: String) throws(GitError) -> (old: String, new: String?) {
        let fromMergeBase = revision.contains("...")
        let sides = revision.components(separatedBy: fromMergeBase ? "..." : "..")
        guard sides.count <= 2, sides.contains(where: { !$0.isEmpty }) else { throw .notARevisionOrRange(revision) }
        guard sides.count == 2 else { return (try commit(revision), nil) }
        let old = try commit(sides[0].isEmpty ? "HEAD" : sides[0])
        let new = try commit(sides[1].isEmpty ? "HEAD" : sides[1])
        guard fromMergeBase else { return (old, new) }
        let base = try git.run(in: top, .mergeBase, [old, new])
        let commit = base.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard base.succeeded, !commit.isEmpty else { throw .noCommonAncestor(sides[0], sides[1]) }
        return (commit, new)
    }

    /// Writes the content folder as it was at `commit` into the folder
    /// `name` of `scratch`; nil when the content folder did not exist then.
    /// Symlinks, submodules and names that must not be written are skipped
    /// (and listed); blobs are read raw, batch by batch, so memory follows
    /// the batch, and the whole is bounded by `unpackLimit`.
    func unpack(_ commit: String, into scratch: ScratchFolder, folder name: String) throws(GitError) -> UnpackedTree? {
        let folderAtCommit = prefix.isEmpty ? commit + "^{tree}" : commit + ":" + prefix.dropLast()
        let tree = try git.run(in: top, .revParse, ["--verify", "--quiet", "--end-of-options", folderAtCommit])
        let treeID = tree.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard tree.succeeded, !treeID.isEmpty else { return nil }
        let listing = try git.run(in: top, .lsTree, ["-r", "-l", "-z", "--end-of-options", treeID])
        guard listing.succeeded else { throw .gitFailed(step: .lsTree, complaint: listing.complaint) }
        do throws(ScratchFolder.Failure) {
            try scratch.makeFolder(name)
        } catch {
            throw .unpacking(error)
        }
        var unpacked = UnpackedTree()
        var batch: [TreeEntry] = []
        var batchSize = 0
        var total = 0
        for entry in TreeEntry.entries(in: listing.output) {
            guard entry.isRegularFile, let components = ScratchFolder.components(of: entry.path),
                entry.size <= ContentFolder.maximumFileSize
            else {
                unpacked.skipped.append(entry.path)
                continue
            }
            total += entry.size
            guard total <= Self.unpackLimit else { throw .tooLarge(step: .catFile, limit: Self.unpackLimit) }
            if batchSize + entry.size > Self.batchBytes, !batch.isEmpty {
                try write(batch, into: scratch, folder: name, &unpacked)
                batch = []
                batchSize = 0
            }
            batch.append(TreeEntry(path: entry.path, components: components, mode: entry.mode, object: entry.object, size: entry.size))
            batchSize += entry.size
        }
        try write(batch, into: scratch, folder: name, &unpacked)
        return unpacked
    }

    /// Reads `batch`'s blobs with one `cat-file --batch` and writes each.
    private func write(
        _ batch: [TreeEntry], into scratch: ScratchFolder, folder name: String,
        _ unpacked: inout UnpackedTree
    ) throws(GitError) {
        guard !batch.isEmpty else { return }
        let input = Array(batch.map(\.object).joined(separator: "\n").utf8) + [UInt8(ascii: "\n")]
        let expected = batch.reduce(0) { $0 + $1.size + $1.object.utf8.count + 32 }
        let answer = try git.run(in: top, .catFile, ["--batch"], input: input, outputLimit: expected)
        guard answer.succeeded else { throw .gitFailed(step: .catFile, complaint: answer.complaint) }
        var reader = BatchReader(bytes: answer.output)
        for entry in batch {
            guard let blob = reader.next(size: entry.size) else { throw .gitFailed(step: .catFile, complaint: "") }
            do throws(ScratchFolder.Failure) {
                try scratch.write(blob, at: entry.components, in: name)
                // Only a document's file can be a renamed document: other files (pictures, often most of the bytes) are not hashed.
                let path = RelativePath(rawValue: entry.path)
                if ContentFormats.file(containing: path).map({ $0.sourcePath == path && !$0.isBundle }) == true {
                    unpacked.fingerprints[entry.path] = FileFingerprint(blob)
                }
            } catch {
                // Two names the file system cannot tell apart, or a name it cannot hold: that entry is skipped.
                guard case .cannotWrite(_, let code) = error, [EEXIST, ENOTDIR, ELOOP, ENAMETOOLONG].contains(code) else {
                    throw .unpacking(error)
                }
                unpacked.skipped.append(entry.path)
            }
        }
    }

    /// Files renamed between the commits `old` and `new`, as new path → old
    /// path relative to the content folder; git compares the two trees'
    /// blobs, and the work tree is not read.
    func renames(from old: String, to new: String) throws(GitError) -> [String: String] {
        var arguments = ["-r", "-M", "--name-status", "-z", "--no-ext-diff", "--no-textconv"]
        if !prefix.isEmpty { arguments.append("--relative=" + prefix) }
        let answer = try git.run(in: top, .diffTree, arguments + ["--end-of-options", old, new])
        guard answer.succeeded else { throw .gitFailed(step: .diffTree, complaint: answer.complaint) }
        var renames: [String: String] = [:]
        var fields = answer.output.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }[...]
        while let status = fields.popFirst(), !status.isEmpty {
            if status.hasPrefix("R") || status.hasPrefix("C") {
                guard let from = fields.popFirst(), let to = fields.popFirst() else { break }
                if status.hasPrefix("R") { renames[to] = from }
            } else {
                _ = fields.popFirst()
            }
        }
        return renames
    }
}

/// One revision's content folder as written into a scratch folder.
struct UnpackedTree {
    /// Each written document file's fingerprint, by its path relative to the content folder.
    var fingerprints: [String: FileFingerprint] = [:]
    /// Entries not written: symlinks, submodules, files larger than Galley reads, names that must not be written.
    var skipped: [String] = []
}

/// One entry of `git ls-tree -r -l -z`.
private struct TreeEntry {
    var path: String
    var components: [String] = []
    var mode: String
    var object: String
    var size: Int

    /// A blob git checks out as a file (not a symlink, 120000, or a submodule, 160000).
    var isRegularFile: Bool { mode == "100644" || mode == "100755" || mode == "100664" }

    /// The entries of ls-tree's answer: `MODE TYPE OBJECT SIZE\tPATH\0`; a
    /// path that is not UTF-8 is listed with its bytes repaired and is never
    /// written (a folder's listing would skip it too).
    static func entries(in output: [UInt8]) -> [TreeEntry] {
        output.split(separator: 0).compactMap { record in
            guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
            let fields = record[..<tab].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
            guard fields.count == 4 else { return nil }
            let pathBytes = record[record.index(after: tab)...]
            guard let path = String(validating: pathBytes, as: UTF8.self) else {
                return TreeEntry(path: String(decoding: pathBytes, as: UTF8.self), mode: "", object: fields[2], size: 0)
            }
            return TreeEntry(path: path, mode: fields[0], object: fields[2], size: Int(fields[3]) ?? 0)
        }
    }
}

/// Reads `cat-file --batch`'s answer: per object `OBJECT TYPE SIZE\n`, the bytes, `\n`.
private struct BatchReader {
    let bytes: [UInt8]
    var offset = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next object's bytes, when its header says it is a blob of `size` bytes.
    mutating func next(size: Int) -> ArraySlice<UInt8>? {
        guard let newline = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let header = bytes[offset..<newline].split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
        guard header.count == 3, header[1] == "blob", Int(header[2]) == size else { return nil }
        let start = newline + 1
        guard bytes.count >= start + size + 1 else { return nil }
        offset = start + size + 1
        return bytes[start..<start + size]
    }
}
