/// A JSON syntax error at a byte offset (property lists report theirs
/// the same way): a mistake in the text, or a bound Galley keeps on every
/// file, which the author's diagnostic names as such (`limit-reached`).
package struct JSONSyntaxError: Error, Equatable, Sendable {
    /// An insertion that repairs the source, when the reader can tell.
    package struct Fix: Equatable, Sendable {
        package var message: String
        package var offset: Int
        package var insertion: String
    }

    /// What is wrong with the text.
    package enum Problem: Equatable, Sendable {
        /// The text breaks JSON's grammar.
        case json(JSONMistake)
        /// The text breaks an XML property list's grammar.
        case xmlPropertyList(XMLPropertyListMistake)
        /// The bytes break a binary property list's structure.
        case binaryPropertyList(BinaryPropertyListMistake)
        /// Reading on would pass a bound Galley keeps, whatever the text's grammar.
        case limitReached(ReadingLimit)
    }

    /// A bound on what one file may make Galley do, with its value.
    package enum ReadingLimit: Equatable, Sendable {
        /// Arrays, objects, dictionaries nested deeper than `maximum` levels.
        case nestingDepth(maximum: Int)
        /// A property list whose shared objects, counted at every reference, make more than `maximum` values.
        case values(maximum: Int)
        /// A property list whose shared strings, counted at every reference, make more than `maximum` bytes of text.
        case expandedText(maximumBytes: Int)
    }

    package var offset: Int
    /// Just after the character or token the error is about.
    package var end: Int
    package var problem: Problem
    package var fix: Fix?

    package init(offset: Int, end: Int? = nil, problem: Problem, fix: Fix? = nil) {
        self.offset = offset
        self.end = max(offset, end ?? offset)
        self.problem = problem
        self.fix = fix
    }

    /// The reason the author reads.
    package var message: String {
        switch problem {
        case .json(let mistake): mistake.description
        case .xmlPropertyList(let mistake): mistake.description
        case .binaryPropertyList(let mistake): mistake.description
        case .limitReached(.nestingDepth(let maximum)): "nested deeper than \(maximum) levels"
        case .limitReached(.values(let maximum)): "the property list expands to more than \(maximum) values"
        case .limitReached(.expandedText(let maximumBytes)):
            "the property list expands to more than \(maximumBytes) bytes of text, repeating its shared objects"
        }
    }

    /// The error as a diagnostic of `path` (with `id`, unless a limit was
    /// reached: that is `limit-reached` whatever the format); `location`
    /// turns byte offsets into lines and columns.
    package func diagnostic(
        path: RelativePath, id: DiagnosticID = .jsonSyntax, severity: Severity = .error, prefix: String = "",
        location: (Int) -> SourceLocation
    ) -> Diagnostic {
        let range = SourceRange(location(offset), location(end))
        let fixIts =
            fix.map { fix in
                [FixIt(message: fix.message, edits: [TextEdit(range: SourceRange(at: location(fix.offset)), replacement: fix.insertion)])]
            } ?? []
        let id = if case .limitReached = problem { DiagnosticID.limitReached } else { id }
        return Diagnostic(path: path, id: id, range: range, severity: severity, message: prefix + message, fixIts: fixIts)
    }
}

