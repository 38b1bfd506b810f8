/// Where a document's blocks are cut into groups of about 64, each one
/// element of the article: Chromium then styles, lays out and paints again
/// the group an edit touched and moves the others as wholes, rather than
/// thousands of blocks (a column flexbox lays out every child again when
/// one changes).
///
/// A group ends after a block whose content hash says so (one block in
/// 48, once the group holds 16), or at 256 blocks. The cut depends on the
/// blocks' content, not their position, so an edit re-groups only around
/// itself: a paragraph added at the top joins the first group and every
/// later group keeps its blocks, moving as one. Cutting every 64 blocks
/// instead would shift every later boundary by one block, and every group
/// would change. Only a long run of identical blocks, whose hashes agree,
/// falls back on the fixed cut at 256.
enum BlockGroups {
    static let minimumSize = 16
    static let maximumSize = 256
    /// One block in this many ends a group (past the minimum): 16 + 48 is about 64 per group.
    private static let oneIn: UInt32 = 48

    /// The groups of blocks with these content hashes, in order.
    static func ranges(ofBlocksWithContent hashes: [UInt32]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(hashes.count / 48 + 1)
        var start = 0
        for (index, hash) in hashes.enumerated() {
            let size = index + 1 - start
            if size >= maximumSize || (size >= minimumSize && endsAGroup(hash)) {
                ranges.append(start..<(index + 1))
                start = index + 1
            }
        }
        if start < hashes.count { ranges.append(start..<hashes.count) }
        return ranges
    }

    /// Whether a block with content `hash` ends its group: the hash mixed
    /// first (Fibonacci hashing), so that hashes of similar text spread.
    private static func endsAGroup(_ hash: UInt32) -> Bool {
        ((hash &* 2_654_435_769) >> 16) % oneIn == 0
    }
}
