/// Columns on lines of any length for the cost of a short walk: the count of
/// scalars and of UTF-16 units before every `spacing`-th byte of a source, so
/// a column is counted from the mark before it rather than from the start of
/// its line. Without them a minified file, all on one line, costs the square
/// of its length (every block counting from the line's start).
///
/// Kept only when some line is longer than `spacing`; otherwise counting from
/// the line's start is already short.
struct ColumnMarks: Sendable {
    static let spacing = 512

    private struct Mark: Sendable {
        /// Scalars (UTF-8 lead bytes) before the mark.
        var scalars: Int
        /// Scalars beyond the Basic Multilingual Plane (4-byte leads) before it.
        var supplementary: Int

        func units(_ unit: ColumnUnit) -> Int {
            unit == .utf16 ? scalars + supplementary : scalars
        }
    }

    /// Mark `k` counts the bytes before offset `k * spacing`.
    private var marks: [Mark] = []

    /// No marks: for sources whose columns count bytes.
    init() {}

    init(_ bytes: [UInt8], lines: LineStarts) {
        guard lines.hasLine(longerThan: Self.spacing, sourceCount: bytes.count) else { return }
        bytes.withUnsafeBufferPointer { extend(over: $0) }
    }

    /// The marks after `bytes` changed from offset `start` on: those before
    /// it stay, the rest are counted again.
    mutating func update(_ bytes: [UInt8], lines: LineStarts, changedFrom start: Int) {
        guard !marks.isEmpty || lines.hasLine(longerThan: Self.spacing, sourceCount: bytes.count) else { return }
        marks.removeSubrange(min(marks.count, start / Self.spacing + 1)...)
        bytes.withUnsafeBufferPointer { extend(over: $0) }
    }

    private mutating func extend(over bytes: UnsafeBufferPointer<UInt8>) {
        var mark = marks.last ?? Mark(scalars: 0, supplementary: 0)
        if marks.isEmpty { marks.append(mark) }
        marks.reserveCapacity(bytes.count / Self.spacing + 1)
        var offset = (marks.count - 1) * Self.spacing
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return }
        while offset + Self.spacing <= bytes.count {
            let counted = Self.leads(in: base + offset, count: Self.spacing)
            mark.scalars += counted.scalars
            mark.supplementary += counted.supplementary
            offset += Self.spacing
            marks.append(mark)
        }
    }

    /// The UTF-8 lead bytes among `count` bytes (a multiple of 8, at most
    /// 2,040) at `start`, those that are not `10xxxxxx`, and how many of
    /// them are `1111xxxx` (four-byte leads). Eight bytes at a time, each
    /// byte's count in its own lane of a word: a save near the top of a
    /// file counts every byte after it again, which a byte at a time cost
    /// 15 % of a save of the example.
    static func leads(in start: UnsafeRawPointer, count: Int) -> (scalars: Int, supplementary: Int) {
        let high: UInt64 = 0x8080_8080_8080_8080
        var continuations: UInt64 = 0
        var fourByteLeads: UInt64 = 0
        var offset = 0
        while offset < count {
            let word = start.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            // Shifting left by k brings each byte's bit 7 − k to its bit 7.
            continuations &+= (word & ~(word << 1) & high) >> 7
            fourByteLeads &+= (word & (word << 1) & (word << 2) & (word << 3) & high) >> 7
            offset &+= 8
        }
        return (count &- laneSum(continuations), laneSum(fourByteLeads))
    }

    /// The sum of the eight bytes of `lanes`.
    private static func laneSum(_ lanes: UInt64) -> Int {
        let pairs = (lanes & 0x00FF_00FF_00FF_00FF) &+ ((lanes >> 8) & 0x00FF_00FF_00FF_00FF)
        return Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
    }

    /// Units of `unit` in `range` of one line, and the bytes read to count them.
    func count(_ unit: ColumnUnit, _ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> (units: Int, bytesRead: Int) {
        switch unit {
        case .bytes:
            return (range.count, 0)
        case .utf8:
            // A position inside a scalar counts the whole scalar, as walking by scalars does.
            var end = range.upperBound
            while end < bytes.count, end > range.lowerBound, bytes[end] & 0xC0 == 0x80 { end += 1 }
            return (end - range.lowerBound, end - range.upperBound)
        case .scalars, .utf16:
            guard !marks.isEmpty, range.count > Self.spacing else { return (unit.count(range, in: bytes), range.count) }
            let lower = unitsBefore(range.lowerBound, unit, in: bytes)
            let upper = unitsBefore(range.upperBound, unit, in: bytes)
            return (upper.units - lower.units, lower.bytesRead + upper.bytesRead)
        }
    }

    /// The offset `units` units after `start`, not beyond `end` and not
    /// inside a scalar (one that would pass `units` is not taken), and the
    /// bytes read to find it.
    func advance(_ unit: ColumnUnit, from start: Int, by units: Int, limit end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (
        offset: Int, bytesRead: Int
    ) {
        switch unit {
        case .bytes:
            return (min(start + max(0, units), end), 0)
        case .utf8:
            var offset = min(start + max(0, units), end)
            var read = 0
            while offset > start, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 {
                offset -= 1
                read += 1
            }
            return (offset, read)
        case .scalars, .utf16:
            var offset = start
            var walked = 0
            var read = 0
            if !marks.isEmpty, end - start > Self.spacing {
                // From the last mark on the way whose count does not pass the target.
                let before = unitsBefore(start, unit, in: bytes)
                read += before.bytesRead
                let target = before.units + units
                let first = (start + Self.spacing - 1) / Self.spacing
                let last = min(end / Self.spacing, marks.count - 1)
                if first <= last {
                    let candidates = marks[first...last]
                    let after = candidates.partitionPoint { $0.units(unit) > target }
                    if after > first {
                        offset = (after - 1) * Self.spacing
                        walked = marks[after - 1].units(unit) - before.units
                    }
                }
                // A mark inside a scalar has counted it: go on from its end.
                while offset < end, offset > start, bytes[offset] & 0xC0 == 0x80 {
                    offset += 1
                    read += 1
                }
            }
            while offset < end {
                let width = unit.width(ofLead: bytes[offset])
                if walked + width > units { break }
                walked += width
                offset += 1
                read += 1
                while offset < end, bytes[offset] & 0xC0 == 0x80 {
                    offset += 1
                    read += 1
                }
            }
            return (offset, read)
        }
    }

    /// Units before `offset` in the whole source, from the mark before it.
    private func unitsBefore(_ offset: Int, _ unit: ColumnUnit, in bytes: UnsafeBufferPointer<UInt8>) -> (units: Int, bytesRead: Int) {
        let index = min(offset / Self.spacing, marks.count - 1)
        let markOffset = index * Self.spacing
        return (marks[index].units(unit) + unit.count(markOffset..<offset, in: bytes), offset - markOffset)
    }
}
