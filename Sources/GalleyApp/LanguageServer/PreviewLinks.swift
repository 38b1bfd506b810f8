import Foundation
import GalleyCore
import GalleySystem
import Synchronization

/// The language server's previews: the running daemons it reached and the
/// one it serves itself, found for each opened file. This is where the
/// session's preview actions meet sockets and the disk.
final class PreviewLinks {
    private var links: [Int: any PreviewLink] = [:]
    /// The folders of the previews this process serves itself.
    private var ownRoots: Set<AbsolutePath> = []
    private var nextNumber = 0
    /// Called (on another thread) for each Alt/Ctrl-click on a block, once the client can show documents.
    private let showClick: @Sendable (_ root: AbsolutePath, _ path: RelativePath, _ line: Int) -> Void
    /// Whether the client can show documents, so that clicks are forwarded (the session learns it at `initialize`).
    let forwardsClicks = Switch()

    final class Switch: Sendable {
        private let on = Atomic<Bool>(false)
        var isOn: Bool {
            get { on.load(ordering: .relaxed) }
            set { on.store(newValue, ordering: .relaxed) }
        }
    }

    init(showClick: @escaping @Sendable (_ root: AbsolutePath, _ path: RelativePath, _ line: Int) -> Void) {
        self.showClick = showClick
    }

    private func link(_ preview: PreviewID) throws(PreviewLinkError) -> any PreviewLink {
        guard let link = links[preview.number] else { throw .closed(root: preview.root) }
        return link
    }

    func show(_ buffer: BufferShow) throws(PreviewLinkError) -> PreviewFileState {
        let link = try link(buffer.preview)
        // The same text as the file (just opened, undone, reloaded with `:e!`) is not unsaved work.
        if ContentFolder(root: link.root.rawValue).hasContents(buffer.path.rawValue, buffer.text) {
            return try link.dropBuffer(for: buffer.path)
        }
        return try link.setBuffer(buffer.text, version: buffer.version, edit: buffer.edit, for: buffer.path)
    }

    func drop(_ path: RelativePath, in preview: PreviewID) throws(PreviewLinkError) -> PreviewFileState {
        try link(preview).dropBuffer(for: path)
    }

    func vocabulary(of preview: PreviewID) throws(PreviewLinkError) -> EditorVocabulary {
        try link(preview).vocabulary()
    }

    func follow(_ path: RelativePath, line: Int, in preview: PreviewID) throws(PreviewLinkError) {
        try link(preview).follow(path: path, line: line)
    }

    func forget(_ preview: PreviewID) {
        guard let link = links.removeValue(forKey: preview.number) else { return }
        link.close()
        if link is OwnPreviewLink { ownRoots.remove(link.root) }
    }

    /// Stops the preview this process serves, answering its pages.
    func close() {
        for link in links.values { link.close() }
        links = [:]
    }

    /// The preview that covers `file` (absolute) and the file's path in it:
    /// a running daemon for the file's folder or one above it, else a
    /// preview served by this process, of the workspace folder holding the
    /// file (`PreviewRoot`). A file outside every workspace folder the
    /// editor gave gets none, not even a running daemon's.
    func attach(file: AbsolutePath, workspaceFolders: [AbsolutePath]) -> PreviewLookup {
        guard let real = FilePath.resolvingFolders(file.rawValue) else { return .none }
        let workspace = workspaceFolders.map { FilePath.realPath($0.rawValue) ?? FilePath.absolute($0.rawValue) }
        if !workspace.isEmpty, !workspace.contains(where: { FilePath.isSameOrBelow(real, $0) }) {
            let folders = workspace.map(AbsolutePath.init(rawValue:))
            return .refused(.outsideWorkspace(file: AbsolutePath(rawValue: real), workspaceFolders: folders))
        }
        for (number, link) in links {
            if let path = previewablePath(real, in: link.root) {
                return .found(PreviewID(number: number, root: link.root, url: link.url), path: path, started: false)
            }
        }
        var ancestor = FilePath.parent(of: real)
        while true {
            let root = AbsolutePath(rawValue: ancestor)
            if FileSystem.exists(DaemonSocketPath.socket(forRoot: ancestor)), let link = try? DaemonSocketLink(root: root),
                ContentPath.relative(real, to: ancestor) != nil
            {
                let preview = add(link)
                return previewablePath(real, in: root).map { .found(preview, path: $0, started: false) } ?? .none
            }
            guard ancestor != "/", !ancestor.isEmpty else { break }
            ancestor = FilePath.parent(of: ancestor)
        }
        let home = ProcessInfo.processInfo.environment["HOME"].flatMap(FilePath.realPath)
        let root: AbsolutePath
        let hasConfig = { (folder: String) in FileSystem.exists(folder.slashJoined(ConfigFile.name.rawValue)) }
        switch PreviewRoot.folder(for: real, workspaceFolders: workspace, home: home, hasConfig: hasConfig) {
        case .success(let folder): root = folder
        case .failure(let refusal): return .refused(refusal)
        }
        // Without workspace folders, the first file's folder is the one preview;
        // with them, each folder gets its own.
        guard workspace.isEmpty ? ownRoots.isEmpty : !ownRoots.contains(root) else { return .none }
        guard let path = previewablePath(real, in: root) else { return .none }
        do {
            let link = try OwnPreviewLink(folder: root)
            ownRoots.insert(root)
            return .found(add(link), path: path, started: true)
        } catch {
            return .failed(folder: root, error: error)
        }
    }

    private func add(_ link: any PreviewLink) -> PreviewID {
        nextNumber += 1
        links[nextNumber] = link
        let root = link.root
        link.forwardClicks { [showClick, forwardsClicks] path, line, _ in
            if forwardsClicks.isOn { showClick(root, path, line) }
        }
        return PreviewID(number: nextNumber, root: link.root, url: link.url)
    }

    /// The path of `file` (a real path) in `root` when a preview of it shows the file.
    private func previewablePath(_ file: String, in root: AbsolutePath) -> RelativePath? {
        guard let relative = ContentPath.relative(file, to: root.rawValue) else { return nil }
        let path = RelativePath(rawValue: relative)
        switch ContentPath.role(of: path) {
        case .config, .appStrings: break
        // A format reads it (for a bundle, its text file; not its attachments).
        case .content(let content): guard path == content.sourcePath else { return nil }
        default: return nil
        }
        return path
    }
}
