import GalleyCore
import GalleySystem
import Synchronization

/// Editors connected through `galley lsp` that can show a file at a line
/// (LSP `window/showDocument`). An Alt/Ctrl-click on a block goes to the
/// most recent one, so the link works without an `--editor` command.
final class EditorOpeners: Sendable {
    typealias Open = @Sendable (_ path: String, _ line: Int, _ column: Int) -> Bool

    private let openers = Locked<[(id: Int, open: Open)]>([])
    private let nextID = Atomic<Int>(0)
    /// Told when the first editor arrives and when the last one leaves.
    private let onAvailabilityChange: @Sendable (Bool) -> Void

    init(onAvailabilityChange: @escaping @Sendable (Bool) -> Void = { _ in }) {
        self.onAvailabilityChange = onAvailabilityChange
    }

    /// Adds an editor; returns the id that removes it.
    func add(_ open: @escaping Open) -> Int {
        let id = nextID.add(1, ordering: .relaxed).newValue
        let first = openers.withLock { list in
            list.append((id, open))
            return list.count == 1
        }
        if first { onAvailabilityChange(true) }
        return id
    }

    func remove(_ id: Int) {
        let last = openers.withLock { list in
            let before = list.count
            list.removeAll { $0.id == id }
            return before > 0 && list.isEmpty
        }
        if last { onAvailabilityChange(false) }
    }

    var isEmpty: Bool { openers.withLock { $0.isEmpty } }

    /// Asks the newest editor that still answers to show `path` at `line`.
    func open(path: String, line: Int, column: Int) -> Bool {
        let candidates = openers.withLock { $0.map(\.open) }
        return candidates.reversed().contains { $0(path, line, column) }
    }
}
