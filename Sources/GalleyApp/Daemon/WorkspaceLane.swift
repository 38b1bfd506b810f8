import Dispatch
import GalleyCore

/// The workspace and the publisher it feeds, on one serial queue: every
/// change to the workspace happens there, in order, and what it changed is
/// handed to the publisher and logged here, once for every kind of change.
final class WorkspaceLane: @unchecked Sendable {
    // Unchecked: `workspace`, `waiting` and `readAhead` are only touched on `queue`;
    // every use of them below is on the queue. Nothing else is mutable.
    let queue = DispatchQueue(label: "galley.workspace")
    private let workspace: Workspace
    private let publisher: Publisher
    private let log: Log
    /// How to give each answer the workspace holds (`Workspace.holdAnswer`),
    /// by the number it gave: which are held, and until when, is its to say.
    private var waiting: [Int: (Workspace) -> Void] = [:]
    /// A file taken in as it was written, before its writer's close, whose changes pages do not have yet.
    private var readAhead: ReadAhead?
    /// How long an answer waits for the slow lane before it is given as things are.
    private static let patience = DispatchTimeInterval.seconds(2)

    init(workspace: Workspace, publisher: Publisher, log: Log) {
        self.workspace = workspace
        self.publisher = publisher
        self.log = log
        workspace.publishes(to: publisher)
    }

    /// Changes the workspace and publishes what changed, on the queue (the
    /// caller is on it); `subjects` name the change in the log. `closed`:
    /// files whose writers closed them, which confirm a read-ahead of them.
    func perform(
        _ subjects: [String], started: ContinuousClock.Instant = .now, closed: Set<RelativePath> = [],
        _ change: (Workspace) -> WorkspaceChanges
    ) {
        dispatchPrecondition(condition: .onQueue(queue))
        let settled = settleReadAhead(closed: closed)
        var changes = settled.changes
        changes.append(change(workspace))
        defer { giveSettledAnswers() }
        guard !changes.isEmpty else {
            log.verbose("no visible change for \(subjects.joined(separator: ", "))")
            return
        }
        let sent = publisher.publish(changed: changes.changed, removed: changes.removed, images: changes.images, leftovers: changes.retired)
        changes.retired = Leftovers()
        workspace.changesPublished()
        let subject = subjects.count == 1 ? subjects[0] : "\(subjects.count) files"
        let before = settled.workBeforeClose.map { " (and \(Milliseconds.format($0)) read ahead before the close)" } ?? ""
        log.info(
            "\(subject): \(changes.changed.count) document\(changes.changed.count == 1 ? "" : "s") updated, \(changes.removed.count) "
                + "removed in \(Milliseconds.format(started.duration(to: .now)))\(before); \(sent) page\(sent == 1 ? "" : "s") told"
        )
    }

    /// What pages are owed of the read-ahead held, before any other work: its changes when `closed` holds its file
    /// (the work reads the file again, and takes in any difference), with the time it took before the close; else
    /// those changes undone.
    private func settleReadAhead(closed: Set<RelativePath>) -> (changes: WorkspaceChanges, workBeforeClose: Duration?) {
        guard let ahead = readAhead.take() else { return (WorkspaceChanges(), nil) }
        return closed.contains(ahead.file.sourcePath) ? (ahead.changes, ahead.workTime) : (workspace.undo(ahead), nil)
    }

    /// Undoes the read-ahead held, if any, and publishes that: for work that reads the workspace.
    private func undoReadAhead() {
        guard let path = readAhead?.file.sourcePath else { return }
        perform([path.rawValue]) { _ in WorkspaceChanges() }
    }

