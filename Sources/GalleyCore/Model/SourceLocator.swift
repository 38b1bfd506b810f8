import Glibc

/// Turns byte offsets into 1-based line and column: the one definition of
/// where a line ends (a line feed, or a carriage return not followed by one,
/// as old Mac files have) for every reader.
///
/// Parsers keep cheap byte offsets on the hot path and convert only the
/// positions somebody will look at. Line starts are found once with memchr;
/// the locator remembers its last answer, so requests that arrive nearly in
/// order (paragraph after paragraph, a step back within a line) cost only the
/// distance moved, which keeps a single-line (minified) file linear.
public struct SourceLocator: Sendable {
    /// What a column counts.
    public enum Columns: Sendable {
        /// Unicode scalars of UTF-8 text.
        case scalars
        /// Bytes, for sources read byte by byte (RTF's 8-bit text).
        case bytes
    }

    private let bytes: [UInt8]
    private let columns: Columns
    /// Where each line begins; the first is 0.
    private let lineStarts: [Int]
    private var offset = 0
    private var lineIndex = 0
    private var column = 1
    /// Bytes `location(of:)` has walked: a reader adds them to its
    /// `WorkCounter`, so tests show it stays linear by counting, not timing.
    public private(set) var bytesWalked = 0

    public init(_ bytes: [UInt8], columns: Columns = .scalars) {
        self.bytes = bytes
        self.columns = columns
        lineStarts = Self.lineStarts(in: bytes)
    }

    /// The locator of `bytes`, an edit of `previous`'s source in which
    /// `start..<previousEnd` became `start..<end`: the line starts around the
    /// edit are kept or moved, and only the edited bytes (with one on each
    /// side, where a CR LF pair may have been joined or split) are scanned.
    public init(editing previous: SourceLocator, into bytes: [UInt8], from start: Int, previousEnd: Int, end: Int) {
        self.bytes = bytes
        columns = previous.columns
        let shift = end - previousEnd
        let low = max(0, start - 1)
        let high = min(end + 1, bytes.count)
        var starts: [Int] = []
        starts.reserveCapacity(previous.lineStarts.count + 8)
        // A line start `s` follows the line break at `s - 1`.
        var next = 0
        while next < previous.lineStarts.count, previous.lineStarts[next] <= low {
            starts.append(previous.lineStarts[next])
            next += 1
        }
        for index in low..<max(low, high) where Self.endsLine(at: index, in: bytes) {
            starts.append(index + 1)
        }
        while next < previous.lineStarts.count, previous.lineStarts[next] < previousEnd + 2 { next += 1 }
        while next < previous.lineStarts.count {
            starts.append(previous.lineStarts[next] + shift)
            next += 1
        }
        lineStarts = starts
    }

    /// Whether a line ends with the byte at `index`: a line feed, or a
    /// carriage return not followed by one.
    private static func endsLine(at index: Int, in bytes: [UInt8]) -> Bool {
        bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A))
    }

    /// The 1-based line of `requested` (clamped to the source).
    public func line(ofOffset requested: Int) -> Int {
        line(containing: max(0, min(requested, bytes.count))) + 1
    }

    /// The location of `requested` (clamped to the source).
    public mutating func location(of requested: Int) -> SourceLocation {
        let target = max(0, min(requested, bytes.count))
        let lineStart = lineStarts[lineIndex]
        let nextLineStart = lineIndex + 1 < lineStarts.count ? lineStarts[lineIndex + 1] : Int.max
        if target >= lineStart && target < nextLineStart {
            // On the line of the last answer: walk from there.
            column += target >= offset ? count(offset..<target) : -count(target..<offset)
            bytesWalked &+= abs(target - offset)
        } else {
            lineIndex = line(containing: target)
            column = 1 + count(lineStarts[lineIndex]..<target)
            bytesWalked &+= target - lineStarts[lineIndex]
        }
        offset = target
        return SourceLocation(line: lineIndex + 1, column: column)
    }

    /// The location of `requested`, looked up without the memory of the last
    /// answer: for readers that ask now and then, in any order.
    public func location(ofOffset requested: Int) -> SourceLocation {
        let target = max(0, min(requested, bytes.count))
        let index = line(containing: target)
        return SourceLocation(line: index + 1, column: 1 + count(lineStarts[index]..<target))
    }

    /// The range of the bytes `offsets`, looked up without the memory of the
    /// last answer; an end on the start's line costs only the range's own
    /// columns, so a long minified line is not counted twice.
    public func range(ofOffsets offsets: Range<Int>) -> SourceRange {
        let start = location(ofOffset: offsets.lowerBound)
        let end = max(0, min(offsets.upperBound, bytes.count))
        let lineIndex = start.line - 1
        let nextLineStart = lineIndex + 1 < lineStarts.count ? lineStarts[lineIndex + 1] : Int.max
        guard end < nextLineStart, end >= offsets.lowerBound else { return SourceRange(start, location(ofOffset: end)) }
        return SourceRange(start, SourceLocation(line: start.line, column: start.column + count(max(0, offsets.lowerBound)..<end)))
    }

    /// The offset of `location` (as `location(of:)` gives it), or nil when
    /// the source has no such line.
    public func offset(of location: SourceLocation) -> Int? {
        guard location.line >= 1, location.line <= lineStarts.count else { return nil }
        let start = lineStarts[location.line - 1]
        switch columns {
        case .bytes:
            return min(start + location.column - 1, bytes.count)
        case .scalars:
            var offset = start
            var column = 1
            while column < location.column, offset < bytes.count {
                offset += 1
                while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
                column += 1
            }
            return offset
        }
    }

    private func line(containing target: Int) -> Int {
        lineStarts.indexOfLine(containing: target)
    }

    /// Columns between two offsets on one line.
    private func count(_ range: Range<Int>) -> Int {
        switch columns {
        case .bytes:
            return range.count
        case .scalars:
            return bytes.withUnsafeBufferPointer { buffer in
                // UTF-8 continuation bytes (10xxxxxx) do not start a scalar.
                var scalars = 0
                for index in range where buffer[index] & 0xC0 != 0x80 { scalars += 1 }
                return scalars
            }
        }
    }

    static func lineStarts(in bytes: [UInt8]) -> [Int] {
        bytes.withUnsafeBufferPointer { buffer -> [Int] in
            guard let base = buffer.baseAddress else { return [0] }
            let feeds = offsets(of: 0x0A, in: base, count: buffer.count)
            // Carriage returns are rare: one fast scan finds none in most files.
            let returns = offsets(of: 0x0D, in: base, count: buffer.count).filter { index in
                index + 1 >= buffer.count || buffer[index + 1] != 0x0A
            }
            var starts = [0]
            starts.reserveCapacity(feeds.count + returns.count + 1)
            if returns.isEmpty {
                starts += feeds.lazy.map { $0 + 1 }
            } else {
                starts += (feeds + returns).sorted().lazy.map { $0 + 1 }
            }
            return starts
        }
    }

    private static func offsets(of byte: UInt8, in base: UnsafePointer<UInt8>, count: Int) -> [Int] {
        var found: [Int] = []
        var cursor = 0
        while cursor < count, let hit = memchr(base + cursor, Int32(byte), count - cursor) {
            let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            found.append(offset)
            cursor = offset + 1
        }
        return found
    }
}
