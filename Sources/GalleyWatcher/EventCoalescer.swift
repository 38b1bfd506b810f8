/// Merges the events of one burst into batches holding at most one event per path, in order of first appearance, the last state winning.
///
/// A `directoryRemoved` makes earlier events below that folder moot, so they are dropped. When a folder removal would be
/// overwritten by a file event for the same path (a folder replaced by a file), the batch is closed first so that the
/// consumer still learns that everything below the folder went away.
struct EventCoalescer {
    private var closedBatches: [[WatchEvent]] = []
    private var events: [WatchEvent?] = []
    private var positions: [String: Int] = [:]

    mutating func add(_ event: WatchEvent) {
        if let position = positions[event.path], let previous = events[position] {
            if previous.kind == .directoryRemoved && event.kind != .directoryRemoved {
                closeBatch()
            } else {
                if event.kind == .directoryRemoved { dropEvents(below: event.path) }
                events[position] = event
                return
            }
        }
        if event.kind == .directoryRemoved { dropEvents(below: event.path) }
        positions[event.path] = events.count
        events.append(event)
    }

    /// True when the batch being built removes some file.
    var hasRemovals: Bool {
        events.contains { $0?.kind == .removed }
    }

    /// Withdraws removals of files that exist again: whatever recreated them reports its own event when it is done.
    mutating func withdrawRemovals(where existsAgain: (String) -> Bool) {
        for (path, position) in positions where events[position]?.kind == .removed && existsAgain(path) {
            events[position] = nil
            positions[path] = nil
        }
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
    }

    private mutating func dropEvents(below folder: String) {
        for (path, position) in positions where path != folder && WatchPath.isSameOrBelow(path, folder) {
            events[position] = nil
            positions[path] = nil
        }
    }
}