    /// Takes in the file at `path` as it is now, its writer still holding it, and holds what that changed from
    /// pages until the close (`perform(closed:)`); on the queue. One file at a time: the one being saved.
    func readAhead(_ path: RelativePath) {
        dispatchPrecondition(condition: .onQueue(queue))
        let earlier = readAhead?.file.sourcePath == path ? readAhead.take() : nil
        undoReadAhead()
        let started = ContinuousClock.now
        if var ahead = workspace.readAhead(path, after: earlier) {
            ahead.workTime = (earlier?.workTime ?? .zero) + started.duration(to: .now)
            readAhead = ahead
        } else if let earlier {
            // Written on past what is worth reading ahead: back to where it started, until its close.
            perform([path.rawValue]) { $0.undo(earlier) }
        }
    }

    /// `perform` from another thread, waiting for it; then what `answer` reads.
    func sync<Answer>(_ subject: String, _ change: (Workspace) -> WorkspaceChanges, answer: (Workspace) -> Answer) -> Answer {
        queue.sync {
            perform([subject], change)
            return answer(workspace)
        }
    }

    /// `perform` from another thread; then what `answer` reads once no work
    /// on the file at `path` is out on the slow lane, so that an editor is
    /// told about the text it just sent, not the reading before it (a large
    /// file is read and rendered aside). Waits at most `patience`, then
    /// answers as things are.
    func sync<Answer>(
        _ subject: String, _ change: (Workspace) -> WorkspaceChanges, answerOnceSettled path: RelativePath,
        _ answer: @escaping (Workspace) -> Answer
    ) -> Answer {
        let held = HeldAnswer<Answer>()
        let waitingNumber: Int
        switch queue.sync(execute: { () -> FirstTurn<Answer> in
            perform([subject], change)
            if workspace.isSettled(path) { return .answered(answer(workspace)) }
            let number = workspace.holdAnswer(until: path)
            waiting[number] = { workspace in
                held.value = answer(workspace)
                held.given.signal()
            }
            return .waiting(number: number)
        }) {
        case .answered(let answer): return answer
        case .waiting(let number): waitingNumber = number
        }
        if held.given.wait(timeout: .now() + Self.patience) == .success, let value = held.value { return value }
        return queue.sync {
            if workspace.releaseAnswer(waitingNumber) { waiting[waitingNumber] = nil }
            return held.value ?? answer(workspace)
        }
    }

    /// What the change's own turn on the queue could give.
    private enum FirstTurn<Answer> {
        case answered(Answer)
        case waiting(number: Int)
    }

    /// An answer made on the queue for a thread waiting off it.
    private final class HeldAnswer<Answer>: @unchecked Sendable {
        // Unchecked: written on the queue before `given` is signalled, or read on the queue.
        var value: Answer?
        let given = DispatchSemaphore(value: 0)
    }

    private func giveSettledAnswers() {
        guard !waiting.isEmpty else { return }
        for number in workspace.takeSettledAnswers() { waiting.removeValue(forKey: number)?(workspace) }
    }

    /// `perform` later, in turn with every other change: for threads that
    /// must not wait for the workspace (HTTP, picture workers, signals).
    func post(_ subject: String, _ change: @escaping @Sendable (Workspace) -> WorkspaceChanges) {
        queue.async { [self] in perform([subject], change) }
    }

    /// What `body` reads from the workspace, waiting for the changes before it.
    func read<Answer>(_ body: (Workspace) -> Answer) -> Answer {
        queue.sync {
            undoReadAhead()
            return body(workspace)
        }
    }

    /// Publishes the first reading of the folder without logging it: of
    /// the files `found` (relative paths) when given, with the links the walk
    /// that found them skipped, else of the folder walked.
    func load(found: [String]? = nil, leadingOutside: [String] = []) {
        queue.sync {
            undoReadAhead()
            let changes = found.map { workspace.apply(.found($0, leadingOutside: leadingOutside)) } ?? workspace.apply(.everything)
            publisher.publish(changed: changes.changed, removed: changes.removed, images: changes.images)
            workspace.changesPublished()
            publisher.noteSkipped(linksLeadingOutside: workspace.files.linksLeadingOutside)
        }
    }
}
