import GalleyCore
import GalleySystem

/// Merges the events of one burst into batches holding at most one event per path, in order of first appearance, the last state winning
/// (a `written` only over another `written`).
///
/// A `directoryRemoved` makes earlier events below that folder moot, so they are dropped. When a folder removal would be
/// overwritten by a file event for the same path (a folder replaced by a file), the batch is closed first so that the
/// consumer still learns that everything below the folder went away.
struct EventCoalescer {
    private var closedBatches: [[WatchEvent]] = []
    private var events: [WatchEvent?] = []
    private var positions: [AbsolutePath: Int] = [:]
    private var removedPaths: Set<AbsolutePath> = []

    /// True when the batch being built removes some file.
    var hasRemovals: Bool { !removedPaths.isEmpty }

    mutating func add(_ event: WatchEvent) {
        if let position = positions[event.path], let previous = events[position] {
            // A write says less than anything else about its file: a close, a removal or an arrival in the same
            // burst stands, and a write after a close is of a next save, whose own close will come.
            if event.kind == .written && previous.kind != .written { return }
            if previous.kind == .directoryRemoved && event.kind != .directoryRemoved {
                closeBatch()
            } else {
                if event.kind == .directoryRemoved { dropEvents(below: event.path) }
                store(event, at: position)
                return
            }
        }
        if event.kind == .directoryRemoved { dropEvents(below: event.path) }
        positions[event.path] = events.count
        events.append(nil)
        store(event, at: events.count - 1)
    }

    /// Forgets the removal of a file that is being created again: its writer's close reports it.
    mutating func withdrawRemoval(of path: AbsolutePath) {
        guard removedPaths.contains(path), let position = positions[path] else { return }
        forget(path, at: position)
    }

    /// Takes the file removals out of the batch being built, in order, to be decided later.
    mutating func takeRemovals() -> [AbsolutePath] {
        let paths = removedPaths.compactMap { path in positions[path].map { (path, $0) } }
            .sorted { $0.1 < $1.1 }
        for (path, position) in paths { forget(path, at: position) }
        return paths.map(\.0)
    }

    /// The batches in order, leaving the coalescer empty.
    mutating func takeBatches() -> [WatchBatch] {
        closeBatch()
        defer { closedBatches = [] }
        return closedBatches.map { .events($0) }
    }

    private mutating func closeBatch() {
        let batch = events.compactMap { $0 }
        if !batch.isEmpty { closedBatches.append(batch) }
        events = []
        positions = [:]
        removedPaths = []
    }

    private mutating func dropEvents(below folder: AbsolutePath) {
        for (path, position) in positions where path != folder && FilePath.isSameOrBelow(path.rawValue, folder.rawValue) {
            forget(path, at: position)
        }
    }

    private mutating func store(_ event: WatchEvent, at position: Int) {
        events[position] = event
        if event.kind == .removed { removedPaths.insert(event.path) } else { removedPaths.remove(event.path) }
    }

    private mutating func forget(_ path: AbsolutePath, at position: Int) {
        events[position] = nil
        positions[path] = nil
        removedPaths.remove(path)
    }
}
