/// Turns byte offsets into 1-based line and column for every reader, lines
/// ending as `LineStarts` says.
///
/// Parsers keep cheap byte offsets on the hot path and convert only the
/// positions somebody will look at. A column costs a walk of at most a few
/// hundred bytes whatever the shape of the file, thanks to `ColumnMarks` on
/// long lines; the mutating `location(of:)` also remembers its last answer,
/// so requests that arrive nearly in order (paragraph after paragraph) cost
/// only the distance moved. A minified file, all on one line, stays linear.
package struct SourceLocator: Sendable {
    /// What a column counts.
    package enum Columns: Sendable {
        /// Unicode scalars of UTF-8 text.
        case scalars
        /// Bytes, for sources read byte by byte (RTF's 8-bit text).
        case bytes

        var unit: ColumnUnit { self == .bytes ? .bytes : .scalars }
    }

    private var bytes: [UInt8]
    /// The source's length, kept when its bytes are let go of (`withoutSource`).
    private let sourceCount: Int
    private let columns: Columns
    private let lineStarts: LineStarts
    private let marks: ColumnMarks
    private var offset = 0
    private var lineIndex = 0
    private var column = 1
    /// Bytes `location(of:)` has read to count columns: a reader adds them to
    /// its `WorkCounter`, so tests show it stays linear by counting, not timing.
    package private(set) var bytesWalked = 0

    /// Bytes counted to make its column marks, and to move them with each
    /// edit since its source was read whole.
    var bytesCountedForMarks: Int { marks.bytesCounted }

    package init(_ bytes: [UInt8], columns: Columns = .scalars) {
        self.bytes = bytes
        sourceCount = bytes.count
        self.columns = columns
        lineStarts = LineStarts(of: bytes)
        marks = columns == .bytes ? ColumnMarks() : ColumnMarks(bytes, lines: lineStarts)
    }

    /// The locator of `bytes`, an edit of `previous`'s source in which
    /// `start..<previousEnd` became `start..<end`: only the edited bytes are
    /// scanned for line breaks (see `LineStarts(editing:…)`).
    package init(editing previous: SourceLocator, into bytes: [UInt8], from start: Int, previousEnd: Int, end: Int) {
        self.bytes = bytes
        sourceCount = bytes.count
        columns = previous.columns
        lineStarts = LineStarts(editing: previous.lineStarts, into: bytes, from: start, previousEnd: previousEnd, end: end)
        var marks = previous.marks
        if columns != .bytes { marks.update(bytes, lines: lineStarts, replacing: start, previousEnd: previousEnd, end: end) }
        self.marks = marks
    }

    /// The same locator without the source's bytes, for a reading kept only
    /// to be edited (`init(editing:…)`): it still tells lines
    /// (`line(ofOffset:)`) and the offsets of byte columns (`offset(of:)`),
    /// but counts no column: every location it is asked for is the start.
    package var withoutSource: SourceLocator {
        var detached = self
        detached.bytes = []
        // Its remembered answer would have it walk bytes it no longer has.
        (detached.offset, detached.lineIndex, detached.column) = (0, 0, 1)
        return detached
    }

    /// The 1-based line of `requested` (clamped to the source).
    package func line(ofOffset requested: Int) -> Int {
        lineStarts.line(containing: max(0, min(requested, sourceCount))) + 1
    }

    /// The location of `requested` (clamped to the source).
    package mutating func location(of requested: Int) -> SourceLocation {
        let target = clamped(requested)
        let lineStart = lineStarts[lineIndex]
        let nextLineStart = lineIndex + 1 < lineStarts.count ? lineStarts[lineIndex + 1] : Int.max
        if target >= lineStart, target < nextLineStart, abs(target - offset) <= ColumnMarks.spacing {
            // Near the last answer on its line: walk from there.
            let moved = count(min(offset, target)..<max(offset, target))
            column += target >= offset ? moved.units : -moved.units
            bytesWalked &+= moved.bytesRead
        } else {
            lineIndex = lineStarts.line(containing: target)
            let counted = count(lineStarts[lineIndex]..<target)
            column = 1 + counted.units
            bytesWalked &+= counted.bytesRead
        }
        offset = target
        return SourceLocation(line: lineIndex + 1, column: column)
    }

    /// The location of `requested`, looked up without the memory of the last
    /// answer: for readers that ask now and then, in any order.
    package func location(ofOffset requested: Int) -> SourceLocation {
        location(ofOffset: requested, work: nil)
    }

    /// The location of `requested`, adding the bytes read to find it to `work`.
    package func location(ofOffset requested: Int, work: WorkCounter?) -> SourceLocation {
        let target = clamped(requested)
        let index = lineStarts.line(containing: target)
        let counted = count(lineStarts[index]..<target)
        work?.add(counted.bytesRead)
        return SourceLocation(line: index + 1, column: 1 + counted.units)
    }

    /// The range of the bytes `offsets`; the column marks keep a long
    /// minified line from being counted from its start twice.
    package func range(ofOffsets offsets: Range<Int>) -> SourceRange {
        let end = max(offsets.lowerBound, min(offsets.upperBound, bytes.count))
        return SourceRange(location(ofOffset: offsets.lowerBound), location(ofOffset: end))
    }

    /// The offset of `location` (as `location(of:)` gives it), or nil when
    /// the source has no such line.
    package func offset(of location: SourceLocation) -> Int? {
        guard location.line >= 1, location.line <= lineStarts.count, columns == .bytes || bytes.count == sourceCount else { return nil }
        let start = lineStarts[location.line - 1]
        return bytes.withUnsafeBufferPointer { buffer in
            marks.advance(columns.unit, from: start, by: location.column - 1, limit: sourceCount, in: buffer).offset
        }
    }

    private func clamped(_ offset: Int) -> Int {
        max(0, min(offset, bytes.count))
    }

    /// Columns in `range` of one line, and the bytes read to count them.
    private func count(_ range: Range<Int>) -> (units: Int, bytesRead: Int) {
        bytes.withUnsafeBufferPointer { marks.count(columns.unit, range, in: $0) }
    }
}
