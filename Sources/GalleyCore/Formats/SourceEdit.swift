/// What changed between two versions of a file, as an editor told it: the
/// bytes `replaced` in the previous version became `insertedCount` bytes.
/// Carried from the editor to the reader, so that a reading of the new
/// version starts from the edit instead of comparing the versions whole,
/// and need not keep the previous version's bytes at all.
package struct SourceEdit: Sendable, Equatable {
    /// The bytes replaced, as offsets in the previous version.
    package let replaced: Range<Int>
    /// How many bytes took their place.
    package let insertedCount: Int
    /// The previous version's length.
    package let previousCount: Int

    init(replaced: Range<Int>, insertedCount: Int, previousCount: Int) {
        self.replaced = replaced
        self.insertedCount = insertedCount
        self.previousCount = previousCount
    }

    /// The edit that replaces `range` of `previous` with `replacement`,
    /// narrowed to the bytes that differ: only the edit's own bytes are
    /// compared, never the rest of the file.
    package init(replacing range: Range<Int>, of previous: [UInt8], with replacement: [UInt8]) {
        var prefix = 0
        while prefix < min(range.count, replacement.count), previous[range.lowerBound + prefix] == replacement[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(range.count, replacement.count) - prefix,
            previous[range.upperBound - 1 - suffix] == replacement[replacement.count - 1 - suffix]
        {
            suffix += 1
        }
        self.init(
            replaced: (range.lowerBound + prefix)..<(range.upperBound - suffix),
            insertedCount: replacement.count - prefix - suffix, previousCount: previous.count)
    }

    /// The edit from `previous` to `new` when no editor said where it was
    /// (a whole new text): the versions are compared.
    package init(from previous: [UInt8], to new: [UInt8]) {
        let (prefix, suffix) = ByteEdit.commonEnds(previous, new)
        self.init(replaced: prefix..<(previous.count - suffix), insertedCount: new.count - prefix - suffix, previousCount: previous.count)
    }

    /// No change to a version of `count` bytes.
    package static func unchanged(count: Int) -> SourceEdit {
        SourceEdit(replaced: count..<count, insertedCount: 0, previousCount: count)
    }

    /// The new version's length.
    package var newCount: Int { previousCount - replaced.count + insertedCount }

    /// Whether both versions hold the same bytes.
    package var isEmpty: Bool { replaced.isEmpty && insertedCount == 0 }

    /// Where the inserted bytes end in the new version.
    package var insertedEnd: Int { replaced.lowerBound + insertedCount }

    /// The edit that made `new` of a previous version: `told` when it is one
    /// to `new`'s length, else found by comparing with the previous version's
    /// bytes when they were kept; nil with neither (a reader reads whole).
    static func edit(sent: SourceEdit?, previous: [UInt8]?, new: [UInt8]) -> SourceEdit? {
        if let sent, sent.newCount == new.count { return sent }
        return previous.map { SourceEdit(from: $0, to: new) }
    }

    /// This edit followed by `next` (an edit of this one's new version), as
    /// one edit of this one's previous version. Bytes both left alone at
    /// either end stay outside it; between them it may cover bytes that came
    /// back as they were, which a reader reads again for nothing but reads
    /// correctly.
    package func followed(by next: SourceEdit) -> SourceEdit {
        let prefix = min(replaced.lowerBound, next.replaced.lowerBound)
        let suffix = min(previousCount - replaced.upperBound, next.previousCount - next.replaced.upperBound)
        return SourceEdit(
            replaced: prefix..<(previousCount - suffix), insertedCount: next.newCount - suffix - prefix,
            previousCount: previousCount)
    }
}
