/// Which connections may stay open, so that clients that never finish a
/// request (slowloris) cannot lock pages out: no I/O, the server carries
/// out what it answers.
///
/// - A connection has `headSeconds` from its start, or from its last
///   answer, to deliver a whole request head; then it is closed. A request
///   being handled or held (a long-poll) has no such deadline.
/// - Connections that have not shown they are trusted (a loopback peer, or
///   a request with the device cookie) may fill the capacity only up to
///   the trusted share: past it, the oldest of them still waiting for its
///   head makes room, or else the newcomer is closed.
/// - At the full capacity, any newcomer makes room the same way, taking an
///   untrusted waiting connection first.
package struct ConnectionLedger: Sendable {
    package struct Limits: Sendable {
        package var capacity: Int
        /// Kept for trusted connections: untrusted ones hold at most `capacity - trustedShare`.
        package var trustedShare: Int
        package var headSeconds: Int

        package init(capacity: Int, trustedShare: Int, headSeconds: Int) {
            self.capacity = capacity
            self.trustedShare = min(trustedShare, capacity - 1)
            self.headSeconds = headSeconds
        }
    }

    package typealias ID = Int

    private struct Entry {
        var trusted: Bool
        /// When it began waiting for a request head; nil while a request is handled.
        var waitingSince: ContinuousClock.Instant?
    }

    package let limits: Limits
    private var entries: [ID: Entry] = [:]
    private var untrusted = 0

    package init(limits: Limits) {
        self.limits = limits
    }

    package var count: Int { entries.count }

    /// A connection was accepted; returns the connections to close to make
    /// room (`id` itself when nothing else can go). They leave the ledger now.
    package mutating func opened(_ id: ID, trusted: Bool, now: ContinuousClock.Instant) -> [ID] {
        entries[id] = Entry(trusted: trusted, waitingSince: now)
        if !trusted { untrusted += 1 }
        var closing: [ID] = []
        if !trusted, untrusted > limits.capacity - limits.trustedShare {
            closing.append(oldestWaiting(trusted: false) ?? id)
        } else if entries.count > limits.capacity {
            closing.append(oldestWaiting(trusted: false) ?? oldestWaiting(trusted: true) ?? id)
        }
        for victim in closing { remove(victim) }
        return closing
    }

    /// The connection's request head arrived; it is handled now.
    package mutating func headArrived(_ id: ID) {
        entries[id]?.waitingSince = nil
    }

    /// The connection's request showed it is trusted (it keeps that for its life).
    package mutating func trust(_ id: ID) {
        guard let entry = entries[id], !entry.trusted else { return }
        entries[id]?.trusted = true
        untrusted -= 1
    }

    /// The connection's request was answered; it may send another.
    package mutating func answered(_ id: ID, now: ContinuousClock.Instant) {
        entries[id]?.waitingSince = now
    }

    /// The connection is gone.
    package mutating func closed(_ id: ID) {
        remove(id)
    }

    /// The connections whose head is overdue at `now`; they leave the ledger.
    package mutating func overdue(at now: ContinuousClock.Instant) -> [ID] {
        let deadline = Duration.seconds(limits.headSeconds)
        let late = entries.compactMap { id, entry in entry.waitingSince.flatMap { now - $0 >= deadline ? id : nil } }
        for id in late { remove(id) }
        return late.sorted()
    }

    /// When the next head falls due; nil when no connection waits for one.
    package var nextDeadline: ContinuousClock.Instant? {
        entries.values.compactMap(\.waitingSince).min().map { $0 + .seconds(limits.headSeconds) }
    }

    private func oldestWaiting(trusted: Bool) -> ID? {
        var oldest: (id: ID, since: ContinuousClock.Instant)?
        for (id, entry) in entries where entry.trusted == trusted {
            guard let since = entry.waitingSince else { continue }
            if oldest.map({ (since, id) < ($0.since, $0.id) }) ?? true { oldest = (id, since) }
        }
        return oldest?.id
    }

    private mutating func remove(_ id: ID) {
        guard let entry = entries.removeValue(forKey: id) else { return }
        if !entry.trusted { untrusted -= 1 }
    }
}
