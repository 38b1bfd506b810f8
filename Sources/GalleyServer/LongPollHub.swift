/// Who waits for what: the long-poll protocol as a value type that does no I/O.
///
/// `park` records a waiter on a topic with a deadline; `publish` returns the
/// waiters to answer when a topic changes; `expire` returns those whose
/// deadline passed. The server glue carries the answers out.
public struct LongPollHub<Topic: Hashable, Waiter> {
    private struct Entry {
        var waiter: Waiter
        var deadline: ContinuousClock.Instant
    }

    private var waiting: [Topic: [Int: Entry]] = [:]
    private var topicOfTicket: [Int: Topic] = [:]
    private var nextTicket = 0

    public init() {}

    public var count: Int { topicOfTicket.count }

    /// Parks `waiter` on `topic` until it is published or `deadline` passes.
    public mutating func park(_ waiter: Waiter, on topic: Topic, until deadline: ContinuousClock.Instant) {
        let ticket = nextTicket
        nextTicket += 1
        waiting[topic, default: [:]][ticket] = Entry(waiter: waiter, deadline: deadline)
        topicOfTicket[ticket] = topic
    }

    public func hasWaiters(on topic: Topic) -> Bool {
        waiting[topic]?.isEmpty == false
    }

    /// Removes and returns everybody waiting on `topic`.
    public mutating func publish(_ topic: Topic) -> [Waiter] {
        guard let entries = waiting.removeValue(forKey: topic) else { return [] }
        for ticket in entries.keys { topicOfTicket[ticket] = nil }
        return entries.sorted { $0.key < $1.key }.map(\.value.waiter)
    }

    /// Removes and returns the waiters whose deadline is at or before `now`.
    public mutating func expire(now: ContinuousClock.Instant) -> [(topic: Topic, waiter: Waiter)] {
        var expired: [(Topic, Waiter)] = []
        for (topic, entries) in waiting {
            for (ticket, entry) in entries where entry.deadline <= now {
                expired.append((topic, entry.waiter))
                waiting[topic]?[ticket] = nil
                topicOfTicket[ticket] = nil
            }
            if waiting[topic]?.isEmpty == true { waiting[topic] = nil }
        }
        return expired
    }

    /// Removes and returns every waiter, for shutdown.
    public mutating func drain() -> [(topic: Topic, waiter: Waiter)] {
        let all = waiting.flatMap { topic, entries in entries.values.map { (topic, $0.waiter) } }
        waiting = [:]
        topicOfTicket = [:]
        return all
    }

    /// The earliest deadline, so a single one-shot timer can serve them all.
    public var nextDeadline: ContinuousClock.Instant? {
        waiting.values.lazy.flatMap { $0.values.map(\.deadline) }.min()
    }
}
