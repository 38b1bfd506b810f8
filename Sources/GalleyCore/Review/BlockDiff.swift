/// Which blocks of a document were kept, added, removed or changed between
/// two versions, for review: a longest common subsequence of the blocks'
/// renderings, with a removal and an addition of the same kind at one
/// place counted as one changed block.
public enum BlockDiff {
    public enum Change: Equatable, Sendable {
        case kept(old: Int, new: Int)
        case added(new: Int)
        case removed(old: Int)
        case changed(old: Int, new: Int)
    }

    /// One block as the comparison sees it: what it renders to (which also
    /// says whether an image's bytes changed) and its kind.
    public struct Item: Equatable, Sendable {
        public var rendering: Substring
        public var kind: String

        public init(rendering: Substring, kind: String) {
            self.rendering = rendering
            self.kind = kind
        }
    }

    /// The most cells of the comparison table between the common ends;
    /// beyond it (two 2,000-block documents rewritten throughout) the
    /// middle is shown as removed and added rather than aligned.
    static let largestTable = 4_000_000

    /// The changes that turn `old` into `new`, in the new document's order
    /// (a removed block stands where it stood, before what follows it).
    public static func changes(from old: [Item], to new: [Item]) -> [Change] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        var changes = (0..<prefix).map { Change.kept(old: $0, new: $0) }
        let oldMiddle = prefix..<(old.count - suffix)
        let newMiddle = prefix..<(new.count - suffix)
        changes += pairingChanges(middle(old, oldMiddle, new, newMiddle), old: old, new: new)
        changes += (0..<suffix).map { Change.kept(old: old.count - suffix + $0, new: new.count - suffix + $0) }
        return changes
    }

    /// The middle's alignment: kept pairs, and the rest as removed or added.
    private static func middle(_ old: [Item], _ oldRange: Range<Int>, _ new: [Item], _ newRange: Range<Int>) -> [Change] {
        let rows = oldRange.count
        let columns = newRange.count
        guard rows > 0, columns > 0, rows * columns <= largestTable else {
            return oldRange.map { Change.removed(old: $0) } + newRange.map { Change.added(new: $0) }
        }
        // lengths[i][j]: the longest common subsequence of old[i...] and new[j...], in one flat table.
        var lengths = [Int32](repeating: 0, count: (rows + 1) * (columns + 1))
        let width = columns + 1
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                lengths[row * width + column] = old[oldRange.lowerBound + row] == new[newRange.lowerBound + column]
                    ? lengths[(row + 1) * width + column + 1] + 1
                    : max(lengths[(row + 1) * width + column], lengths[row * width + column + 1])
            }
        }
        var changes: [Change] = []
        var row = 0
        var column = 0
        while row < rows || column < columns {
            if row < rows, column < columns, old[oldRange.lowerBound + row] == new[newRange.lowerBound + column] {
                changes.append(.kept(old: oldRange.lowerBound + row, new: newRange.lowerBound + column))
                row += 1
                column += 1
            } else if row < rows, column == columns || lengths[(row + 1) * width + column] >= lengths[row * width + column + 1] {
                changes.append(.removed(old: oldRange.lowerBound + row))
                row += 1
            } else {
                changes.append(.added(new: newRange.lowerBound + column))
                column += 1
            }
        }
        return changes
    }

    /// Within each stretch between kept blocks, removals and additions of
    /// the same kind, in order and without crossing, become changes of one
    /// block. A stretch is given in the new document's order, its unpaired
    /// removals first (where the old blocks stood).
    private static func pairingChanges(_ changes: [Change], old: [Item], new: [Item]) -> [Change] {
        var result: [Change] = []
        var removed: [Int] = []
        var added: [Int] = []
        func flush() {
            var partner: [Int: Int] = [:]
            var unpaired: [Int] = []
            var next = 0
            for oldIndex in removed {
                if let match = added[next...].firstIndex(where: { new[$0].kind == old[oldIndex].kind }) {
                    partner[added[match]] = oldIndex
                    next = match + 1
                } else {
                    unpaired.append(oldIndex)
                }
            }
            result += unpaired.map { Change.removed(old: $0) }
            result += added.map { newIndex in partner[newIndex].map { Change.changed(old: $0, new: newIndex) } ?? .added(new: newIndex) }
            removed = []
            added = []
        }
        for change in changes {
            switch change {
            case .removed(let index): removed.append(index)
            case .added(let index): added.append(index)
            case .kept, .changed:
                flush()
                result.append(change)
            }
        }
        flush()
        return result
    }
}
