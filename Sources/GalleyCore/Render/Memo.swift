/// Remembers a pure function's results for the lifetime of one renderer.
final class Memo<Key: Hashable, Value> {
    private var values: [Key: Value] = [:]
    private let compute: (Key) -> Value

    init(_ compute: @escaping (Key) -> Value) {
        self.compute = compute
    }

    subscript(key: Key) -> Value {
        if let value = values[key] { return value }
        let value = compute(key)
        values[key] = value
        return value
    }
}
