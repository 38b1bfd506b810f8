/// Turns byte offsets into line and column, computed once per source.
///
/// Parsers keep cheap byte offsets on the hot path and convert only the
/// positions somebody will look at.
public struct LineIndex: Sendable {
    private let lineStarts: [Int]
    private let bytes: [UInt8]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            for index in 0..<buffer.count where buffer[index] == UInt8(ascii: "\n") {
                starts.append(index + 1)
            }
        }
        lineStarts = starts
    }

    /// The index of `bytes`, an edit of `previous`'s bytes in which
    /// `start..<previousEnd` became `start..<end`: the line starts around the
    /// edit are kept or shifted, and only the edited bytes are scanned.
    public init(editing previous: LineIndex, into bytes: [UInt8], from start: Int, previousEnd: Int, end: Int) {
        let shift = end - previousEnd
        var starts: [Int] = []
        starts.reserveCapacity(previous.lineStarts.count + 8)
        // A line start `s` follows a line break at `s - 1`.
        var next = 0
        while next < previous.lineStarts.count, previous.lineStarts[next] <= start {
            starts.append(previous.lineStarts[next])
            next += 1
        }
        bytes.withUnsafeBufferPointer { buffer in
            for index in start..<end where buffer[index] == UInt8(ascii: "\n") {
                starts.append(index + 1)
            }
        }
        while next < previous.lineStarts.count, previous.lineStarts[next] <= previousEnd { next += 1 }
        while next < previous.lineStarts.count {
            starts.append(previous.lineStarts[next] + shift)
            next += 1
        }
        self.bytes = bytes
        lineStarts = starts
    }

    /// The 1-based line of `offset`.
    public func line(ofOffset offset: Int) -> Int {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The location of `offset`; the column counts Unicode scalars, not bytes.
    public func location(ofOffset offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        let low = line(ofOffset: clamped) - 1
        var column = 1
        var index = lineStarts[low]
        while index < clamped {
            // UTF-8 continuation bytes (10xxxxxx) do not start a scalar.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return SourceLocation(line: low + 1, column: column)
    }
}