/// Strict RFC 8259 JSON reader that records the byte offset of every value.
///
/// Works on raw UTF-8 bytes so that positions are exact and strings without
/// escapes are decoded in one step.
package struct JSONReader {
    /// Deeper documents are refused instead of exhausting the stack.
    package static let maximumDepth = 512

    package static func parse(_ bytes: [UInt8]) -> Result<JSONNode, JSONSyntaxError> {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            do throws(JSONSyntaxError) {
                reader.skipByteOrderMark()
                reader.skipWhitespace()
                let root = try reader.parseValue(depth: 0)
                reader.skipWhitespace()
                if reader.position < buffer.count {
                    throw reader.error(.textAfterTopLevelValue(found: reader.current))
                }
                return .success(root)
            } catch {
                return .failure(error)
            }
        }
    }

    /// The one value written at exactly `range` of `bytes` (a part of a
    /// larger document, whose offsets the nodes and errors keep), read as
    /// if nested `depth` levels deep; anything after the value in `range`
    /// is an error.
    package static func parse(_ bytes: [UInt8], valueAt range: Range<Int>, depth: Int) -> Result<JSONNode, JSONSyntaxError> {
        bytes.withUnsafeBufferPointer { whole in
            var reader = JSONReader(UnsafeBufferPointer(rebasing: whole[range]), base: range.lowerBound)
            do throws(JSONSyntaxError) {
                let value = try reader.parseValue(depth: depth)
                if reader.position < reader.bytes.count {
                    throw reader.error(.textAfterValue(found: reader.current))
                }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where `bytes` start in the document, for the offsets of nodes and errors.
    private let base: Int
    private var position = 0
    /// End of the last complete value, where a missing comma belongs.
    private var endOfLastValue = 0
    /// Whether that value was a string, whose closing quote may have been
    /// meant as a quote inside it.
    private var lastValueIsString = false

    private init(_ bytes: UnsafeBufferPointer<UInt8>, base: Int = 0) {
        self.bytes = bytes
        self.base = base
    }

    /// An error about the character at `offset` (the current one by
    /// default); at a line break or the end, about the place itself.
    private func error(_ mistake: JSONMistake, at offset: Int? = nil, fix: JSONSyntaxError.Fix? = nil) -> JSONSyntaxError {
        error(.json(mistake), at: offset, fix: fix)
    }

    private func error(_ problem: JSONSyntaxError.Problem, at offset: Int? = nil, fix: JSONSyntaxError.Fix? = nil) -> JSONSyntaxError {
        let start = offset ?? position
        let isCharacter = start < bytes.count && bytes[start] != 0x0A && bytes[start] != 0x0D
        let end = isCharacter ? min(bytes.count, start + UTF8ByteCount.ofScalar(lead: bytes[start])) : start
        return JSONSyntaxError(offset: base + start, end: base + end, problem: problem, fix: fix)
    }

    /// The error for a character after a value where a ',' or a closing
    /// bracket belongs. After a string, when a '"' follows later on the
    /// line, the string most likely ended at a quote meant to be part of
    /// it: say so, and offer the backslash that escapes it.
    private func unexpectedAfterValue(in container: JSONMistake.Container) -> JSONSyntaxError {
        guard lastValueIsString, endOfLastValue > 0, quoteFollowsOnLine() else {
            return error(.notCommaOrClosing(container, found: current, quoteInString: false))
        }
        let fix = JSONSyntaxError.Fix(message: "Insert '\\' before the quote", offset: base + endOfLastValue - 1, insertion: "\\")
        return error(.notCommaOrClosing(container, found: current, quoteInString: true), fix: fix)
    }

    /// Whether a letter that starts no literal is next: after a string,
    /// most likely the rest of it, cut off by a quote (`"say "hi" now"`).
    private var startsWord: Bool {
        guard lastValueIsString, position < bytes.count, bytes[position] | 0x20 >= UInt8(ascii: "a"),
            bytes[position] | 0x20 <= UInt8(ascii: "z")
        else { return false }
        for literal in ["true", "false", "null"] {
            let end = position + literal.utf8.count
            if end <= bytes.count, bytes[position..<end].elementsEqual(literal.utf8) { return false }
        }
        return true
    }

    /// A missing comma belongs right after the last value: the fix puts it there.
    private func missingComma(in container: JSONMistake.Container) -> JSONSyntaxError {
        let fix = JSONSyntaxError.Fix(message: "Insert ','", offset: base + endOfLastValue, insertion: ",")
        return error(.missingComma(container), at: endOfLastValue, fix: fix)
    }

    private func quoteFollowsOnLine() -> Bool {
        var index = position
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D {
            if bytes[index] == UInt8(ascii: "\"") { return true }
            index += 1
        }
        return false
    }

    private mutating func skipByteOrderMark() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// The current character, the end of the file, or a byte that is not UTF-8.
    private var current: JSONMistake.Found {
        guard position < bytes.count else { return .endOfFile }
        let byte = bytes[position]
        let length = min(UTF8ByteCount.ofScalar(lead: byte), bytes.count - position)
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(rebasing: bytes[position..<(position + length)]).makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return .byteNotUTF8(byte) }
        return .scalar(scalar)
    }

    private var startsValue: Bool {
        guard position < bytes.count else { return false }
        switch bytes[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "-"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return true
        default:
            return false
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard position < bytes.count else { throw error(.endBeforeValue) }
        let start = position
        let value: JSONValue
        switch bytes[position] {
        case UInt8(ascii: "{"): value = try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): value = try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): value = .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            value = .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            value = .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            value = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): value = .number(try parseNumber())
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            throw error(.closingBeforeValue(found: current))
        default:
            throw error(.notAValue(found: current))
        }
        endOfLastValue = position
        if case .string = value { lastValueIsString = true } else { lastValueIsString = false }
        return JSONNode(value, offset: base + start, end: base + position)
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = position
        let count = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            guard position + count <= bytes.count else { return false }
            for index in 0..<count where bytes[position + index] != expected[index] { return false }
            return true
        }
        guard matches else { throw error(.invalidLiteral(expected: "\(literal)"), at: start) }
        position += count
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= JSONReader.maximumDepth else {
            throw error(.limitReached(.nestingDepth(maximum: JSONReader.maximumDepth)))
        }
        let open = position
        position += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard position < bytes.count else {
                throw error(.unclosed(.array), at: open)
            }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return .array(elements)
            default:
                if startsValue, !startsWord { throw missingComma(in: .array) }
                throw unexpectedAfterValue(in: .array)
            }
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth <= JSONReader.maximumDepth else {
            throw error(.limitReached(.nestingDepth(maximum: JSONReader.maximumDepth)))
        }
        let open = position
        position += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count else {
                throw error(.unclosed(.object), at: open)
            }
            guard bytes[position] == UInt8(ascii: "\"") else {
                if bytes[position] == UInt8(ascii: "}") {
                    throw error(.closingBeforeKey)
                }
                throw error(.notAKey(found: current))
            }
            let keyOffset = position
            let key = try parseString()
            let keyEnd = position
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw error(.noColonAfterKey(key: key, found: current))
            }
            position += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONMember(key: key, keyOffset: base + keyOffset, keyEnd: base + keyEnd, value: value))
            skipWhitespace()
            guard position < bytes.count else {
                throw error(.unclosed(.object), at: open)
            }
            switch bytes[position] {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                return .object(members)
            default:
                if bytes[position] == UInt8(ascii: "\"") {
                    throw missingComma(in: .object)
                }
                throw unexpectedAfterValue(in: .object)
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let open = position
        position += 1
        let contentStart = position
        // Fast path: most content strings have no escapes.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<position]), as: UTF8.self)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacterError(byte, open: open) }
            position += 1
        }
        guard position < bytes.count else { throw error(.unterminatedString, at: open) }
        var decoded = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &decoded)
            case 0..<0x20:
                throw controlCharacterError(byte, open: open)
            default:
                decoded.append(byte)
                position += 1
            }
        }
        throw error(.unterminatedString, at: open)
    }

    private func controlCharacterError(_ byte: UInt8, open: Int) -> JSONSyntaxError {
        if byte == 0x0A { return error(.lineBreakInString, at: open) }
        return error(.unescapedControlCharacter(byte))
    }

    private mutating func appendEscape(to decoded: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = position
        position += 1
        guard position < bytes.count else { throw error(.unterminatedString, at: escapeStart) }
        let byte = bytes[position]
        position += 1
        let simple: UInt8?
        switch byte {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            throw error(.invalidEscape(byte), at: escapeStart)
        }
        if let simple {
            decoded.append(simple)
            return
        }
        var scalarValue = try parseHexQuad(escapeStart: escapeStart)
        if (0xD800...0xDBFF).contains(scalarValue) {
            // A high surrogate must be followed by an escaped low surrogate.
            if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                let lowStart = position
                position += 2
                let low = try parseHexQuad(escapeStart: lowStart)
                if (0xDC00...0xDFFF).contains(low) {
                    scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    position = lowStart
                    scalarValue = 0xFFFD
                }
            } else {
                scalarValue = 0xFFFD
            }
        } else if (0xDC00...0xDFFF).contains(scalarValue) {
            scalarValue = 0xFFFD
        }
        let scalar = Unicode.Scalar(scalarValue) ?? "\u{FFFD}"
        decoded.append(contentsOf: String(Character(scalar)).utf8)
    }

    private mutating func parseHexQuad(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error(.incompleteUnicodeEscape, at: escapeStart) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.invalidUnicodeEscape, at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw error(.invalidNumber, at: start)
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw error(.leadingZeros, at: start)
            }
        } else {
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error(.noDigitsAfterPoint, at: start)
            }
            skipDigits()
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error(.noDigitsInExponent, at: start)
            }
            skipDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        return Double(text) ?? .nan
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
}
