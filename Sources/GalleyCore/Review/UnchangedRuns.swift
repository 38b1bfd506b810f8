/// Which runs of kept blocks a review folds away ("12 unchanged blocks"),
/// so that the changes of a long document are read one after another, each
/// with the block before and after it to place it.
package enum UnchangedRuns {
    /// Kept blocks left showing on each side of a change.
    package static let context = 1
    /// The fewest blocks folded: a fold of one block hides no more than its own line takes.
    package static let shortest = 2

    /// The ranges of `changes` to fold, in order; each holds only kept blocks.
    package static func folded(_ changes: [BlockDiff.Change]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var index = 0
        while index < changes.count {
            guard case .kept = changes[index] else {
                index += 1
                continue
            }
            let start = index
            while index < changes.count, case .kept = changes[index] { index += 1 }
            let lower = start == 0 ? start : start + context
            let upper = index == changes.count ? index : index - context
            if upper - lower >= shortest { runs.append(lower..<upper) }
        }
        return runs
    }
}
