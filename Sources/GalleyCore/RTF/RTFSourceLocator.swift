import Glibc

/// Turns byte offsets into 1-based line and column numbers.
///
/// Requests arrive nearly in order (paragraph after paragraph, a footnote
/// stepping back a little), so the locator walks from its last answer in
/// either direction instead of rescanning from the start.
struct RTFSourceLocator {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let work: WorkCounter?
    private var scannedOffset = 0
    private var line = 1
    private var lineStart = 0

    init(bytes: UnsafeBufferPointer<UInt8>, work: WorkCounter? = nil) {
        self.bytes = bytes
        self.work = work
    }

    /// The location of `offset`; columns count bytes, which is what RTF's ASCII source shows.
    mutating func location(of offset: Int) -> SourceLocation {
        let target = min(max(offset, 0), bytes.count)
        work?.add(abs(target - scannedOffset))
        if target >= scannedOffset {
            advanceOverLineBreaks(to: target)
        } else {
            var cursor = target
            while cursor < scannedOffset {
                if isLineBreak(at: cursor) { line -= 1 }
                cursor += 1
            }
            lineStart = target
            while lineStart > 0, !isLineBreak(at: lineStart - 1) { lineStart -= 1 }
            work?.add(target - lineStart)
        }
        scannedOffset = target
        return SourceLocation(line: line, column: target - lineStart + 1)
    }

    /// Moves the scan forward to `target`, finding line feeds and carriage returns with
    /// memchr rather than testing every byte, as every paragraph asks for its location.
    private mutating func advanceOverLineBreaks(to target: Int) {
        guard let base = bytes.baseAddress else { return }
        var lastBreak: Int?
        var cursor = scannedOffset
        while cursor < target, let found = memchr(base + cursor, 0x0A, target - cursor) {
            let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            line += 1
            lastBreak = offset
            cursor = offset + 1
        }
        // A carriage return is a break of its own only when no line feed follows (old Mac files).
        cursor = scannedOffset
        while cursor < target, let found = memchr(base + cursor, 0x0D, target - cursor) {
            let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if isLineBreak(at: offset) {
                line += 1
                lastBreak = max(lastBreak ?? offset, offset)
            }
            cursor = offset + 1
        }
        if let lastBreak { lineStart = lastBreak + 1 }
    }

    /// A line feed, or a carriage return not followed by one.
    private func isLineBreak(at offset: Int) -> Bool {
        let byte = bytes[offset]
        if byte == 0x0A { return true }
        return byte == 0x0D && (offset + 1 >= bytes.count || bytes[offset + 1] != 0x0A)
    }
}
