/// Reads a binary property list (`bplist00`), recording each object's byte
/// offset as its position.
///
/// Every count, offset and reference is checked against the file before it
/// is used: a hostile file can claim any of them. Objects may be shared (a
/// writer stores a repeated key once), so the tree can be far larger than
/// the file: each object is decoded once and a second reference shares it,
/// and the tree it stands for, as every consumer walks it, is bounded in
/// values and in bytes of text (`PropertyListReader`'s bounds). A reference
/// back to an object being read is a cycle, refused.
struct BinaryPropertyListReader {
    static func parse(_ bytes: [UInt8]) -> Result<JSONNode, JSONSyntaxError> {
        var reader = BinaryPropertyListReader(bytes: bytes)
        do throws(JSONSyntaxError) {
            return .success(try reader.parseDocument())
        } catch {
            return .failure(error)
        }
    }

    /// What an object stands for in the tree handed on: its values and its
    /// bytes of text.
    private struct Expansion {
        var values = 0
        var bytes = 0
    }

    /// An object read once, with what every further reference to it adds
    /// and how many levels it nests below itself.
    private struct Decoded {
        var node: JSONNode
        var expansion: Expansion
        var height: Int
    }

    private let bytes: [UInt8]
    private let maximumBytes: Int
    private var offsetSize = 0
    private var referenceSize = 0
    private var objectCount = 0
    private var offsetTable = 0
    /// The tree so far, as consumers will walk it.
    private var produced = Expansion()
    /// Objects read, by index: each object is decoded at most once.
    private var decoded: [Int: Decoded] = [:]
    /// Objects being read, from the root down: a reference to one is a cycle.
    private var open: Set<Int> = []
    /// The deepest level the object being read reaches.
    private var deepest = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        self.maximumBytes = PropertyListReader.maximumExpandedBytes(fileSize: bytes.count)
    }

    private func error(_ mistake: BinaryPropertyListMistake, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset, problem: .binaryPropertyList(mistake))
    }

    private func limitReached(_ limit: JSONSyntaxError.ReadingLimit, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset, problem: .limitReached(limit))
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        let trailerSize = 32
        guard bytes.count >= 8 + trailerSize, bytes.starts(with: Array("bplist0".utf8)) else {
            throw error(.notBinaryPropertyList, at: 0)
        }
        let trailer = bytes.count - trailerSize
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw error(.trailerSizes, at: trailer)
        }
        let count = try unsigned(at: trailer + 8, size: 8)
        let top = try unsigned(at: trailer + 16, size: 8)
        let table = try unsigned(at: trailer + 24, size: 8)
        guard count > 0, count <= UInt64(bytes.count), top < count, table >= 8, table <= UInt64(trailer),
            (UInt64(trailer) - table) / UInt64(offsetSize) >= count
        else {
            throw error(.trailerDoesNotFit, at: trailer)
        }
        objectCount = Int(count)
        offsetTable = Int(table)
        return try object(Int(top), depth: 0)
    }

    /// A big-endian unsigned integer of `size` bytes at `offset`.
    private func unsigned(at offset: Int, size: Int) throws(JSONSyntaxError) -> UInt64 {
        guard offset >= 0, size <= 8, offset + size <= bytes.count else {
            throw error(.integerPastEnd, at: max(0, min(offset, bytes.count)))
        }
        var value: UInt64 = 0
        for index in offset..<offset + size { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    private func offset(ofObject index: Int) throws(JSONSyntaxError) -> Int {
        let offset = try unsigned(at: offsetTable + index * offsetSize, size: offsetSize)
        guard offset >= 8, offset < UInt64(offsetTable) else {
            throw error(.objectOutsideArea(index: index), at: offsetTable + index * offsetSize)
        }
        return Int(offset)
    }

    /// Object `index` at `depth` in the tree: decoded the first time, shared after.
    private mutating func object(_ index: Int, depth: Int) throws(JSONSyntaxError) -> JSONNode {
        let start = try offset(ofObject: index)
        if let known = decoded[index] {
            let reach = depth + known.height
            try checkDepth(reach, at: start)
            deepest = max(deepest, reach)
            try produce(known.expansion, at: start)
            return known.node
        }
        try checkDepth(depth, at: start)
        guard open.insert(index).inserted else { throw error(.objectContainsItself(index: index), at: start) }
        defer { open.remove(index) }
        let before = produced
        let outerDeepest = deepest
        deepest = depth
        let node = try decode(at: start, depth: depth)
        let expansion = Expansion(values: produced.values - before.values, bytes: produced.bytes - before.bytes)
        decoded[index] = Decoded(node: node, expansion: expansion, height: deepest - depth)
        deepest = max(outerDeepest, deepest)
        return node
    }

    private func checkDepth(_ depth: Int, at start: Int) throws(JSONSyntaxError) {
        guard depth < PropertyListReader.maximumDepth else {
            throw limitReached(.nestingDepth(maximum: PropertyListReader.maximumDepth), at: start)
        }
    }

    /// Adds `expansion` to the tree so far, refusing the file when the tree
    /// passes either bound.
    private mutating func produce(_ expansion: Expansion, at start: Int) throws(JSONSyntaxError) {
        produced.values += expansion.values
        produced.bytes += expansion.bytes
        guard produced.values <= PropertyListReader.maximumValues else {
            throw limitReached(.values(maximum: PropertyListReader.maximumValues), at: start)
        }
        guard produced.bytes <= maximumBytes else {
            throw limitReached(.expandedText(maximumBytes: maximumBytes), at: start)
        }
    }

    /// How many more values the tree may take: what a collection reserves
    /// room for, whatever count it claims.
    private var valuesAllowed: Int { PropertyListReader.maximumValues - produced.values }

    /// A value that holds no other, counted as it is made (a string, date
    /// or data by the bytes of its text).
    private mutating func leaf(_ value: JSONValue, at start: Int) throws(JSONSyntaxError) -> JSONNode {
        var text = 0
        if case .string(let string) = value { text = string.utf8.count }
        try produce(Expansion(values: 1, bytes: text), at: start)
        return JSONNode(value, offset: start)
    }

    /// The object at `start`, its contents read afresh.
    private mutating func decode(at start: Int, depth: Int) throws(JSONSyntaxError) -> JSONNode {
        let marker = bytes[start]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x08: return try leaf(.bool(false), at: start)
            case 0x09: return try leaf(.bool(true), at: start)
            case 0x00: return try leaf(.null, at: start)
            default: throw error(.unknownMarker(marker), at: start)
            }
        case 0x1:
            guard low <= 3 else { throw error(.integerLongerThan8Bytes, at: start) }
            let size = 1 << low
            let raw = try unsigned(at: start + 1, size: size)
            // 8-byte integers are signed; smaller ones are unsigned.
            let value = size == 8 ? Double(Int64(bitPattern: raw)) : Double(raw)
            return try leaf(.number(value), at: start)
        case 0x2:
            switch low {
            case 2: return try leaf(.number(Double(Float(bitPattern: UInt32(try unsigned(at: start + 1, size: 4))))), at: start)
            case 3: return try leaf(.number(Double(bitPattern: try unsigned(at: start + 1, size: 8))), at: start)
            default: throw error(.realSize(bytes: 1 << low), at: start)
            }
        case 0x3:
            guard marker == 0x33 else { throw error(.unknownMarker(marker), at: start) }
            let seconds = Double(bitPattern: try unsigned(at: start + 1, size: 8))
            return try leaf(.string(PropertyListDate.iso8601(secondsSince2001: seconds)), at: start)
        case 0x4:
            let (count, contents) = try length(low, at: start)
            guard contents + count <= bytes.count else { throw error(.dataPastEnd, at: start) }
            return try leaf(.string(Base64.encode(Array(bytes[contents..<contents + count]))), at: start)
        case 0x5:
            let (count, contents) = try length(low, at: start)
            guard contents + count <= bytes.count else { throw error(.stringPastEnd, at: start) }
            return try leaf(.string(String(decoding: bytes[contents..<contents + count], as: UTF8.self)), at: start)
        case 0x6:
            let (count, contents) = try length(low, at: start)
            guard count <= (bytes.count - contents) / 2 else { throw error(.stringPastEnd, at: start) }
            let units = (0..<count).map { UInt16(bytes[contents + 2 * $0]) << 8 | UInt16(bytes[contents + 2 * $0 + 1]) }
            return try leaf(.string(String(decoding: units, as: UTF16.self)), at: start)
        case 0x8:
            return try leaf(.number(Double(try unsigned(at: start + 1, size: low + 1))), at: start)
        case 0xA, 0xC:
            let (count, contents) = try length(low, at: start)
            try produce(Expansion(values: 1), at: start)
            var elements: [JSONNode] = []
            elements.reserveCapacity(min(count, valuesAllowed))
            for position in 0..<count {
                elements.append(try object(try reference(at: contents, position, count: count, of: start), depth: depth + 1))
            }
            return JSONNode(.array(elements), offset: start)
        case 0xD:
            let (count, contents) = try length(low, at: start)
            try produce(Expansion(values: 1), at: start)
            var members: [JSONMember] = []
            members.reserveCapacity(min(count, valuesAllowed))
            for position in 0..<count {
                let keyIndex = try reference(at: contents, position, count: 2 * count, of: start)
                let key = try object(keyIndex, depth: depth + 1)
                guard let name = key.stringValue else {
                    throw error(.keyNotString(type: key.value.typeDescription), at: key.offset)
                }
                let value = try object(try reference(at: contents, count + position, count: 2 * count, of: start), depth: depth + 1)
                members.append(JSONMember(key: name, keyOffset: key.offset, value: value))
            }
            return JSONNode(.object(members), offset: start)
        default:
            throw error(.unknownMarker(marker), at: start)
        }
    }

    /// The element count of a collection or string and where its contents
    /// start: the marker's low nibble, or an integer object after it.
    private func length(_ low: Int, at start: Int) throws(JSONSyntaxError) -> (count: Int, contents: Int) {
        guard low == 0xF else { return (low, start + 1) }
        guard start + 1 < bytes.count, bytes[start + 1] >> 4 == 0x1, bytes[start + 1] & 0x0F <= 3 else {
            throw error(.lengthNotInteger, at: start)
        }
        let size = 1 << Int(bytes[start + 1] & 0x0F)
        let count = try unsigned(at: start + 2, size: size)
        guard count <= UInt64(bytes.count) else { throw error(.lengthBeyondFile(count), at: start) }
        return (Int(count), start + 2 + size)
    }

    /// The object index stored at `position` among `count` references.
    private func reference(at contents: Int, _ position: Int, count: Int, of start: Int) throws(JSONSyntaxError) -> Int {
        guard count <= (bytes.count - min(contents, bytes.count)) / referenceSize else {
            throw error(.referencesPastEnd, at: start)
        }
        let index = try unsigned(at: contents + position * referenceSize, size: referenceSize)
        guard index < UInt64(objectCount) else { throw error(.referenceOutOfRange(index: index, objectCount: objectCount), at: start) }
        return Int(index)
    }
}

/// Property-list dates, which count seconds from 2001-01-01 in UTC.
enum PropertyListDate {
    /// `2020-05-01T12:00:00Z`; whole seconds, as XML property lists write them.
    static func iso8601(secondsSince2001 seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e12 else { return "invalid date" }
        let total = Int64(seconds.rounded(.down)) + 978_307_200
        var days = total / 86_400
        var rest = total % 86_400
        if rest < 0 {
            rest += 86_400
            days -= 1
        }
        // Howard Hinnant's days-to-civil algorithm.
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
    }
}
