import Dispatch
import Foundation
import GalleyCore
import GalleySystem
import GalleyWatcher

/// The changes view of `galley serve` (`/api/changes`): the content folder
/// as it is now against a git revision, marked as `galley diff REV` marks it.
///
/// Git and the renderings run on a queue of the view's own, one request at
/// a time: the HTTP thread only hands a request over, the workspace's queue
/// never waits for git, and two pages asking at once unpack a commit once.
/// Per request, git is asked only which commit the revision names now (a
/// branch moves); a commit is unpacked and rendered once, while it is among
/// the last two asked for.
final class LiveReview: @unchecked Sendable {
    // Unchecked: everything mutable but `scratch` is touched only on `queue`;
    // `scratch` is behind its lock.
    private let queue = DispatchQueue(label: "galley.review")
    private let root: String
    /// The folder's history, once it was found to have one.
    private var history: GitHistory?
    /// The documents of recently asked commits, rendered self-contained:
    /// a page compares with one revision, and two let an author go back and
    /// forth between two without unpacking either again.
    private var revisions = RecentlyUsed<String, OldRevision>(capacity: 2)
    /// The folder as it is now, rendered self-contained as the old side is
    /// (the daemon's own renderings link images by URL, which the old
    /// side's removed images do not have), with its files' signatures when
    /// it was last read and the published version it was read for.
    private var current: (workspace: Workspace, files: FileSignatures, version: Int)?
    /// The pages last answered: asked for again with nothing published since, a page is sent as it was made.
    private var pages = RecentlyUsed<PageKey, String>(capacity: 2)
    /// Where commits are unpacked, made when first needed and removed at `stop()`;
    /// `stopped` keeps a request running late from making another.
    private let scratch = Locked<(folder: ScratchFolder?, stopped: Bool)>((nil, false))

    /// How long one git run may take: the view answers one request at a
    /// time, so this bounds how long any other request waits behind it.
    static let gitTimeLimit = Duration.seconds(20)

    private struct OldRevision {
        var documents: [PublishedDocument]
        var fingerprints: [String: FileFingerprint]
    }

    private struct PageKey: Hashable {
        var revision: String
        var commit: String
        var version: Int
    }

    /// For the content folder `root` (its real path).
    init(root: String) {
        self.root = root
    }

    /// Makes the page for `request` on the view's queue and hands it to
    /// `answer` there; `version` is the daemon's latest published version,
    /// which says whether the folder may have changed since the last page.
    func page(_ request: ChangesRequest, version: Int, answer: @escaping @Sendable (Result<String, ChangesRequest.Refusal>) -> Void) {
        queue.async { [self] in
            do throws(ChangesRequest.Refusal) {
                answer(.success(try page(request, version: version)))
            } catch {
                answer(.failure(error))
            }
        }
    }

    /// Removes the unpacked commits' folder.
    func stop() {
        scratch.withLock { scratch in
            scratch.folder?.remove()
            scratch = (nil, true)
        }
    }

    private func page(_ request: ChangesRequest, version: Int) throws(ChangesRequest.Refusal) -> String {
        dispatchPrecondition(condition: .onQueue(queue))
        do throws(GitError) {
            let history: GitHistory
            if let known = self.history {
                history = known
            } else {
                history = try GitHistory(folder: root, timeLimit: Self.gitTimeLimit)
                self.history = history
            }
            let commit = try history.commit(request.revision)
            let key = PageKey(revision: request.revision, commit: commit, version: version)
            if let page = pages.value(for: key) { return page }
            let old = try revision(commit, history)
            let now = currentWorkspace(version: version)
            let renames = WorkTreeRenames.find(
                old: old.fingerprints, candidates: now.allDocuments.map(\.path), in: ContentFolder(root: root))
            let comparison = RevisionComparison(old: old.documents, new: now.allDocuments, renames: renames)
            let page = ReviewPage.html(comparison, revision: request.revision, deviceWidth: now.deviceWidth)
            pages.keep(page, for: key)
            return page
        } catch {
            throw request.refusal(for: error)
        }
    }

    /// The content folder's documents at `commit`, and its files'
    /// fingerprints (for renames), unpacked and rendered the first time it is asked for.
    private func revision(_ commit: String, _ history: GitHistory) throws(GitError) -> OldRevision {
        if let old = revisions.value(for: commit) { return old }
        let scratch = try scratchFolder()
        // The renderings hold their images: the unpacked files are not read again.
        defer { scratch.removeFolder(commit) }
        let old =
            try history.unpack(commit, into: scratch, folder: commit).map { unpacked in
                let documents = DiffCommand.documents(under: scratch.path.slashJoined(commit), only: nil).documents
                return OldRevision(documents: documents, fingerprints: unpacked.fingerprints)
            } ?? OldRevision(documents: [], fingerprints: [:])
        revisions.keep(old, for: commit)
        return old
    }

    /// The folder as it is now: when the daemon has published anything since
    /// it was last read, the files whose signatures changed are read again
    /// (a rescan would render again every document that shows an image).
    private func currentWorkspace(version: Int) -> Workspace {
        if let current, current.version == version { return current.workspace }
        // Taken before reading: a file written meanwhile is read now and again next time, never missed.
        let files = FileSignatures.take(of: ConfinedTree(root: root, realRoot: root), isIgnored: EditorTemporaryFiles.isTemporary(path:))
        guard let current else {
            let workspace = Workspace(root: root, output: .inline, pictures: ImagePictures(root: root))
            workspace.apply(.everything)
            self.current = (workspace, files, version)
            return workspace
        }
        let changes = current.files.changes(to: files)
        let paths = { (kind: WatchEvent.Kind) in
            changes.filter { $0.kind == kind }.compactMap {
                ContentPath.relative($0.path.rawValue, to: self.root).map(RelativePath.init(rawValue:))
            }
        }
        current.workspace.apply(changed: paths(.changed), removed: paths(.removed))
        self.current = (current.workspace, files, version)
        return current.workspace
    }

    private func scratchFolder() throws(GitError) -> ScratchFolder {
        let made: Result<ScratchFolder, ScratchFolder.Failure> = scratch.withLock { scratch in
            if let folder = scratch.folder { return .success(folder) }
            // A request running late, after `stop()`, makes no folder that nothing would remove.
            guard !scratch.stopped else { return .failure(.removed) }
            do throws(ScratchFolder.Failure) {
                let folder = try ScratchFolder()
                scratch.folder = folder
                return .success(folder)
            } catch {
                return .failure(error)
            }
        }
        do throws(ScratchFolder.Failure) {
            return try made.get()
        } catch {
            throw .unpacking(error)
        }
    }
}
