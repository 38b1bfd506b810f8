/// The names a font file gives itself (its `name` table) and its style (its
/// `OS/2` table): what `UIFont(name:)` and `Font.custom` match against.
public struct FontFileNames: Sendable, Equatable {
    /// The family (`Avenir Next`): the typographic family when the font has one.
    public var family: String
    /// The PostScript name (`AvenirNext-DemiBold`).
    public var postScriptName: String?
    public var fullName: String?
    /// 100–900.
    public var weight: Int
    public var isItalic: Bool

    public init(family: String, postScriptName: String?, fullName: String?, weight: Int, isItalic: Bool) {
        self.family = family
        self.postScriptName = postScriptName
        self.fullName = fullName
        self.weight = weight
        self.isItalic = isItalic
    }

    /// Reads a TrueType or OpenType font, or the first face of a collection
    /// (`.ttc`); nil for anything else or a damaged file.
    public static func read(_ bytes: [UInt8]) -> FontFileNames? {
        let reader = BigEndianReader(bytes: bytes)
        guard let tag = reader.uint32(at: 0) else { return nil }
        var offset = 0
        if tag == 0x7474_6366 { // "ttcf"
            guard let count = reader.uint32(at: 8), count > 0, let first = reader.uint32(at: 12) else { return nil }
            offset = Int(first)
        }
        guard let version = reader.uint32(at: offset), [0x0001_0000, 0x4F54_544F, 0x7472_7565].contains(version), // 1.0, "OTTO", "true"
              let tableCount = reader.uint16(at: offset + 4), tableCount < 512 else { return nil }
        var tables: [UInt32: (offset: Int, length: Int)] = [:]
        for index in 0..<Int(tableCount) {
            let record = offset + 12 + index * 16
            guard let tableTag = reader.uint32(at: record), let tableOffset = reader.uint32(at: record + 8), let length = reader.uint32(at: record + 12) else { return nil }
            tables[tableTag] = (Int(tableOffset), Int(length))
        }
        guard let name = tables[0x6E61_6D65] else { return nil } // "name"
        let names = readNames(reader, at: name.offset, length: name.length)
        guard let family = names[16] ?? names[1] else { return nil }
        var weight = 400
        var italic = false
        if let os2 = tables[0x4F53_2F32], let weightClass = reader.uint16(at: os2.offset + 4), let selection = reader.uint16(at: os2.offset + 62) { // "OS/2"
            weight = min(900, max(100, Int(weightClass)))
            italic = selection & 1 != 0
        }
        return FontFileNames(family: family, postScriptName: names[6], fullName: names[4], weight: weight, isItalic: italic)
    }

    /// Name IDs 1, 4, 6 and 16, preferring Windows (UTF-16) English records.
    private static func readNames(_ reader: BigEndianReader, at start: Int, length: Int) -> [Int: String] {
        guard let count = reader.uint16(at: start + 2), let storage = reader.uint16(at: start + 4) else { return [:] }
        var names: [Int: (rank: Int, text: String)] = [:]
        for index in 0..<Int(count) {
            let record = start + 6 + index * 12
            guard let platform = reader.uint16(at: record), let language = reader.uint16(at: record + 4),
                  let nameID = reader.uint16(at: record + 6), [1, 4, 6, 16].contains(nameID),
                  let textLength = reader.uint16(at: record + 8), let textOffset = reader.uint16(at: record + 10) else { continue }
            let begin = start + Int(storage) + Int(textOffset)
            guard begin + Int(textLength) <= min(reader.bytes.count, start + length) else { continue }
            let raw = reader.bytes[begin..<(begin + Int(textLength))]
            let text: String
            let rank: Int
            switch platform {
            case 3, 0:
                var units: [UInt16] = []
                var index = raw.startIndex
                while index + 1 < raw.endIndex {
                    units.append(UInt16(raw[index]) << 8 | UInt16(raw[index + 1]))
                    index += 2
                }
                text = String(decoding: units, as: UTF16.self)
                rank = platform == 3 && language == 0x0409 ? 0 : 1
            case 1:
                // Mac Roman: ASCII names are what matter here.
                text = String(decoding: raw.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
                rank = language == 0 ? 2 : 3
            default:
                continue
            }
            guard !text.isEmpty else { continue }
            if let existing = names[Int(nameID)], existing.rank <= rank { continue }
            names[Int(nameID)] = (rank, text)
        }
        return names.mapValues(\.text)
    }
}

/// Bounds-checked big-endian reads: a damaged font reads as nil, never out of range.
private struct BigEndianReader {
    let bytes: [UInt8]

    func uint16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    func uint32(at offset: Int) -> UInt32? {
        guard let high = uint16(at: offset), let low = uint16(at: offset + 2) else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }
}
