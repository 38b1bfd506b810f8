/// Where each line of a source begins: the one definition of where a line
/// ends (a line feed, or a carriage return not followed by one, as old Mac
/// files have), kept by every reader's `SourceLocator` and by the language
/// server's open documents.
struct LineStarts: Sendable {
    /// Byte offset of each line's first byte; the first is 0.
    private(set) var offsets: [Int]

    /// Finds the line starts of `bytes`, many bytes a step (`ByteScan`).
    init(of bytes: [UInt8]) {
        offsets = bytes.withUnsafeBytes { buffer -> [Int] in
            let feeds = ByteScan.offsets(of: 0x0A, in: buffer)
            // Carriage returns are rare: one fast scan finds none in most files.
            let returns = ByteScan.offsets(of: 0x0D, in: buffer).filter { index in
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

    /// The line starts of `bytes`, an edit of the source `previous` describes
    /// in which `start..<previousEnd` became `start..<end`: the starts around
    /// the edit are kept or moved, and only the edited bytes (with one on each
    /// side, where a CR LF pair may have been joined or split) are scanned.
    init(editing previous: LineStarts, into bytes: [UInt8], from start: Int, previousEnd: Int, end: Int) {
        let old = previous.offsets
        let shift = end - previousEnd
        let low = max(0, start - 1)
        let high = min(end + 1, bytes.count)
        var starts: [Int] = []
        starts.reserveCapacity(old.count + 8)
        // A line start `s` follows the line break at `s - 1`.
        var next = 0
        while next < old.count, old[next] <= low {
            starts.append(old[next])
            next += 1
        }
        for index in low..<max(low, high) where Self.endsLine(at: index, in: bytes) {
            starts.append(index + 1)
        }
        while next < old.count, old[next] < previousEnd + 2 { next += 1 }
        while next < old.count {
            starts.append(old[next] + shift)
            next += 1
        }
        offsets = starts
    }

    var count: Int { offsets.count }

    subscript(line: Int) -> Int { offsets[line] }

    /// The 0-based line that holds byte `offset`: the last start at or before it.
    func line(containing offset: Int) -> Int {
        Swift.max(0, offsets.partitionPoint { $0 > offset } - 1)
    }

    /// Where line `line`'s content ends in `bytes`: before its line feed, its
    /// carriage return, or both.
    func contentEnd(ofLine line: Int, in bytes: [UInt8]) -> Int {
        guard line + 1 < offsets.count else { return bytes.count }
        var end = offsets[line + 1] - 1
        if bytes[end] == 0x0A, end > offsets[line], bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// Whether any line (with its line break) is longer than `length` bytes.
    func hasLine(longerThan length: Int, sourceCount: Int) -> Bool {
        var previous = 0
        for start in offsets.dropFirst() {
            if start - previous > length { return true }
            previous = start
        }
        return sourceCount - previous > length
    }

    /// Whether a line ends with the byte at `index`: a line feed, or a
    /// carriage return not followed by one.
    private static func endsLine(at index: Int, in bytes: [UInt8]) -> Bool {
        bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A))
    }
}
