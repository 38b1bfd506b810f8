/// Where a block starts relative to its group's first block, as its
/// `data-line-offset` and `data-column-offset` say: lines below the group's
/// line, and the column counted from the group's column on that line, or
/// from the line's start on a later one. A group that moves as a whole
/// (lines added above it, or a word edited before it on one long line)
/// then changes its own two attributes and none of its blocks'.
struct GroupOffset: Equatable {
    var lines: Int
    var columns: Int

    init(of location: SourceLocation, in group: SourceLocation) {
        lines = location.line - group.line
        columns = lines == 0 ? location.column - group.column : location.column
    }

    /// How the attributes' numbers grow from `earlier` to this offset.
    func shift(from earlier: GroupOffset) -> LocationShift {
        LocationShift(lines: lines - earlier.lines, columns: columns - earlier.columns)
    }
}
