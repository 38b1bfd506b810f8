/// A value held out of line, behind one reference: for a large field that
/// most values leave unset, which held inline makes every value larger
/// (a tagged document's paragraphs and runs carried 74 and 57 bytes of
/// formatting inline that they never have, a fifth of its model; the line
/// the editor follows, which one document of thousands has). Copies share
/// it; it is never changed, only replaced.
package final class OutOfLine<Value: Equatable & Sendable>: Equatable, Sendable {
    package let value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package static func == (first: OutOfLine, second: OutOfLine) -> Bool {
        first === second || first.value == second.value
    }
}
