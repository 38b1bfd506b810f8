import Foundation
import GalleySystem
import Glibc

/// A content folder's history, read through the `git` command: an old
/// version is unpacked from `git archive` into a folder of Galley's own,
/// never by checking anything out into the author's folder.
struct GitHistory {
    struct GitError: Error, CustomStringConvertible {
        /// What kind of failure it is, for a caller that answers each differently (an HTTP status).
        enum Problem {
            /// The folder is outside any git work tree.
            case notAWorkTree
            /// The text cannot be a revision or range.
            case notARevision
            /// A well-formed revision that names no commit here.
            case noSuchRevision
            /// git itself failed (a tree it cannot read, no git at all).
            case gitFailed
        }

        var problem: Problem
        var description: String
    }

    /// The content folder, with symlinks resolved.
    let folder: String
    /// The work tree's top folder.
    let top: String
    /// The content folder relative to `top`, with a trailing `/`; empty at the top.
    let prefix: String

    init(folder: String) throws(GitError) {
        guard let real = FilePath.realPath(folder) else { throw GitError(problem: .notAWorkTree, description: "'\(folder)' does not exist") }
        let answer = GitHistory.run(["-C", real, "rev-parse", "--show-toplevel", "--show-prefix"])
        let lines = answer.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard answer.status == 0, let top = lines.first, !top.isEmpty else {
            throw GitError(problem: .notAWorkTree, description: "'\(folder)' is not in a git work tree" + GitHistory.reason(answer.error))
        }
        self.folder = real
        self.top = top
        prefix = lines.count > 1 ? lines[1] : ""
    }

    /// The commit `revision` names; an error naming the revision when there is none.
    func commit(_ revision: String) throws(GitError) -> String {
        guard !revision.hasPrefix("-") else { throw GitError(problem: .notARevision, description: "'\(revision)' is not a revision") }
        let answer = GitHistory.run(["-C", folder, "rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"])
        let commit = answer.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard answer.status == 0, !commit.isEmpty else {
            throw GitError(problem: .noSuchRevision, description: "no revision '\(revision)' in the git repository at \(top)")
        }
        return commit
    }

    /// The commits `revision` compares, as `git diff` reads it: `REV`
    /// against the work tree (`new` nil), `A..B`, or `A...B` from where B
    /// left A (their merge base); an end left out is HEAD.
    func ends(of revision: String) throws(GitError) -> (old: String, new: String?) {
        let fromMergeBase = revision.contains("...")
        let sides = revision.components(separatedBy: fromMergeBase ? "..." : "..")
        guard sides.count <= 2, sides.contains(where: { !$0.isEmpty }) else {
            throw GitError(problem: .notARevision, description: "'\(revision)' is neither a revision nor a range A..B")
        }
        guard sides.count == 2 else { return (try commit(revision), nil) }
        let old = try commit(sides[0].isEmpty ? "HEAD" : sides[0])
        let new = try commit(sides[1].isEmpty ? "HEAD" : sides[1])
        guard fromMergeBase else { return (old, new) }
        let base = GitHistory.run(["-C", folder, "merge-base", old, new])
        let commit = base.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard base.status == 0, !commit.isEmpty else {
            throw GitError(problem: .noSuchRevision, description: "'\(sides[0])' and '\(sides[1])' have no common ancestor" + GitHistory.reason(base.error))
        }
        return (commit, new)
    }

    /// Writes the content folder as it was at `commit` into `destination`
    /// (an empty folder of Galley's); returns false when the folder did not
    /// exist then.
    func unpack(_ commit: String, into destination: String) throws(GitError) -> Bool {
        let tree = commit + ":" + prefix
        guard GitHistory.run(["-C", top, "cat-file", "-e", tree]).status == 0 else { return false }
        // Through a file of Galley's beside the destination: Foundation's
        // Process cannot hand one child's pipe to another.
        let archive = destination + ".tar"
        defer { unlink(archive) }
        let packed = GitHistory.run(["-C", top, "archive", "--format=tar", "-o", archive, tree])
        guard packed.status == 0 else {
            throw GitError(problem: .gitFailed, description: "cannot read \(commit.prefix(12)) of \(top)" + GitHistory.reason(packed.error))
        }
        let unpacked = GitHistory.run(["-x", "-f", archive, "-C", destination, "--no-same-owner", "--no-same-permissions"], program: "tar")
        guard unpacked.status == 0 else {
            throw GitError(problem: .gitFailed, description: "cannot unpack \(commit.prefix(12)) of \(top)" + GitHistory.reason(unpacked.error))
        }
        return true
    }

    /// Files renamed between `old` and `new` (nil: the work tree), as new
    /// path → old path, relative to the content folder.
    func renames(from old: String, to new: String?) throws(GitError) -> [String: String] {
        var arguments = ["-C", folder, "diff", "--name-status", "-M", "--relative", "-z", old]
        if let new { arguments.append(new) }
        let answer = GitHistory.run(arguments)
        guard answer.status == 0 else { throw GitError(problem: .gitFailed, description: "cannot compare with \(old.prefix(12))" + GitHistory.reason(answer.error)) }
        var renames: [String: String] = [:]
        var fields = answer.output.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)[...]
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

    private static func reason(_ error: String) -> String {
        let first = error.split(separator: "\n").first.map { String($0) } ?? ""
        return first.isEmpty ? "" : " (git: \(first))"
    }

    /// Runs git (or `program`), waiting for it, with its output and errors as text.
    private static func run(_ arguments: [String], program: String = "git") -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        do {
            try process.run()
        } catch {
            return (127, "", "cannot run \(program): \(error.localizedDescription)")
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorText, as: UTF8.self))
    }
}
