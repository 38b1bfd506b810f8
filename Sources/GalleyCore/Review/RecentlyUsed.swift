/// A few values by key, the least recently used dropped when one more would
/// go past `capacity`: for what is costly to make, asked for again and
/// again, where only the last few matter (a revision unpacked and rendered).
package struct RecentlyUsed<Key: Hashable, Value> {
    package let capacity: Int
    /// Least recently used first.
    private var entries: [(key: Key, value: Value)] = []

    /// At least one value is kept.
    package init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The keys kept, least recently used first.
    package var keys: [Key] { entries.map(\.key) }

    /// The value kept for `key`, which becomes the most recently used; nil when none is.
    package mutating func value(for key: Key) -> Value? {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        let entry = entries.remove(at: index)
        entries.append(entry)
        return entry.value
    }

    /// Keeps `value` for `key` as the most recently used, in place of any
    /// value it had, dropping the least recently used beyond `capacity`.
    package mutating func keep(_ value: Value, for key: Key) {
        entries.removeAll { $0.key == key }
        entries.append((key, value))
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    }
}
