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

    func run() -> Int32 {
        do {
            let page = try reviewPage()
            guard let output else { return Console.output(page) ? 0 : 1 }
            if site {
                let folder = try OutputFolder.making(output)
                defer { folder.close() }
                try folder.write(page.utf8, to: "index.html")
            } else {
                try OutputFile.write(page.utf8, to: output)
            }
            return 0
        } catch {
            Console.error("galley: \(error)")
            return 1
        }
    }

    struct DiffError: Error, CustomStringConvertible {
        var description: String
    }

    /// The review page, with both versions rendered as `render` would.
    func reviewPage() throws -> String {
        guard FileSystem.exists(path) else { throw DiffError(description: "'\(path)' does not exist") }
        let isFolder = FileSystem.isDirectory(path) && !ContentFormats.isBundle(path)
        let folder = isFolder ? path : ContentRoot.of(file: path)
        let history = try GitHistory(folder: folder)
        if let output, OutputPath.isInside(output, folder: history.folder) {
            throw DiffError(description: "the output '\(output)' is inside the content folder \(history.folder); Galley never writes there")
        }
        let only = isFolder ? nil : ContentPath.relative(FilePath.realPath(path) ?? path, to: history.folder)
        let (oldCommit, newCommit) = try history.ends(of: revision)
        let scratch = try ScratchFolder()
        defer { scratch.remove() }
        let oldRoot = scratch.path + "/old"
        try FileManager.default.createDirectory(atPath: oldRoot, withIntermediateDirectories: false)
        let oldExists = try history.unpack(oldCommit, into: oldRoot)
        var newRoot = history.folder
        if let newCommit {
            newRoot = scratch.path + "/new"
            try FileManager.default.createDirectory(atPath: newRoot, withIntermediateDirectories: false)
            _ = try history.unpack(newCommit, into: newRoot)
        }
        let renames = try history.renames(from: oldCommit, to: newCommit)
        let oldPath = only.map { renames[$0] ?? $0 }
        let old = oldExists ? Self.documents(under: oldRoot, only: oldPath).documents : []
        let new = Self.documents(under: newRoot, only: only)
        let comparison = RevisionComparison(old: old, new: new.documents, renames: renames)
        return ReviewPage.html(comparison, revision: revision, deviceWidth: new.deviceWidth)
    }

    /// Every document under `root` (or of the one file `only`), rendered as a self-contained page shows it.
    /// With the device width its `galley.json` sets, for the page.
    static func documents(under root: String, only: String?) -> (documents: [PublishedDocument], deviceWidth: Double) {
        let workspace = Workspace(root: root, output: .inline, pictures: ImagePictures(root: root))
        if let only {
            workspace.apply(.onlyContent(at: only))
            return (workspace.allDocuments.filter { $0.path == only }, workspace.deviceWidth)
        }
        workspace.apply(.everything)
        return (workspace.allDocuments, workspace.deviceWidth)
    }
}
