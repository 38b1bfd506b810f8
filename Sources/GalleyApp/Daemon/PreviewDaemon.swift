import Dispatch
import Foundation
import GalleyCore
import GalleyServer
import GalleySystem
import GalleyWatcher
import Glibc

/// `galley serve`: wires watcher → workspace → publisher → HTTP server at
/// start-up, and serves editors' buffers (`galley lsp`) to the workspace.
final class PreviewDaemon: Sendable {
    /// What runs once `start()` has wired it.
    private struct Running {
        var lane: WorkspaceLane
        var watching: WatcherSupervisor
        var publisher: Publisher
        var review: LiveReview
        var server: HTTPServer
        var bufferLink: BufferLinkServer?
        var root: String
        var url: String
    }

    private let options: ServeOptions
    private let log: Log
    /// Whether `galley lsp` processes can reach this daemon on its socket.
    private let acceptsEditors: Bool
    private let running = Locked<Running?>(nil)
    private let publisherReference = LateReference<Publisher>()
    /// Editors connected through `galley lsp`, for Alt/Ctrl-click on a block.
    let editors: EditorOpeners

    init(options: ServeOptions, acceptsEditors: Bool = true) {
        self.options = options
        self.acceptsEditors = acceptsEditors
        log = Log(level: options.logLevel)
        let command = options.editorCommand.flatMap(EditorCommand.init(template:))
        editors = EditorOpeners { [publisherReference] available in publisherReference.target?.announceEditor(available || command != nil) }
    }

    /// The content folder's real path and the page origin, once started.
    var root: String { running.withLock { $0?.root ?? "" } }
    var url: String { running.withLock { $0?.url ?? "" } }

    /// Where the preview is served: on this machine, and with `--lan` on
    /// the local network (URLs with the key).
    struct Addresses {
        var local: String
        var lan: [String]
    }

