/// A name that is a string on the wire and in files, but one kind of name
/// in the code: a document's id can never be passed where a path is wanted.
/// Ordered as its text is, so tables sorted by it read as before.
public protocol StringIdentifier: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
where RawValue == String {
    init(rawValue: String)
}

extension StringIdentifier {
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    public var description: String { rawValue }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
