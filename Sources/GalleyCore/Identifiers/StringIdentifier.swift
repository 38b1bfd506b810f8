/// A name that is a string on the wire and in files, but one kind of name
/// in the code: a document's id can never be passed where a path is wanted.
/// Ordered as its text is, so tables sorted by it read as before.
package protocol StringIdentifier: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
where RawValue == String {
    init(rawValue: String)
}

extension StringIdentifier {
    package init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    package var description: String { rawValue }

    package static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
