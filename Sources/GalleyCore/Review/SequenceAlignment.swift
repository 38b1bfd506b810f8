/// Two sequences aligned for review: the longest common subsequence of
/// their middles (between the ends they share), the rest removed or added.
/// The blocks of a document and the words of a paragraph are compared
/// this way.
package struct SequenceAlignment: Equatable, Sendable {
    package enum Step: Equatable, Sendable {
        case kept(old: Int, new: Int)
        case removed(old: Int)
        case added(new: Int)
    }

    /// In the new sequence's order; where both are in one place, what was
    /// removed comes before what was added.
    package var steps: [Step]
    /// False when the middle's table would have had more than the cells
    /// allowed: the middle is then all removed, then all added.
    package var aligned: Bool
    /// How many cells of the comparison table were filled: the work done
    /// beyond one pass over the ends.
    package var cells: Int

    /// Aligns `old` with `new`, filling at most `largestTable` cells.
    package init<Element: Equatable>(_ old: [Element], _ new: [Element], largestTable: Int) {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        let oldMiddle = prefix..<(old.count - suffix)
        let newMiddle = prefix..<(new.count - suffix)
        let (middle, aligned, cells) = Self.middle(old, oldMiddle, new, newMiddle, largestTable: largestTable)
        steps =
            (0..<prefix).map { Step.kept(old: $0, new: $0) } + middle
            + (0..<suffix).map { Step.kept(old: old.count - suffix + $0, new: new.count - suffix + $0) }
        self.aligned = aligned
        self.cells = cells
    }

    /// The middle's alignment, whether it fitted the table, and the cells filled.
    private static func middle<Element: Equatable>(
        _ old: [Element], _ oldRange: Range<Int>, _ new: [Element], _ newRange: Range<Int>, largestTable: Int
    ) -> ([Step], Bool, Int) {
        let rows = oldRange.count
        let columns = newRange.count
        let whole = oldRange.map { Step.removed(old: $0) } + newRange.map { Step.added(new: $0) }
        guard rows > 0, columns > 0 else { return (whole, true, 0) }
        // Multiplied only once both are known to be small enough not to overflow.
        guard rows <= largestTable, columns <= largestTable, rows * columns <= largestTable else { return (whole, false, 0) }
        // lengths[i][j]: the longest common subsequence of old[i...] and new[j...], in one flat table.
        var lengths = [Int32](repeating: 0, count: (rows + 1) * (columns + 1))
        let width = columns + 1
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                lengths[row * width + column] =
                    old[oldRange.lowerBound + row] == new[newRange.lowerBound + column]
                    ? lengths[(row + 1) * width + column + 1] + 1
                    : max(lengths[(row + 1) * width + column], lengths[row * width + column + 1])
            }
        }
        var steps: [Step] = []
        var row = 0
        var column = 0
        while row < rows || column < columns {
            if row < rows, column < columns, old[oldRange.lowerBound + row] == new[newRange.lowerBound + column] {
                steps.append(.kept(old: oldRange.lowerBound + row, new: newRange.lowerBound + column))
                row += 1
                column += 1
            } else if row < rows, column == columns || lengths[(row + 1) * width + column] >= lengths[row * width + column + 1] {
                steps.append(.removed(old: oldRange.lowerBound + row))
                row += 1
            } else {
                steps.append(.added(new: newRange.lowerBound + column))
                column += 1
            }
        }
        return (steps, true, rows * columns)
    }
}
