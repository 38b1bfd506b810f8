/// A value held out of line, behind one reference: for a large field that
/// most values leave unset, which held inline makes every value larger
/// (a tagged document's paragraph and its run carried 74 and 57 bytes of
/// formatting they never had, a quarter of the model of 10,000 files,
/// massif). Copies share it; it is never changed, only replaced.
final class OutOfLine<Value: Equatable & Sendable>: Equatable, Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }

    static func == (first: OutOfLine, second: OutOfLine) -> Bool {
        first === second || first.value == second.value
    }
}
