/// The size of a PDF's first page in points, found without a PDF parser:
/// the first page object's `/CropBox` (what a viewer shows) or `/MediaBox`,
/// else the first box anywhere (a page tree's inherited `/MediaBox`),
/// turned by `/Rotate`. Pages kept in compressed object streams are not
/// seen; the box the page tree inherits usually is, and where none is, the
/// converter's own reading decides the picture's size.
enum PDFPageSize {
    /// How far into the file the boxes are looked for: a first page is
    /// described near the start or, in incrementally saved files, anywhere,
    /// so the bound only keeps a pathological file from costing much.
    static let scanLimit = 16 << 20

    static func firstPage(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let header = HeaderBytes(bytes)
        let end = min(bytes.count, scanLimit)
        var pageObject: Range<Int>?
        var offset = 0
        while let type = header.find(Array("/Type".utf8), from: offset, before: end) {
            var cursor = skipSpace(bytes, type + 5, end)
            if header.matches(Array("/Page".utf8), at: cursor) {
                cursor += 5
                // `/Pages` is the tree, `/Page` followed by a delimiter is a page.
                if cursor >= end || !isNameCharacter(bytes[cursor]) {
                    let start = header.find(Array("obj".utf8), backwardsFrom: type) ?? 0
                    let stop = header.find(Array("endobj".utf8), from: cursor, before: end) ?? end
                    pageObject = start..<stop
                    break
                }
            }
            offset = type + 5
        }
        guard let box = pageObject.flatMap({ pageBox(in: header, $0) }) ?? pageBox(in: header, 0..<end) else { return nil }
        let rotation = pageObject.flatMap { number(after: "/Rotate", in: header, $0) }.flatMap { abs($0) < 100_000 ? $0 : nil } ?? 0
        let width = Int(abs(box.2 - box.0).rounded())
        let height = Int(abs(box.3 - box.1).rounded())
        return Int(rotation / 90) % 2 == 0 ? (width, height) : (height, width)
    }

    private static func pageBox(in header: HeaderBytes, _ range: Range<Int>) -> (Double, Double, Double, Double)? {
        for name in ["/CropBox", "/MediaBox"] {
            guard let at = header.find(Array(name.utf8), from: range.lowerBound, before: range.upperBound) else { continue }
            var cursor = skipSpace(header.bytes, at + name.utf8.count, range.upperBound)
            guard header.byte(cursor) == UInt8(ascii: "[") else { continue }
            cursor += 1
            var values: [Double] = []
            while values.count < 4,
                let (value, next) = readNumber(header.bytes, skipSpace(header.bytes, cursor, range.upperBound), range.upperBound)
            {
                values.append(value)
                cursor = next
            }
            // The closing bracket: a file cut inside the last number is no box.
            let closed = header.byte(skipSpace(header.bytes, cursor, range.upperBound)) == UInt8(ascii: "]")
            if closed, values.count == 4, values.allSatisfy({ abs($0) < 1_000_000 }) { return (values[0], values[1], values[2], values[3]) }
        }
        return nil
    }

    private static func number(after name: String, in header: HeaderBytes, _ range: Range<Int>) -> Double? {
        guard let at = header.find(Array(name.utf8), from: range.lowerBound, before: range.upperBound) else { return nil }
        return readNumber(header.bytes, skipSpace(header.bytes, at + name.utf8.count, range.upperBound), range.upperBound)?.0
    }

    private static func skipSpace(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int {
        var offset = start
        while offset < end, [0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00].contains(bytes[offset]) { offset += 1 }
        return offset
    }

    private static func isNameCharacter(_ byte: UInt8) -> Bool {
        !(byte <= 0x20 || "/[]<>()%{}".utf8.contains(byte))
    }

    /// A PDF number (`612`, `-0.5`, `.25`) and the offset after it.
    private static func readNumber(_ bytes: [UInt8], _ start: Int, _ end: Int) -> (Double, Int)? {
        var offset = start
        var text = ""
        while offset < end, text.count < 32, "+-.0123456789".utf8.contains(bytes[offset]) {
            text.append(Character(UnicodeScalar(bytes[offset])))
            offset += 1
        }
        guard let value = Double(text), value.isFinite else { return nil }
        return (value, offset)
    }
}

extension HeaderBytes {
    /// The last offset before `end` where `pattern` starts, looking back at most 64 KB.
    func find(_ pattern: [UInt8], backwardsFrom end: Int) -> Int? {
        var offset = min(end, bytes.count) - pattern.count
        let stop = max(0, end - 65536)
        while offset >= stop {
            if matches(pattern, at: offset) { return offset }
            offset -= 1
        }
        return nil
    }
}
