/// The table directory of a TrueType or OpenType font, or of one face of a
/// collection (`.ttc`): where each table of the face is. The one reader of
/// the `sfnt` wrapper, for the names and the metrics alike.
struct OpenTypeTables {
    let reader: BigEndianReader
    private let tables: [UInt32: (offset: Int, length: Int)]

    /// The face at `faceIndex` (0 outside a collection); nil for anything
    /// that is not a font, or a damaged one.
    init?(_ bytes: [UInt8], faceIndex: Int = 0) {
        let reader = BigEndianReader(bytes: bytes)
        guard let tag = reader.uint32(at: 0) else { return nil }
        var offset = 0
        if tag == 0x7474_6366 { // "ttcf"
            guard let count = reader.uint32(at: 8), faceIndex >= 0, faceIndex < Int(count),
                let face = reader.uint32(at: 12 + 4 * faceIndex)
            else { return nil }
            offset = Int(face)
        } else if faceIndex != 0 {
            return nil
        }
        guard let version = reader.uint32(at: offset), [0x0001_0000, 0x4F54_544F, 0x7472_7565].contains(version), // 1.0, "OTTO", "true"
            let tableCount = reader.uint16(at: offset + 4), tableCount < 512
        else { return nil }
        var tables: [UInt32: (offset: Int, length: Int)] = [:]
        for index in 0..<Int(tableCount) {
            let record = offset + 12 + index * 16
            guard let tableTag = reader.uint32(at: record), let tableOffset = reader.uint32(at: record + 8),
                let length = reader.uint32(at: record + 12)
            else { return nil }
            tables[tableTag] = (Int(tableOffset), Int(length))
        }
        self.reader = reader
        self.tables = tables
    }

    /// Where the table `tag` ("name", "hhea") is, if the face has it.
    func table(_ tag: String) -> (offset: Int, length: Int)? {
        let value = tag.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return tables[value]
    }
}

/// Bounds-checked big-endian reads: a damaged font reads as nil, never out of range.
struct BigEndianReader {
    let bytes: [UInt8]

    func uint16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    func int16(at offset: Int) -> Int16? {
        uint16(at: offset).map { Int16(bitPattern: $0) }
    }

    func uint32(at offset: Int) -> UInt32? {
        guard let high = uint16(at: offset), let low = uint16(at: offset + 2) else { return nil }
        return UInt32(high) << 16 | UInt32(low)
    }
}
