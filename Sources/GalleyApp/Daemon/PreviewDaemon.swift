import GalleySystem
import Dispatch
import Foundation
import GalleyCore
import GalleyServer
import GalleyWatcher
import Glibc

/// `galley serve`: wires watcher → workspace → publisher → HTTP server.
final class PreviewDaemon: @unchecked Sendable {
    struct StartError: Error, CustomStringConvertible {
        var description: String
    }

    private let options: ServeOptions
    private let log: Log
    /// Every change to the workspace happens here, in order.
    private let workspaceQueue = DispatchQueue(label: "galley.workspace")
    private var workspace: Workspace?
    private var publisher: Publisher?
    private var server: HTTPServer?
    /// The watcher and the folder timer are replaced on the workspace queue (when the content folder goes and comes
    /// back) and stopped by `stop()` on another thread, which must not wait for a long rescan: so they sit behind a lock.
    private let watchingLock = NSLock()
    private var watcher: FileWatcher?
    private var folderTimer: DispatchSourceTimer?
    private var isStopping = false
    /// Whether `galley lsp` processes can reach this daemon on its socket.
    private let acceptsEditors: Bool
    private var bufferLink: BufferLinkServer?
    /// Editors connected through `galley lsp`, for Alt/Ctrl-click on a block.
    private(set) var editors = EditorOpeners()
    /// The content folder's real path and the page origin, once started.
    private(set) var root = ""
    private(set) var url = ""

    init(options: ServeOptions, acceptsEditors: Bool = true) {
        self.options = options
        self.acceptsEditors = acceptsEditors
        log = Log(level: options.logLevel)
    }

    /// Where the preview is served: on this machine, and with `--lan` on
    /// the local network (URLs with the key).
    struct Addresses {
        var local: String
        var lan: [String]
    }

    /// Starts serving; returns the URLs once the server accepts connections.
    func start() throws -> Addresses {
        guard FileSystem.exists(options.directory) else {
            throw StartError(description: "content folder '\(options.directory)' does not exist")
        }
        guard FileSystem.isDirectory(options.directory), let root = FilePath.realPath(options.directory) else {
            throw StartError(description: "'\(options.directory)' is not a folder")
        }
        raiseDescriptorLimit()
        if !options.lan && options.host != "127.0.0.1" && options.host != "::1" {
            log.warning("serving on \(options.host): other machines on the network can read your content; only Host names \(options.allowedHosts.isEmpty ? "for this address" : options.allowedHosts.joined(separator: ", ")) are answered; --lan is the safe way, serving them only with a secret key")
        }

        let boot = PreviewDaemon.makeBootID()
        let startTime = ContinuousClock.now
        let workspace = Workspace(root: root, boot: boot)
        let pictures = ImagePictures(root: root) { [weak self, workspaceQueue] path in
            workspaceQueue.async { [weak self] in self?.showPictureFailure(path) }
        }
        workspace.pictures = pictures
        let command = options.editorCommand.flatMap(EditorCommand.init(template:))
        let publisherBox = PublisherBox()
        let editors = EditorOpeners { available in publisherBox.publisher?.announceEditor(available || command != nil) }
        let editor = EditorLink(command: command, connectedEditors: editors)
        let publisher = Publisher(boot: boot, editorAnnouncement: editor.announcement, announced: command != nil, servesPhones: options.lan, log: log)
        publisherBox.publisher = publisher
        self.editors = editors
        if options.pollInterval == nil, let fileSystem = NetworkFileSystem.name(of: root) {
            log.warning("\(root) is on \(fileSystem), where inotify may not see changes made by other machines; if saves do not show, run with --poll")
        }
        // Watch before reading, so nothing saved during the load is missed.
        let watcher = try makeWatcher(root: root)
        workspaceQueue.sync {
            workspace.loadAll()
            let changes = workspace.takeChanges()
            publisher.publish(changed: changes.changed, removed: changes.removed, images: changes.images)
        }
        // Reading and rendering every file leaves glibc's arenas full of freed
        // temporaries (14 MiB of 88 with 10,000 files): give them back once.
        HTTPServer.releaseFreeMemory()
        let socket: ListeningSocket
        do {
            socket = try ListeningSocket(host: options.lan ? "0.0.0.0" : options.host, port: options.port)
        } catch let error as SystemCallError where error.errno == EADDRINUSE {
            throw StartError(description: "port \(options.port) on \(options.host) is already in use (is another galley running?); choose another with --port, or --port 0 for any free port")
        }
        let lanAddresses = options.lan ? NetworkInterfaces.lanAddresses() : []
        let guardrail = RequestGuard(port: socket.port, boundHost: options.lan ? "127.0.0.1" : options.host, extraNames: options.allowedHosts + lanAddresses)
        let lan = options.lan ? LANAccess.random() : nil
        let gate = lan.map { access in
            LANGate(access: access, origins: lanAddresses.map { "http://\($0):\(socket.port)" }, log: log)
        }
        let service = PreviewService(publisher: publisher, guardrail: guardrail, root: root, editor: editor, lan: gate, pictures: pictures)
        let server = try HTTPServer(socket: socket, handler: service)

        self.workspace = workspace
        self.publisher = publisher
        self.server = server
        self.root = root
        start(watcher)
        let documents = workspace.documentCount
        let elapsed = startTime.duration(to: .now)
        log.info("watching \(root): \(documents) document\(documents == 1 ? "" : "s") ready in \(Milliseconds.format(elapsed))")
        let local = options.lan ? "http://127.0.0.1:\(socket.port)/" : socket.origin + "/"
        url = local
        if acceptsEditors { startBufferLink(root: root) }
        return Addresses(local: local, lan: gate?.urls ?? [])
    }