    /// Starts serving; returns the URLs once the server accepts connections.
    ///
    /// `announce` gets them as soon as the port is bound, before the folder
    /// is read: the address (or the port's error) comes first, ahead of
    /// whatever the content's problems print, and a page opened meanwhile
    /// waits in the socket's queue until the documents are ready.
    func start(announcing announce: (Addresses) throws -> Void = { _ in }) throws -> Addresses {
        guard FileSystem.exists(options.directory) else {
            throw StartError.folderMissing(folder: options.directory)
        }
        guard FileSystem.isDirectory(options.directory), let root = FilePath.realPath(options.directory) else {
            throw StartError.notAFolder(folder: options.directory)
        }
        raiseDescriptorLimit()
        if !options.lan && !ThisMachine.isThisMachineOnly(host: options.host) {
            log.warning(
                "serving on \(options.host): other machines on the network can read your content; only Host names "
                    + "\(options.allowedHosts.isEmpty ? "for this address" : options.allowedHosts.joined(separator: ", ")) are answered; "
                    + "--lan is the safe way, serving them only with a secret key"
            )
        }

        let boot = PreviewDaemon.makeBootID()
        let startTime = ContinuousClock.now
        // fontconfig answers in another process, in tens of milliseconds, and
        // the workspace's styles and every document's check of its characters
        // wait for it: asked now, it answers while the watcher walks the folder.
        DispatchQueue.global().async { _ = SystemFonts.installed }
        DispatchQueue.global().async { _ = SystemFonts.coverage }
        let makeWatcher: @Sendable () throws -> any FileWatcher = { [options] in try Self.makeWatcher(root: root, options: options) }
        // Watch before reading, so nothing saved during the load is missed; the
        // files the watcher's walk found are read, without walking the tree again.
        let watcher = try makeWatcher()
        let laneReference = LateReference<WorkspaceLane>()
        // A picture that cannot be drawn is found on a worker or an HTTP thread: the
        // documents showing it are rendered again in turn, on the workspace queue.
        let pictures = ImagePictures(root: root) { path in
            laneReference.target?.post(path) { $0.renderUsers(ofImage: path) }
        }
        // A large file is read and rendered here, and taken in when that is done:
        // meanwhile the workspace queue goes on with other files' saves.
        let slowFiles = DispatchQueue(label: "galley.slow-files")
        let workspace = Workspace(root: root, output: .served, pictures: pictures) { work in
            slowFiles.async {
                let done = work()
                laneReference.target?.post(done.path) { workspace in
                    let changes = workspace.finish(done)
                    // A trim holds the arenas for milliseconds: nothing next to reading a large strings file.
                    if done.replacesLargeReading { HTTPServer.releaseFreeMemory() }
                    return changes
                }
            }
        }
        let socket: ListeningSocket
        do {
            let address = options.lan ? "0.0.0.0" : ThisMachine.listeningAddress(for: options.host)
            socket = try ListeningSocket(host: address, port: options.port)
        } catch let error as SystemCallError {
            if let refusal = StartError(binding: error, port: options.port, host: options.host) { throw refusal }
            throw error
        }
        let lanAddresses = options.lan ? NetworkInterfaces.lanAddresses() : []
        let lan = options.lan ? LANAccess.random() : nil
        let gate = lan.map { access in
            LANGate(access: access, origins: lanAddresses.map { "http://\($0):\(socket.port)" }, log: log)
        }
        let local = options.lan ? "http://127.0.0.1:\(socket.port)/" : socket.origin + "/"
        let addresses = Addresses(local: local, lan: gate?.urls ?? [])
        // Editors find this daemon by its socket from the moment its address
        // is out; they wait in the socket's queue, as pages do, until it is ready.
        let editorListener = acceptsEditors ? listenForEditors(root: root) : nil
        try announce(addresses)
        let command = options.editorCommand.flatMap(EditorCommand.init(template:))
        let editor = EditorLink(command: command, connectedEditors: editors)
        let publisher = Publisher(
            boot: boot, editorAnnouncement: editor.announcement, announced: command != nil, servesPhones: options.lan,
            problems: ProblemLog(
                log: log,
                seeAll: "the page at \(local) lists them all, and so does galley check '\(root)'"))
        publisherReference.target = publisher
        let lane = WorkspaceLane(workspace: workspace, publisher: publisher, log: log)
        laneReference.target = lane
        if options.pollInterval == nil, let fileSystem = NetworkFileSystem.name(of: root) {
            log.warning(
                "\(root) is on \(fileSystem), where inotify may not see changes made by other machines; if saves do not show, run with "
                    + "--poll"
            )
        }
        lane.load(
            found: watcher.takeFilesFoundAtStart()?.compactMap { ContentPath.relative($0, to: watcher.root) },
            leadingOutside: watcher.takeLinksLeadingOutsideAtStart().compactMap { ContentPath.relative($0, to: watcher.root) })
        // Reading and rendering every file leaves glibc's arenas full of freed
        // temporaries (14 MiB of 88 with 10,000 files): give them back once.
        HTTPServer.releaseFreeMemory()
        let guardrail = RequestGuard(
            port: socket.port, boundHost: options.lan ? "127.0.0.1" : options.host, extraNames: options.allowedHosts + lanAddresses)
        let review = LiveReview(root: root)
        let service = PreviewService(
            publisher: publisher, guardrail: guardrail, root: root, editor: editor, lan: gate, pictures: pictures, review: review)
        let server = try HTTPServer(socket: socket, handler: service)
        let watching = WatcherSupervisor(root: root, lane: lane, log: log, makeWatcher: makeWatcher)
        running.withLock {
            $0 = Running(lane: lane, watching: watching, publisher: publisher, review: review, server: server, root: root, url: local)
        }
        watching.watch(with: watcher)
        let documents = lane.read(\.documentCount)
        log.info(
            "watching \(root): \(documents) document\(documents == 1 ? "" : "s") ready in "
                + "\(Milliseconds.format(startTime.duration(to: .now)))"
        )
        if let editorListener { startBufferLink(editorListener) }
        return addresses
    }

    private static func makeWatcher(root: String, options: ServeOptions) throws -> any FileWatcher {
        let isIgnored: @Sendable (String) -> Bool = { EditorTemporaryFiles.isTemporary(path: $0) }
        if let interval = options.pollInterval {
            return try PollingWatcher(root: root, interval: interval, isIgnored: isIgnored)
        }
        return try DirectoryWatcher(root: root, isIgnored: isIgnored)
    }

