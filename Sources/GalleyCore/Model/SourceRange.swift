/// A stretch of a source file, from `start` up to (not including) `end`,
/// in the same lines and columns as `SourceLocation`.
package struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    package var start: SourceLocation
    package var end: SourceLocation

    package init(_ start: SourceLocation, _ end: SourceLocation) {
        self.start = start
        self.end = max(start, end)
    }

    /// An empty range: a place between two characters.
    package init(at location: SourceLocation) {
        self.init(location, location)
    }

    package var isEmpty: Bool { start == end }

    package var description: String { "\(start)-\(end)" }

    func relocated(_ move: (SourceLocation) -> SourceLocation) -> SourceRange {
        SourceRange(move(start), move(end))
    }
}

extension SourceLocator {
    /// The range of the bytes `offsets`, for readers that ask in order.
    package mutating func range(of offsets: Range<Int>) -> SourceRange {
        let start = location(of: offsets.lowerBound)
        return SourceRange(start, offsets.isEmpty ? start : location(of: offsets.upperBound))
    }
}