    private func makeWatcher(root: String) throws -> FileWatcher {
        let isIgnored: @Sendable (String) -> Bool = { path in
            ContentPath.isIgnored(name: path.lastSlashSeparatedPart ?? path)
        }
        if let interval = options.pollInterval {
            return try PollingWatcher(root: root, interval: interval, isIgnored: isIgnored)
        }
        return try DirectoryWatcher(root: root, isIgnored: isIgnored)
    }

    private func start(_ watcher: FileWatcher) {
        let isStopping = watchingLock.withLock {
            if !self.isStopping { self.watcher = watcher }
            return self.isStopping
        }
        guard !isStopping else { return watcher.stop() }
        let log = self.log
        watcher.start(queue: workspaceQueue, onBatch: { [weak self] batch in
            self?.apply(batch)
        }, onWarning: { message in
            log.warning(message)
        })
    }

    /// The content folder itself went away: show every page that its
    /// document is gone, and look once a second for the folder to return
    /// (only while it is missing, so an idle daemon still never wakes).
    private func waitForContentFolder() {
        guard let workspace else { return }
        let gone = watchingLock.withLock {
            defer { watcher = nil }
            return watcher
        }
        gone?.stop()
        workspace.removeFolder("")
        publishChanges(paths: ["(content folder removed)"], started: .now)
        log.warning("the content folder \(workspace.root) was removed; waiting for it to come back")
        let timer = DispatchSource.makeTimerSource(queue: workspaceQueue)
        timer.schedule(deadline: .now() + 1, repeating: 1)
        timer.setEventHandler { [weak self] in
            guard let self, let workspace = self.workspace, FileSystem.isDirectory(workspace.root) else { return }
            timer.cancel()
            self.watchingLock.withLock { self.folderTimer = nil }
            do {
                let watcher = try self.makeWatcher(root: workspace.root)
                workspace.loadAll()
                self.publishChanges(paths: ["(content folder back)"], started: .now)
                self.start(watcher)
                self.log.info("the content folder is back")
            } catch {
                self.log.error("\(error)")
            }
        }
        let isStopping = watchingLock.withLock {
            if !self.isStopping { folderTimer = timer }
            return self.isStopping
        }
        // A dispatch source must be activated before it is released, even one never to fire.
        timer.activate()
        if isStopping { timer.cancel() }
    }

    /// Runs on the workspace queue for every batch of file changes.
    private func apply(_ batch: WatchBatch) {
        guard let workspace, let watcher = watchingLock.withLock({ watcher }) else { return }
        let started = ContinuousClock.now
        var paths: [String] = []
        switch batch {
        case .rescanNeeded:
            log.warning("the kernel's event queue overflowed; rescanning the content folder")
            workspace.rescan()
            paths = ["(rescan)"]
        case .events(let events):
            var changed: [String] = []
            var removed: [String] = []
            for event in events {
                guard let relative = ContentPath.relative(event.path, to: watcher.root) else { continue }
                switch event.kind {
                case .changed: changed.append(relative)
                case .removed: removed.append(relative)
                case .directoryRemoved:
                    if relative.isEmpty {
                        waitForContentFolder()
                        return
                    }
                    workspace.removeFolder(relative)
                }
            }
            paths = changed + removed
            workspace.apply(changed: changed, removed: removed)
        }
        publishChanges(paths: paths, started: started)
    }

    /// Hands what the workspace changed to the publisher, and logs one line.
    private func publishChanges(paths: [String], started: ContinuousClock.Instant) {
        guard let workspace, let publisher else { return }
        let changes = workspace.takeChanges()
        guard !changes.changed.isEmpty || !changes.removed.isEmpty || changes.images != nil else {
            log.verbose("no visible change for \(paths.joined(separator: ", "))")
            return
        }
        let told = publisher.publish(changed: changes.changed, removed: changes.removed, images: changes.images)
        let subject = paths.count == 1 ? paths[0] : "\(paths.count) files"
        log.info("\(subject): \(changes.changed.count) document\(changes.changed.count == 1 ? "" : "s") updated, \(changes.removed.count) removed in \(Milliseconds.format(started.duration(to: .now))); \(told) page\(told == 1 ? "" : "s") told")
    }

