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

    /// The location of `offset`; the column counts Unicode scalars, not bytes.
    public func location(ofOffset offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= clamped { low = middle } else { high = middle - 1 }
        }
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
