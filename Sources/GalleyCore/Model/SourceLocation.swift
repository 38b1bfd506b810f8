/// A position in a source file: 1-based line and column.
///
/// Columns count Unicode scalars, so a Japanese line reports the same column
/// an editor shows, not a byte offset.
package struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static let start = SourceLocation(line: 1, column: 1)

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    package var description: String { "\(line):\(column)" }
}
