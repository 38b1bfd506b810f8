import Glibc

/// Turns byte offsets into 1-based line and column numbers.
///
/// Requests arrive nearly in order (paragraph after paragraph, a footnote
/// stepping back a little), so the locator walks from its last answer in
/// either direction instead of rescanning from the start.
struct RTFSourceLocator {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var scannedOffset = 0
    private var line = 1
    private var lineStart = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The location of `offset`; columns count bytes, which is what RTF's ASCII source shows.
    mutating func location(of offset: Int) -> SourceLocation {
        let target = min(max(offset, 0), bytes.count)
        if target >= scannedOffset {
            if contains(0x0D, in: scannedOffset..<target) {
                var cursor = scannedOffset
                while cursor < target {
                    if isLineBreak(at: cursor) {
                        line += 1
                        lineStart = cursor + 1
                    }
                    cursor += 1
                }
            } else {
                advanceOverLineFeeds(to: target)
            }
        } else {
            var cursor = target
            while cursor < scannedOffset {
                if isLineBreak(at: cursor) { line -= 1 }
                cursor += 1
            }
            lineStart = target
            while lineStart > 0, !isLineBreak(at: lineStart - 1) { lineStart -= 1 }
        }
        scannedOffset = target
        return SourceLocation(line: line, column: target - lineStart + 1)
    }

    /// Counts the line feeds before `target` with memchr: the usual case, as Cocoa and Word end lines with LF or CRLF.
    private mutating func advanceOverLineFeeds(to target: Int) {
        guard let base = bytes.baseAddress else { return }
        var cursor = scannedOffset
        while cursor < target, let found = memchr(base + cursor, 0x0A, target - cursor) {
            let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            line += 1
            lineStart = offset + 1
            cursor = offset + 1
        }
    }

    private func contains(_ byte: UInt8, in range: Range<Int>) -> Bool {
        guard let base = bytes.baseAddress, !range.isEmpty else { return false }
        return memchr(base + range.lowerBound, Int32(byte), range.count) != nil
    }

    /// A line feed, or a carriage return not followed by one.
    private func isLineBreak(at offset: Int) -> Bool {
        let byte = bytes[offset]
        if byte == 0x0A { return true }
        return byte == 0x0D && (offset + 1 >= bytes.count || bytes[offset + 1] != 0x0A)
    }
}
