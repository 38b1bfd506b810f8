import Foundation
import GalleyCore
import GalleySystem
import Glibc

/// `galley diff REV [PATH]` and `galley render --since REV`: the content as
/// it is (or at the end of `A..B` or `A...B`) against the content at a git revision,
/// with added, removed and changed blocks marked per document.
struct DiffCommand {
    /// `REV`, or `A..B` for two revisions.
    var revision: String
    /// The content folder, or a file in it whose documents alone are shown.
    var path: String
    var output: String?
    /// Whether `output` is a folder to write a site into (`render --since`).
    var site = false

    /// How long one git run may take before it is killed.
    static let gitTimeLimit = Duration.seconds(120)

    func run() -> Int32 {
        // A thread of this command's takes SIGINT and SIGTERM, and removes
        // the scratch folder before the process ends as the signal says.
        ProcessSignals.block()
        do {
            let scratch = try ScratchFolder()
            ProcessSignals.onSignal { scratch.remove() }
            defer { scratch.remove() }
            let page = try reviewPage(in: scratch)
            guard let output else { return Console.output(page) ? 0 : 1 }
            if site {
                let folder = try OutputFolder.making(output)
                defer { folder.close() }
                try folder.write(page.utf8, to: "index.html")
            } else {
                try OutputFile.write(page.utf8, to: output)
            }
            return 0
        } catch let error as GitError {
            Console.error("galley: \(error.detailed)")
            return 1
        } catch {
            Console.error("galley: \(error)")
            return 1
        }
    }

    enum DiffError: Error, CustomStringConvertible {
        case missing(path: String)
        case outputInsideContent(output: String, folder: AbsolutePath)

        var description: String {
            switch self {
            case .missing(let path): "'\(path)' does not exist"
            case .outputInsideContent(let output, let folder):
                "the output '\(output)' is inside the content folder \(folder); Galley never writes there"
            }
        }
    }

    /// The review page, with both versions rendered as `render` would; old
    /// versions are written into `scratch`.
    func reviewPage(in scratch: ScratchFolder) throws -> String {
        guard FileSystem.exists(path) else { throw DiffError.missing(path: path) }
        let isFolder = FileSystem.isDirectory(path) && !ContentFormats.isBundle(path)
        let folder = isFolder ? path : ContentRoot.of(file: path)
        let history = try GitHistory(folder: folder, timeLimit: Self.gitTimeLimit)
        if let output, OutputPath.isInside(output, folder: history.folder) {
            throw DiffError.outputInsideContent(output: output, folder: AbsolutePath(rawValue: history.folder))
        }
        let only = isFolder ? nil : ContentPath.relative(FilePath.realPath(path) ?? path, to: history.folder)
        let (oldCommit, newCommit) = try history.ends(of: revision)
        let old = try history.unpack(oldCommit, into: scratch, folder: "old")
        note(old, of: oldCommit)
        var newRoot = history.folder
        var renames: [String: String] = [:]
        if let newCommit {
            newRoot = scratch.path.slashJoined("new")
            let new = try history.unpack(newCommit, into: scratch, folder: "new")
            if new == nil { try scratch.makeFolder("new") }
            note(new, of: newCommit)
            renames = try history.renames(from: oldCommit, to: newCommit)
        }
        let new = Self.documents(under: newRoot, only: only)
        if newCommit == nil, let old {
            let candidates = only.map { [$0] } ?? new.documents.map(\.path)
            renames = WorkTreeRenames.find(old: old.fingerprints, candidates: candidates, in: ContentFolder(root: history.folder))
        }
        let oldPath = only.map { renames[$0] ?? $0 }
        let oldDocuments = old == nil ? [] : Self.documents(under: scratch.path.slashJoined("old"), only: oldPath).documents
        let comparison = RevisionComparison(old: oldDocuments, new: new.documents, renames: renames)
        return ReviewPage.html(comparison, revision: revision, deviceWidth: new.deviceWidth)
    }

    /// Tells the author which entries of a revision were not unpacked.
    private func note(_ unpacked: UnpackedTree?, of commit: String) {
        guard let skipped = unpacked?.skipped, !skipped.isEmpty else { return }
        let more = skipped.count > 5 ? " and \(skipped.count - 5) more" : ""
        let shown = skipped.prefix(5).map { "'\($0)'" }.joined(separator: ", ") + more
        Console.error(
            "galley: note: not read from \(commit.prefix(12)) (symlinks, submodules, files over "
                + "\(ContentFolder.maximumFileSize / 1024 / 1024) MiB and names Galley does not write): \(shown)")
    }

    /// Every document under `root` (or of the one file `only`), rendered as a self-contained page shows it.
    /// With the device width its `galley.json` sets, for the page.
    static func documents(under root: String, only: String?) -> (documents: [PublishedDocument], deviceWidth: Double) {
        let workspace = Workspace(root: root, output: .inline, pictures: ImagePictures(root: root))
        if let only {
            workspace.apply(.onlyContent(at: DocumentPath(rawValue: only)))
            return (workspace.allDocuments.filter { $0.path == only }, workspace.deviceWidth)
        }
        workspace.apply(.everything)
        return (workspace.allDocuments, workspace.deviceWidth)
    }
}
