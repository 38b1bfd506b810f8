/// Which blocks of a document were kept, added, removed or changed between
/// two versions, for review: the blocks' renderings aligned
/// (`SequenceAlignment`), with a removal and an addition of the same kind at one
/// place counted as one changed block.
package enum BlockDiff {
    package enum Change: Equatable, Sendable {
        case kept(old: Int, new: Int)
        case added(new: Int)
        case removed(old: Int)
        case changed(old: Int, new: Int)
    }

    /// One block as the comparison sees it: what it renders to (which also
    /// says whether an image's bytes changed) and its kind.
    package struct Item: Equatable, Sendable {
        package var rendering: Substring
        package var kind: KindName

        package init(rendering: Substring, kind: KindName) {
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
    package static func changes(from old: [Item], to new: [Item]) -> [Change] {
        let steps = SequenceAlignment(old, new, largestTable: largestTable).steps.map { step in
            switch step {
            case .kept(let oldIndex, let newIndex): Change.kept(old: oldIndex, new: newIndex)
            case .removed(let oldIndex): Change.removed(old: oldIndex)
            case .added(let newIndex): Change.added(new: newIndex)
            }
        }
        return pairingChanges(steps, old: old, new: new)
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
