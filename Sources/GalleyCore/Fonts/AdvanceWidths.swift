/// How far the pen moves after each character in one face, in ems: the
/// `cmap` table (format 4 or 12, Unicode) maps a scalar to its glyph and
/// `hmtx` gives the glyph's advance, with `hhea`'s numberOfHMetrics and
/// `head`'s unitsPerEm. What a line of text is as wide as, before kerning
/// and shaping (which `TextMeasure` leaves out).
package struct AdvanceWidths: Sendable, Equatable {
    /// Consecutive scalars mapped to consecutive glyphs, sorted by `first`.
    struct Run: Sendable, Equatable {
        var first: UInt32
        var last: UInt32
        var glyph: UInt32
    }

    private let runs: [Run]
    /// By glyph id; a glyph past the end has the last advance (`hmtx`'s rule
    /// for monospaced tails).
    private let advances: [UInt16]
    private let unitsPerEm: Double

    /// Reads a TrueType or OpenType face (`faceIndex` within a collection);
    /// nil for anything else, a damaged table, or a face with no Unicode `cmap`
    /// subtable in format 4 or 12.
    package static func read(_ bytes: [UInt8], faceIndex: Int = 0) -> AdvanceWidths? {
        guard let tables = OpenTypeTables(bytes, faceIndex: faceIndex), let head = tables.table("head"), let hhea = tables.table("hhea"),
            let hmtx = tables.table("hmtx"), let cmap = tables.table("cmap")
        else { return nil }
        let reader = tables.reader
        guard let unitsPerEm = reader.uint16(at: head.offset + 18), unitsPerEm > 0,
            let metricCount = reader.uint16(at: hhea.offset + 34), metricCount > 0,
            Int(metricCount) * 4 <= hmtx.length
        else { return nil }
        var advances: [UInt16] = []
        advances.reserveCapacity(Int(metricCount))
        for index in 0..<Int(metricCount) {
            guard let advance = reader.uint16(at: hmtx.offset + index * 4) else { return nil }
            advances.append(advance)
        }
        guard let runs = readCmap(reader, at: cmap.offset) else { return nil }
        return AdvanceWidths(runs: runs, advances: advances, unitsPerEm: Double(unitsPerEm))
    }

    /// The advance of `scalar` in ems; nil when the face has no glyph for it
    /// (the browser then draws it with the next face of the stack).
    package func advance(of scalar: Unicode.Scalar) -> Double? {
        guard let glyph = glyph(for: scalar.value), glyph != 0 else { return nil }
        let advance = Int(glyph) < advances.count ? advances[Int(glyph)] : advances[advances.count - 1]
        return Double(advance) / unitsPerEm
    }

    /// The glyph id `cmap` maps `code` to; nil or 0 when there is none.
    func glyph(for code: UInt32) -> UInt32? {
        var low = 0
        var high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].last < code { low = middle + 1 } else { high = middle }
        }
        guard low < runs.count, runs[low].first <= code else { return nil }
        return runs[low].glyph &+ (code - runs[low].first)
    }

    /// The best Unicode subtable: format 12 (every plane) before format 4
    /// (the Basic Multilingual Plane), Windows or Unicode platform.
    private static func readCmap(_ reader: BigEndianReader, at start: Int) -> [Run]? {
        guard let count = reader.uint16(at: start + 2) else { return nil }
        var format4: Int?
        var format12: Int?
        for index in 0..<Int(count) {
            let record = start + 4 + index * 8
            guard let platform = reader.uint16(at: record), let encoding = reader.uint16(at: record + 2),
                let offset = reader.uint32(at: record + 4)
            else { return nil }
            let isUnicode = platform == 0 || (platform == 3 && (encoding == 1 || encoding == 10))
            let table = start + Int(offset)
            guard isUnicode, let format = reader.uint16(at: table) else { continue }
            if format == 12, format12 == nil { format12 = table }
            if format == 4, format4 == nil { format4 = table }
        }
        if let table = format12, let runs = readFormat12(reader, at: table) { return runs }
        if let table = format4 { return readFormat4(reader, at: table) }
        return nil
    }

    private static func readFormat12(_ reader: BigEndianReader, at table: Int) -> [Run]? {
        guard let groups = reader.uint32(at: table + 12), groups < 1 << 20 else { return nil }
        var runs: [Run] = []
        runs.reserveCapacity(Int(groups))
        for index in 0..<Int(groups) {
            let group = table + 16 + index * 12
            guard let first = reader.uint32(at: group), let last = reader.uint32(at: group + 4),
                let glyph = reader.uint32(at: group + 8)
            else { return nil }
            guard first <= last else { continue }
            runs.append(Run(first: first, last: last, glyph: glyph))
        }
        return sortedWithoutOverlaps(runs)
    }

    /// Format 4's segments: a delta for most, or a glyph array read code by
    /// code (`idRangeOffset`), made into runs of consecutive glyphs.
    private static func readFormat4(_ reader: BigEndianReader, at table: Int) -> [Run]? {
        guard let doubled = reader.uint16(at: table + 6) else { return nil }
        let segments = Int(doubled) / 2
        let ends = table + 14
        let starts = ends + segments * 2 + 2
        let deltas = starts + segments * 2
        let rangeOffsets = deltas + segments * 2
        var runs: [Run] = []
        func add(_ code: UInt32, _ glyph: UInt32) {
            guard glyph != 0 else { return }
            if let last = runs.last, last.last + 1 == code, last.glyph &+ (code - last.first) == glyph {
                runs[runs.count - 1].last = code
            } else {
                runs.append(Run(first: code, last: code, glyph: glyph))
            }
        }
        // Segments that read a glyph array are walked code by code: at most
        // the plane's 65,536 codes in all, however the segments overlap.
        var walked = 0
        for segment in 0..<segments {
            guard let end = reader.uint16(at: ends + segment * 2), let first = reader.uint16(at: starts + segment * 2),
                let delta = reader.uint16(at: deltas + segment * 2), let rangeOffset = reader.uint16(at: rangeOffsets + segment * 2)
            else { return nil }
            guard first <= end, !(first == 0xFFFF && end == 0xFFFF) else { continue }
            if rangeOffset == 0 {
                // code + delta, modulo 65,536: one run, or two where it wraps past 0xFFFF.
                let glyph = (UInt32(first) + UInt32(delta)) & 0xFFFF
                let wrapsAt = UInt32(first) + (0x1_0000 - glyph)
                if wrapsAt > UInt32(end) {
                    runs.append(Run(first: UInt32(first), last: UInt32(end), glyph: glyph))
                } else {
                    if wrapsAt > UInt32(first) { runs.append(Run(first: UInt32(first), last: wrapsAt - 1, glyph: glyph)) }
                    runs.append(Run(first: wrapsAt, last: UInt32(end), glyph: 0))
                }
                continue
            }
            for code in UInt32(first)...UInt32(end) {
                walked += 1
                guard walked <= 0x1_0000 else { break }
                // The offset counts from the idRangeOffset entry itself.
                let at = rangeOffsets + segment * 2 + Int(rangeOffset) + Int(code - UInt32(first)) * 2
                guard let value = reader.uint16(at: at), value != 0 else { continue }
                add(code, (UInt32(value) + UInt32(delta)) & 0xFFFF)
            }
        }
        return sortedWithoutOverlaps(runs)
    }

    /// Runs in code order, a code mapped twice keeping its first mapping,
    /// so that the binary search finds one answer.
    private static func sortedWithoutOverlaps(_ runs: [Run]) -> [Run] {
        var result: [Run] = []
        for run in runs.sorted(by: { $0.first < $1.first }) {
            var run = run
            if let previous = result.last, run.first <= previous.last {
                guard run.last > previous.last else { continue }
                run.glyph &+= previous.last + 1 - run.first
                run.first = previous.last + 1
            }
            result.append(run)
        }
        return result
    }
}
