/// Turns byte offsets into line and column, columns counting Unicode scalars.
///
/// Requests arrive nearly in order (a paragraph is placed at its start tag
/// after an image inside it), so the locator walks from its last answer
/// instead of rescanning: a step back within a line costs only the distance,
/// which keeps single-line (minified) files linear.
struct HTMLSourceLocator {
    private let bytes: [UInt8]
    private let work: WorkCounter?
    private var offset = 0
    private var line = 1
    private var column = 1

    init(bytes: [UInt8], work: WorkCounter? = nil) {
        self.bytes = bytes
        self.work = work
    }

    mutating func location(of requested: Int) -> SourceLocation {
        let target = max(0, min(requested, bytes.count))
        work?.add(abs(target - offset))
        if target >= offset {
            for index in offset..<target {
                if isLineBreak(at: index) {
                    line += 1
                    column = 1
                } else if startsScalar(at: index) {
                    column += 1
                }
            }
        } else {
            var lineBreaks = 0
            var scalars = 0
            for index in target..<offset {
                if isLineBreak(at: index) { lineBreaks += 1 } else if startsScalar(at: index) { scalars += 1 }
            }
            if lineBreaks == 0 {
                column -= scalars
            } else {
                line -= lineBreaks
                var lineStart = target
                while lineStart > 0, !isLineBreak(at: lineStart - 1) { lineStart -= 1 }
                work?.add(target - lineStart)
                column = 1 + (lineStart..<target).reduce(0) { $0 + (startsScalar(at: $1) ? 1 : 0) }
            }
        }
        offset = target
        return SourceLocation(line: line, column: column)
    }

    /// UTF-8 continuation bytes (10xxxxxx) do not start a scalar.
    private func startsScalar(at index: Int) -> Bool {
        bytes[index] & 0xC0 != 0x80
    }

    /// A line feed, or a carriage return not followed by one.
    private func isLineBreak(at index: Int) -> Bool {
        let byte = bytes[index]
        if byte == 0x0A { return true }
        return byte == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)
    }
}
