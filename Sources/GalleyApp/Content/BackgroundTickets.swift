/// Readings of large files out on the slow lane (`SlowWork`), by key, each
/// with a ticket: a reading that comes back is taken in only when it is
/// the newest of its key and the key was not dropped meanwhile, so a file
/// saved again or removed while it was read is never taken in stale.
struct BackgroundTickets<Key: Hashable> {
    private var out: [Key: Int] = [:]
    private var lastTicket = 0

    /// Starts a reading of `key`; its ticket replaces any earlier one's.
    mutating func start(_ key: Key) -> Int {
        lastTicket += 1
        out[key] = lastTicket
        return lastTicket
    }

    /// Whether a reading of `key` is out.
    func isOut(_ key: Key) -> Bool {
        out[key] != nil
    }

    /// Whether a reading of a key that matches is out.
    func contains(where matches: (Key) -> Bool) -> Bool {
        out.keys.contains(where: matches)
    }

    /// Whether the reading of `key` with `ticket` is the one to take in; it
    /// is then no longer out.
    mutating func finish(_ key: Key, ticket: Int) -> Bool {
        guard out[key] == ticket else { return false }
        out[key] = nil
        return true
    }

    /// Drops the reading of `key`: when it comes back, it is of no use.
    mutating func drop(_ key: Key) {
        out[key] = nil
    }

    mutating func dropAll() {
        out = [:]
    }
}