    // MARK: - Editor buffers (galley lsp)

    /// The socket `galley lsp` finds this daemon by, bound and listening;
    /// nil (with a warning) when another daemon serves the folder to editors.
    private func listenForEditors(root: String) -> LocalSocketListener? {
        let folder = DaemonSocketPath.folder()
        do {
            try DaemonSocketPath.prepareFolder(folder)
            return try LocalSocketListener(path: DaemonSocketPath.socket(forRoot: root))
        } catch let error as SystemCallError where error.errno == EADDRINUSE {
            log.warning("another galley serve is already serving \(root) to editors; galley lsp will talk to that one")
        } catch {
            log.warning("\(error); galley lsp will not reach this daemon")
        }
        return nil
    }

    private func startBufferLink(_ listener: LocalSocketListener) {
        do {
            let link = try BufferLinkServer(listener: listener, daemon: self)
            try link.start()
            running.withLock { $0?.bufferLink = link }
            log.verbose("editors reach this daemon at \(link.path)")
        } catch {
            log.warning("\(error); galley lsp will not reach this daemon")
        }
    }

    private var lane: WorkspaceLane? { running.withLock { $0?.lane } }

    /// Shows `text` as the content of `path` (relative) on every page, as a
    /// save would, without writing the file.
    func setBuffer(_ text: [UInt8], for path: RelativePath) -> PreviewFileState {
        lane?.sync(path.rawValue + " (unsaved)", { $0.setBuffer(text, for: path) }, answerOnceSettled: path, { Self.fileState(path, $0) })
            ?? Self.noFileState
    }

    /// Makes an edit to the buffer shown for `path`; nil when there is none
    /// or the edit does not fit it.
    func editBuffer(for path: RelativePath, replacing range: Range<Int>, with replacement: [UInt8]) -> PreviewFileState? {
        var fitted = false
        let state = lane?.sync(
            path.rawValue + " (unsaved)",
            { workspace in
                guard let changes = workspace.editBuffer(for: path, replacing: range, with: replacement) else { return WorkspaceChanges() }
                fitted = true
                return changes
            }, answerOnceSettled: path, { Self.fileState(path, $0) })
        return fitted ? state : nil
    }

    /// Shows the file on disk again.
    func dropBuffer(for path: RelativePath) -> PreviewFileState {
        lane?.sync(path.rawValue, { $0.dropBuffer(for: path) }, answerOnceSettled: path, { Self.fileState(path, $0) }) ?? Self.noFileState
    }

    /// How many times the workspace listed the whole content folder itself
    /// (the watcher's walk at start-up found the files already).
    var folderListings: Int {
        lane?.read { $0.files.listings.steps } ?? 0
    }

    var vocabulary: EditorVocabulary {
        lane?.read(\.vocabulary) ?? EditorVocabulary(tags: [], imageKey: "", assets: [])
    }

    /// Scrolls following pages to the block at `line` of `path`.
    func follow(path: RelativePath, line: Int) {
        lane?.sync(path.rawValue + " (cursor)", { $0.follow(path: path, line: line) }, answer: { _ in })
    }

    private static let noFileState = PreviewFileState(diagnostics: [], pages: [])

    private static func fileState(_ path: RelativePath, _ workspace: Workspace) -> PreviewFileState {
        PreviewFileState(
            diagnostics: workspace.diagnostics(ofFile: path), pages: workspace.documentIDs(ofFile: path).map { "/doc/" + $0.rawValue })
    }

    /// SIGHUP, as daemons do: read the configuration again.
    func reloadConfiguration() {
        guard let lane else { return }
        log.info("SIGHUP: reading \(ConfigFile.name) again")
        lane.post(ConfigFile.name.rawValue) { $0.apply(.configuration) }
    }

    /// Answers every held poll and stops serving.
    ///
    /// Does not wait for the workspace queue, which may be in the middle of a long rescan.
    func stop() {
        let running = running.withLock { $0 }
        running?.bufferLink?.stop()
        running?.watching.stop()
        if let running {
            running.server.stop { running.publisher.answerAll() }
            running.review.stop()
        }
        log.info("stopped")
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
