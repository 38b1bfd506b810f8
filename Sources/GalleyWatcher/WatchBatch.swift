/// What the watcher delivers at a time: the coalesced events of one burst, or a request to rescan.
package enum WatchBatch: Equatable, Sendable {
    /// At most one event per path, in order of first appearance; the last state of a path wins.
    case events([WatchEvent])
    /// The kernel queue overflowed and events were lost: compare the disk with what you have.
    case rescanNeeded
}
