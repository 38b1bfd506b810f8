/// Columns on lines of any length for the cost of a short walk: the count of
/// scalars and of UTF-16 units before marks at most `spacing` bytes apart
/// across a source, so a column is counted from the mark before it rather
/// than from the start of its line. Without them a minified file, all on one line, costs the square
/// of its length (every block counting from the line's start).
///
/// Kept only when some line is longer than `spacing`; otherwise counting from
/// the line's start is already short.
struct ColumnMarks: Sendable {
    static let spacing = 512

    private struct Mark: Sendable {
        /// Where it is: it counts the bytes before this offset.
        var offset: Int
        /// Scalars (UTF-8 lead bytes) before the mark.
        var scalars: Int
        /// Scalars beyond the Basic Multilingual Plane (4-byte leads) before it.
        var supplementary: Int

        func units(_ unit: ColumnUnit) -> Int {
            unit == .utf16 ? scalars + supplementary : scalars
        }
    }

    /// In order of offset, the first at 0, each at most `spacing` bytes
    /// after the one before: every `spacing`-th byte of a source read
    /// whole; an edit keeps those before it and moves those after it.
    private var marks: [Mark] = []
    /// Bytes counted to make and move the marks since the source was read
    /// whole: a test shows an edit counts only around itself by counting them.
    private(set) var bytesCounted = 0

    /// No marks: for sources whose columns count bytes.
    init() {}

    init(_ bytes: [UInt8], lines: LineStarts) {
        guard lines.hasLine(longerThan: Self.spacing, sourceCount: bytes.count) else { return }
        bytes.withUnsafeBufferPointer { extend(over: $0, to: $0.count, markingLimit: false) }
    }

    /// The marks after `bytes` were edited, the bytes `start..<previousEnd`
    /// of the version before becoming `start..<end`: those before the edit
    /// stay, those after it move with their bytes, their counts changed by
    /// what the edit changed, and only the bytes from the last mark before
    /// the edit to the first after it are counted. Counting every byte after
    /// the edit again, a save near the top of a file counted it all.
    mutating func update(_ bytes: [UInt8], lines: LineStarts, replacing start: Int, previousEnd: Int, end: Int) {
        guard !marks.isEmpty else {
            let counted = bytesCounted
            self = ColumnMarks(bytes, lines: lines)
            bytesCounted += counted
            return
        }
        let kept = marks.partitionPoint { $0.offset > start }
        let firstMoved = marks.partitionPoint { $0.offset > previousEnd }
        var moved = Array(marks[firstMoved...])
        marks.removeSubrange(kept...)
        let shift = end - previousEnd
        bytes.withUnsafeBufferPointer { buffer in
            guard let first = moved.first else { return extend(over: buffer, to: buffer.count, markingLimit: false) }
            extend(over: buffer, to: first.offset + shift, markingLimit: true)
            // The mark that counts the bytes up to the first moved one, counted
            // anew: what it counts now, less what it counted, is what the edit changed.
            guard let counted = marks.popLast() else { return }
            let scalarChange = counted.scalars - first.scalars
            let supplementaryChange = counted.supplementary - first.supplementary
            for index in moved.indices {
                moved[index].offset += shift
                moved[index].scalars += scalarChange
                moved[index].supplementary += supplementaryChange
            }
        }
        marks += moved
    }

    /// Marks from the last one on, every `spacing` bytes up to `limit`,
    /// and one at `limit` itself when `markingLimit` (where the marks moved
    /// by an edit go on).
    private mutating func extend(over bytes: UnsafeBufferPointer<UInt8>, to limit: Int, markingLimit: Bool) {
        var mark = marks.last ?? Mark(offset: 0, scalars: 0, supplementary: 0)
        if marks.isEmpty { marks.append(mark) }
        marks.reserveCapacity(marks.count + (limit - mark.offset) / Self.spacing + 1)
        while mark.offset < limit {
            let step = min(Self.spacing, limit - mark.offset)
            if step < Self.spacing, !markingLimit { break }
            let counted = ColumnUnit.leads(mark.offset..<(mark.offset + step), in: bytes)
            bytesCounted += step
            mark.scalars += counted.scalars
            mark.supplementary += counted.supplementary
            mark.offset += step
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
                let first = marks.partitionPoint { $0.offset >= start }
                let last = marks.partitionPoint { $0.offset > end } - 1
                if first <= last {
                    let candidates = marks[first...last]
                    let after = candidates.partitionPoint { $0.units(unit) > target }
                    if after > first {
                        offset = marks[after - 1].offset
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
        let mark = marks[max(0, marks.partitionPoint { $0.offset > offset } - 1)]
        return (mark.units(unit) + unit.count(mark.offset..<offset, in: bytes), offset - mark.offset)
    }
}
