/// A stretch of a source file, from `start` up to (not including) `end`,
/// in the same lines and columns as `SourceLocation`.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    public var start: SourceLocation
    public var end: SourceLocation

    public init(_ start: SourceLocation, _ end: SourceLocation) {
        self.start = start
        self.end = max(start, end)
    }

    /// An empty range: a place between two characters.
    public init(at location: SourceLocation) {
        self.init(location, location)
    }

    public var isEmpty: Bool { start == end }

    public var description: String { "\(start)-\(end)" }

    func relocated(_ move: (SourceLocation) -> SourceLocation) -> SourceRange {
        SourceRange(move(start), move(end))
    }
}

extension SourceLocator {
    /// The range of the bytes `offsets`, for readers that ask in order.
    public mutating func range(of offsets: Range<Int>) -> SourceRange {
        let start = location(of: offsets.lowerBound)
        return SourceRange(start, offsets.isEmpty ? start : location(of: offsets.upperBound))
    }
}