    // MARK: - Editor buffers (galley lsp)

    private func startBufferLink(root: String) {
        let folder = DaemonSocketPath.folder()
        do {
            try DaemonSocketPath.prepareFolder(folder)
            let link = try BufferLinkServer(listener: try LocalSocketListener(path: DaemonSocketPath.socket(forRoot: root)), daemon: self)
            try link.start()
            bufferLink = link
            log.verbose("editors reach this daemon at \(link.path)")
        } catch let error as SystemCallError where error.errno == EADDRINUSE {
            log.warning("another galley serve is already serving \(root) to editors; galley lsp will talk to that one")
        } catch {
            log.warning("\(error); galley lsp will not reach this daemon")
        }
    }

    /// Shows `text` as the content of `path` (relative) on every page, as a
    /// save would, without writing the file.
    func setBuffer(_ text: [UInt8], for path: String) -> PreviewFileState {
        workspaceQueue.sync {
            guard let workspace else { return PreviewFileState(diagnostics: [], pages: []) }
            let started = ContinuousClock.now
            workspace.setBuffer(text, for: path)
            publishChanges(paths: [path + " (unsaved)"], started: started)
            return fileState(path, workspace)
        }
    }

    /// Makes an edit to the buffer shown for `path`; nil when there is none
    /// or the edit does not fit it.
    func editBuffer(for path: String, replacing range: Range<Int>, with replacement: [UInt8]) -> PreviewFileState? {
        workspaceQueue.sync {
            guard let workspace else { return nil }
            let started = ContinuousClock.now
            guard workspace.editBuffer(for: path, replacing: range, with: replacement) else { return nil }
            publishChanges(paths: [path + " (unsaved)"], started: started)
            return fileState(path, workspace)
        }
    }

    /// Shows the file on disk again.
    func dropBuffer(for path: String) -> PreviewFileState {
        workspaceQueue.sync {
            guard let workspace else { return PreviewFileState(diagnostics: [], pages: []) }
            let started = ContinuousClock.now
            workspace.dropBuffer(for: path)
            publishChanges(paths: [path], started: started)
            return fileState(path, workspace)
        }
    }

    var vocabulary: EditorVocabulary {
        workspaceQueue.sync { workspace?.vocabulary ?? EditorVocabulary(tags: [], imageKey: "", assets: []) }
    }

    /// Scrolls following pages to the block at `line` of `path`.
    func follow(path: String, line: Int) {
        workspaceQueue.sync {
            workspace?.follow(path: path, line: line)
            publishChanges(paths: [path + " (cursor)"], started: .now)
        }
    }

    private func fileState(_ path: String, _ workspace: Workspace) -> PreviewFileState {
        PreviewFileState(diagnostics: workspace.diagnostics(ofFile: path), pages: workspace.documentIDs(ofFile: path).map { "/doc/" + $0 })
    }

    /// A picture a page asked for could not be drawn: the documents that
    /// show it get its placeholder and a warning saying why.
    private func showPictureFailure(_ path: String) {
        guard let workspace else { return }
        workspace.renderUsers(ofImage: path)
        publishChanges(paths: [path], started: .now)
    }

    /// SIGHUP, as daemons do: read the configuration again.
    func reloadConfiguration() {
        workspaceQueue.async { [self] in
            guard let workspace else { return }
            log.info("SIGHUP: reading \(ConfigFile.name) again")
            workspace.reloadConfiguration()
            publishChanges(paths: [ConfigFile.name], started: .now)
        }
    }

    /// Answers every held poll and stops serving; returns the exit status.
    ///
    /// Does not wait for the workspace queue, which may be in the middle of a long rescan.
    func stop() -> Int32 {
        bufferLink?.stop()
        let (stoppedWatcher, stoppedTimer) = watchingLock.withLock {
            isStopping = true
            defer { (self.watcher, self.folderTimer) = (nil, nil) }
            return (self.watcher, self.folderTimer)
        }
        stoppedWatcher?.stop()
        stoppedTimer?.cancel()
        if let server, let publisher {
            server.stop { publisher.answerAll() }
        }
        log.info("stopped")
        return 0
    }

    private func raiseDescriptorLimit() {
        // Each held long-poll is an open socket; the default soft limit (1024)
        // would cap the number of open pages.
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = min(limit.rlim_max, 65536)
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
    }

    private static func makeBootID() -> String {
        var generator = SystemRandomNumberGenerator()
        return String(generator.next() as UInt64, radix: 36)
    }
}

enum Milliseconds {
    static func format(_ duration: Duration) -> String {
        let milliseconds = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return milliseconds < 10 ? "\((milliseconds * 100).rounded() / 100) ms" : "\(Int(milliseconds.rounded())) ms"
    }
}

/// Lets the editor registry, made before the publisher, reach it.
private final class PublisherBox: @unchecked Sendable {
    weak var publisher: Publisher?
}
