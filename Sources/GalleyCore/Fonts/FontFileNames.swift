/// The names a font file gives itself (its `name` table) and its style (its
/// `OS/2` table): what `UIFont(name:)` and `Font.custom` match against.
package struct FontFileNames: Sendable, Equatable {
    /// The family (`Avenir Next`): the typographic family when the font has one.
    package var family: String
    /// The PostScript name (`AvenirNext-DemiBold`).
    package var postScriptName: String?
    package var fullName: String?
    /// 100–900.
    package var weight: Int
    package var isItalic: Bool

    package init(family: String, postScriptName: String?, fullName: String?, weight: Int, isItalic: Bool) {
        self.family = family
        self.postScriptName = postScriptName
        self.fullName = fullName
        self.weight = weight
        self.isItalic = isItalic
    }

    /// Reads a TrueType or OpenType font, or one face of a collection
    /// (`.ttc`, the first unless told); nil for anything else or a damaged
    /// file. `work` counts the bytes of name text decoded.
    package static func read(_ bytes: [UInt8], faceIndex: Int = 0, work: WorkCounter? = nil) -> FontFileNames? {
        guard let tables = OpenTypeTables(bytes, faceIndex: faceIndex) else { return nil }
        let reader = tables.reader
        guard let name = tables.table("name") else { return nil }
        let names = readNames(reader, at: name.offset, length: name.length, work: work)
        guard let family = names[16] ?? names[1] else { return nil }
        var weight = 400
        var italic = false
        if let os2 = tables.table("OS/2"), let weightClass = reader.uint16(at: os2.offset + 4),
            let selection = reader.uint16(at: os2.offset + 62)
        {
            weight = min(900, max(100, Int(weightClass)))
            italic = selection & 1 != 0
        }
        return FontFileNames(family: family, postScriptName: names[6], fullName: names[4], weight: weight, isItalic: italic)
    }

    /// Name IDs 1, 4, 6 and 16, preferring Windows (UTF-16) English records.
    ///
    /// A record's text is decoded only when its rank beats the one kept for
    /// its name, so a table of 65,535 records all pointing at the same 64 KiB
    /// decodes a few of them, not every one; and the text decoded for a face
    /// never exceeds the table's own size, whatever its records say.
    private static func readNames(_ reader: BigEndianReader, at start: Int, length: Int, work: WorkCounter?) -> [Int: String] {
        guard let count = reader.uint16(at: start + 2), let storage = reader.uint16(at: start + 4) else { return [:] }
        let end = min(reader.bytes.count, start + length)
        var decodable = end - start
        var names: [Int: (rank: Int, text: String)] = [:]
        for index in 0..<Int(count) {
            let record = start + 6 + index * 12
            guard record + 12 <= end else { break }
            guard let platform = reader.uint16(at: record), let language = reader.uint16(at: record + 4),
                let nameID = reader.uint16(at: record + 6), [1, 4, 6, 16].contains(nameID),
                let textLength = reader.uint16(at: record + 8), let textOffset = reader.uint16(at: record + 10)
            else { continue }
            let rank: Int
            switch platform {
            case 3, 0: rank = platform == 3 && language == 0x0409 ? 0 : 1
            case 1: rank = language == 0 ? 2 : 3
            default: continue
            }
            if let kept = names[Int(nameID)], kept.rank <= rank { continue }
            let begin = start + Int(storage) + Int(textOffset)
            guard begin + Int(textLength) <= end else { continue }
            guard Int(textLength) <= decodable else { continue }
            decodable -= Int(textLength)
            work?.add(Int(textLength))
            let raw = reader.bytes[begin..<(begin + Int(textLength))]
            let text: String
            if platform == 1 {
                // Mac Roman: ASCII names are what matter here.
                text = String(decoding: raw.map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
            } else {
                var units: [UInt16] = []
                units.reserveCapacity(raw.count / 2)
                var index = raw.startIndex
                while index + 1 < raw.endIndex {
                    units.append(UInt16(raw[index]) << 8 | UInt16(raw[index + 1]))
                    index += 2
                }
                text = String(decoding: units, as: UTF16.self)
            }
            guard !text.isEmpty else { continue }
            names[Int(nameID)] = (rank, text)
        }
        return names.mapValues(\.text)
    }
}
