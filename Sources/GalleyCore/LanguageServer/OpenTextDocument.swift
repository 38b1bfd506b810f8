/// The text of a document an editor has open, kept as UTF-8 bytes with the
/// start of every line, so edits and position conversions cost the size of
/// a line, not of the file. Lines end as `SourceLocator` says (a line feed,
/// or a lone carriage return), which is also the protocol's rule.
public struct OpenTextDocument: Sendable {
    public private(set) var bytes: [UInt8]
    /// Byte offset where each line starts.
    private var lineStarts: [Int]
    public var version: Int

    public init(text: String, version: Int) {
        bytes = Array(text.utf8)
        lineStarts = SourceLocator.lineStarts(in: bytes)
        self.version = version
    }

    public var text: String { String(decoding: bytes, as: UTF8.self) }
    public var lineCount: Int { lineStarts.count }

    /// Replaces the whole text (a change without a range).
    public mutating func replaceAll(with text: String) {
        self = OpenTextDocument(text: text, version: version)
    }

    /// Replaces `range` (in `encoding`'s units) with `text`. Positions past
    /// the end of a line or of the document are clamped, as the protocol asks.
    public mutating func replace(_ range: TextRange, with text: String, encoding: PositionEncoding) {
        var start = offset(of: range.start, encoding: encoding)
        var end = offset(of: range.end, encoding: encoding)
        if end < start { swap(&start, &end) }
        let inserted = Array(text.utf8)
        // A carriage return near the edit may join or split a CR LF pair: count lines again.
        let touchesReturn = inserted.contains(0x0D) || bytes[start..<end].contains(0x0D) || (start > 0 && bytes[start - 1] == 0x0D)
        bytes.replaceSubrange(start..<end, with: inserted)
        if touchesReturn {
            lineStarts = SourceLocator.lineStarts(in: bytes)
            return
        }
        // Lines starting inside the replaced bytes go; the new text's lines come in; later lines shift.
        let firstAffected = lineIndex(containing: start) + 1
        var lastAffected = firstAffected
        while lastAffected < lineStarts.count, lineStarts[lastAffected] <= end { lastAffected += 1 }
        let delta = inserted.count - (end - start)
        let newStarts = OpenTextDocument.lineStarts(in: inserted[...], base: start)
        lineStarts.replaceSubrange(firstAffected..<lastAffected, with: newStarts)
        if delta != 0 {
            for index in (firstAffected + newStarts.count)..<lineStarts.count { lineStarts[index] += delta }
        }
    }

    /// Starts of the lines that begin after each `\n` in `slice`, offset by `base`.
    private static func lineStarts(in slice: ArraySlice<UInt8>, base: Int) -> [Int] {
        var starts: [Int] = []
        var index = slice.startIndex
        while let newline = slice[index...].firstIndex(of: 0x0A) {
            starts.append(base + (newline - slice.startIndex) + 1)
            index = newline + 1
        }
        return starts
    }

    /// The line that holds byte `offset`.
    public func lineIndex(containing offset: Int) -> Int {
        lineStarts.indexOfLine(containing: offset)
    }

    /// Where line `line`'s content ends (before its `\n`, and a `\r` before that).
    public func lineEnd(_ line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        if end > lineStarts[line], bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    public func lineStart(_ line: Int) -> Int {
        lineStarts[max(0, min(line, lineStarts.count - 1))]
    }

    /// The byte offset of `position`, clamped to the document.
    public func offset(of position: TextPosition, encoding: PositionEncoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        var offset = lineStarts[position.line]
        let end = lineEnd(position.line)
        var units = 0
        while offset < end {
            let width = encoding.units(forLeadByte: bytes[offset])
            if units + width > position.character { break }
            units += width
            offset += min(UTF8ByteCount.ofScalar(lead: bytes[offset]), end - offset)
        }
        return offset
    }

    /// The protocol position of byte `offset`.
    public func position(ofOffset offset: Int, encoding: PositionEncoding) -> TextPosition {
        let clamped = max(0, min(offset, bytes.count))
        let line = lineIndex(containing: clamped)
        var index = lineStarts[line]
        var units = 0
        while index < clamped {
            units += encoding.units(forLeadByte: bytes[index])
            index += UTF8ByteCount.ofScalar(lead: bytes[index])
        }
        return TextPosition(line: line, character: units)
    }

    /// The byte offset of Galley's 1-based line and scalar column.
    public func offset(of location: SourceLocation) -> Int {
        let line = max(0, min(location.line - 1, lineStarts.count - 1))
        let end = lineEnd(line)
        var offset = lineStarts[line]
        var column = 1
        while column < location.column, offset < end {
            offset += UTF8ByteCount.ofScalar(lead: bytes[offset])
            column += 1
        }
        return min(offset, end)
    }

    /// Galley's 1-based line and scalar column of a byte offset.
    public func location(ofOffset offset: Int) -> SourceLocation {
        let position = position(ofOffset: offset, encoding: .utf32)
        return SourceLocation(line: position.line + 1, column: position.character + 1)
    }
}
