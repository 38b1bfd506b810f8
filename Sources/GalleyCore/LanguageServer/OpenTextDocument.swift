/// The text of a document an editor has open, kept as UTF-8 bytes with the
/// start of every line (`LineStarts`, the readers' rule, which is also the
/// protocol's) and column marks on long lines, so edits cost the bytes after
/// the edit and a position conversion a short walk, even when the whole
/// document is one line.
package struct OpenTextDocument: Sendable {
    package private(set) var bytes: [UInt8]
    private var lineStarts: LineStarts
    private var marks: ColumnMarks
    package var version: Int
    /// How many times the text was written whole into new storage: once
    /// when it is opened or replaced whole, and again by an edit only when
    /// its storage was shared (a preview in the same process still held it)
    /// or had to grow. A keystroke into a large buffer makes none.
    package private(set) var wholeCopies = 1

    package init(text: String, version: Int) {
        var bytes: [UInt8] = []
        // Room to type into: inserts stay in place until the text grows by an eighth.
        bytes.reserveCapacity(text.utf8.count + text.utf8.count / 8 + 256)
        bytes.append(contentsOf: text.utf8)
        self.bytes = bytes
        lineStarts = LineStarts(of: bytes)
        marks = ColumnMarks(bytes, lines: lineStarts)
        self.version = version
    }

    package var text: String { String(decoding: bytes, as: UTF8.self) }
    package var lineCount: Int { lineStarts.count }

    /// Replaces the whole text (a change without a range).
    package mutating func replaceAll(with text: String) {
        let copies = wholeCopies
        self = OpenTextDocument(text: text, version: version)
        wholeCopies += copies
    }

    /// Replaces `range` (in `encoding`'s units) with `text`. Positions past
    /// the end of a line or of the document are clamped, as the protocol asks.
    package mutating func replace(_ range: TextRange, with text: String, encoding: PositionEncoding) {
        var start = offset(of: range.start, encoding: encoding)
        var end = offset(of: range.end, encoding: encoding)
        if end < start { swap(&start, &end) }
        let inserted = Array(text.utf8)
        let storage = bytes.withUnsafeBufferPointer(\.baseAddress)
        bytes.replaceSubrange(start..<end, with: inserted)
        if bytes.withUnsafeBufferPointer(\.baseAddress) != storage { wholeCopies += 1 }
        lineStarts = LineStarts(editing: lineStarts, into: bytes, from: start, previousEnd: end, end: start + inserted.count)
        marks.update(bytes, lines: lineStarts, replacing: start, previousEnd: end, end: start + inserted.count)
    }

    /// The line that holds byte `offset`.
    package func lineIndex(containing offset: Int) -> Int {
        lineStarts.line(containing: offset)
    }

    /// Where line `line`'s content ends (before its `\n`, and a `\r` before that).
    package func lineEnd(_ line: Int) -> Int {
        lineStarts.contentEnd(ofLine: line, in: bytes)
    }

    package func lineStart(_ line: Int) -> Int {
        lineStarts[max(0, min(line, lineStarts.count - 1))]
    }

    // Each conversion adds the bytes it read to `work`, for tests that count.

    /// The byte offset of `position`, clamped to the document.
    package func offset(of position: TextPosition, encoding: PositionEncoding, work: WorkCounter? = nil) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        return advance(encoding.unit, onLine: position.line, by: position.character, work: work)
    }

    /// The protocol position of byte `offset`.
    package func position(ofOffset offset: Int, encoding: PositionEncoding, work: WorkCounter? = nil) -> TextPosition {
        position(ofOffset: offset, unit: encoding.unit, work: work)
    }

    /// The byte offset of Galley's 1-based line and scalar column.
    package func offset(of location: SourceLocation, work: WorkCounter? = nil) -> Int {
        advance(.scalars, onLine: max(0, min(location.line - 1, lineStarts.count - 1)), by: location.column - 1, work: work)
    }

    /// Galley's 1-based line and scalar column of a byte offset.
    package func location(ofOffset offset: Int, work: WorkCounter? = nil) -> SourceLocation {
        let position = position(ofOffset: offset, unit: .scalars, work: work)
        return SourceLocation(line: position.line + 1, column: position.character + 1)
    }

    private func position(ofOffset offset: Int, unit: ColumnUnit, work: WorkCounter?) -> TextPosition {
        let clamped = max(0, min(offset, bytes.count))
        let line = lineIndex(containing: clamped)
        let counted = bytes.withUnsafeBufferPointer { marks.count(unit, lineStarts[line]..<clamped, in: $0) }
        work?.add(counted.bytesRead)
        return TextPosition(line: line, character: counted.units)
    }

    /// The offset `units` units into line `line`, not beyond its content.
    private func advance(_ unit: ColumnUnit, onLine line: Int, by units: Int, work: WorkCounter?) -> Int {
        let end = lineEnd(line)
        let found = bytes.withUnsafeBufferPointer { marks.advance(unit, from: lineStarts[line], by: units, limit: end, in: $0) }
        work?.add(found.bytesRead)
        return found.offset
    }
}
