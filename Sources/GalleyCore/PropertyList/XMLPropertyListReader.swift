/// Reads an XML property list (`<plist><dict><key>…`), recording the byte
/// offset of every value's start tag, so problems point at a line and column.
///
/// Accepts what Xcode, `plutil` and hand editing produce: a prolog with the
/// XML declaration, comments and the DOCTYPE; `<plist>` around the value (or
/// a bare value); empty elements (`<string/>`); entity and character
/// references; CDATA sections.
struct XMLPropertyListReader {
    static func parse(_ bytes: [UInt8]) -> Result<JSONNode, JSONSyntaxError> {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = XMLPropertyListReader(buffer)
            do throws(JSONSyntaxError) {
                return .success(try reader.parseDocument())
            } catch {
                return .failure(error)
            }
        }
    }

    private struct Tag {
        enum Kind { case start, end, empty }
        var name: String
        var kind: Kind
        var offset: Int
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private func error(_ mistake: XMLPropertyListMistake, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? position, problem: .xmlPropertyList(mistake))
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        try skipMarkup(allowingDoctype: true)
        guard position < bytes.count else { throw error(.empty) }
        let first = try readTag()
        let root: JSONNode
        if first.name == "plist" && first.kind == .start {
            try skipMarkup(allowingDoctype: false)
            root = try parseValue(try readTag(), depth: 0)
            try skipMarkup(allowingDoctype: false)
            let end = try readTag()
            guard end.name == "plist", end.kind == .end else {
                throw error(.noPlistEnd(found: describe(end)), at: end.offset)
            }
        } else {
            root = try parseValue(first, depth: 0)
        }
        try skipMarkup(allowingDoctype: false)
        if position < bytes.count { throw error(.textAfterPropertyList) }
        return root
    }

    /// The value `tag` opens, ending where its closing tag ends, so that a
    /// diagnostic about it underlines `<string>…</string>`.
    private mutating func parseValue(_ tag: Tag, depth: Int) throws(JSONSyntaxError) -> JSONNode {
        var node = try parseContent(of: tag, depth: depth)
        node.end = max(node.offset, position)
        return node
    }

    private mutating func parseContent(of tag: Tag, depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth < PropertyListReader.maximumDepth else {
            throw JSONSyntaxError(offset: tag.offset, problem: .limitReached(.nestingDepth(maximum: PropertyListReader.maximumDepth)))
        }
        guard tag.kind != .end else { throw error(.unexpectedTag(describe(tag)), at: tag.offset) }
        let isEmpty = tag.kind == .empty
        switch tag.name {
        case "dict":
            return JSONNode(.object(isEmpty ? [] : try parseDictionary(tag, depth: depth)), offset: tag.offset)
        case "array":
            var elements: [JSONNode] = []
            while !isEmpty {
                try skipMarkup(allowingDoctype: false)
                let next = try readTag(inside: tag)
                if next.kind == .end, next.name == "array" { break }
                elements.append(try parseValue(next, depth: depth + 1))
            }
            return JSONNode(.array(elements), offset: tag.offset)
        case "string":
            return JSONNode(.string(isEmpty ? "" : try readText(closing: tag)), offset: tag.offset)
        case "integer":
            let text = isEmpty ? "" : try readText(closing: tag)
            let trimmed = XMLPropertyListReader.trimmed(text)
            guard let value = Int64(trimmed) ?? Int64(hexadecimal: trimmed) else {
                throw error(.notAnInteger(trimmed), at: tag.offset)
            }
            return JSONNode(.number(Double(value)), offset: tag.offset)
        case "real":
            let trimmed = XMLPropertyListReader.trimmed(isEmpty ? "" : try readText(closing: tag))
            guard let value = Double(trimmed) else { throw error(.notARealNumber(trimmed), at: tag.offset) }
            return JSONNode(.number(value), offset: tag.offset)
        case "true", "false":
            if !isEmpty {
                let text = try readText(closing: tag)
                guard XMLPropertyListReader.trimmed(text).isEmpty else { throw error(.textInBoolean(element: tag.name), at: tag.offset) }
            }
            return JSONNode(.bool(tag.name == "true"), offset: tag.offset)
        case "date":
            return JSONNode(.string(XMLPropertyListReader.trimmed(isEmpty ? "" : try readText(closing: tag))), offset: tag.offset)
        case "data":
            let text = isEmpty ? "" : try readText(closing: tag)
            return JSONNode(.string(String(text.unicodeScalars.filter { !$0.properties.isWhitespace })), offset: tag.offset)
        case "key":
            throw error(.keyOutsideDictionary, at: tag.offset)
        default:
            throw error(.unknownElement(describe(tag)), at: tag.offset)
        }
    }

    private mutating func parseDictionary(_ dictionary: Tag, depth: Int) throws(JSONSyntaxError) -> [JSONMember] {
        var members: [JSONMember] = []
        while true {
            try skipMarkup(allowingDoctype: false)
            let keyTag = try readTag(inside: dictionary)
            if keyTag.kind == .end, keyTag.name == "dict" { return members }
            guard keyTag.name == "key", keyTag.kind != .end else {
                throw error(.notAKey(found: describe(keyTag)), at: keyTag.offset)
            }
            let key = keyTag.kind == .empty ? "" : try readText(closing: keyTag)
            let keyEnd = position
            try skipMarkup(allowingDoctype: false)
            let valueTag = try readTag(inside: dictionary)
            if valueTag.kind == .end {
                throw error(.keyWithoutValue(key: key, before: describe(valueTag)), at: valueTag.offset)
            }
            members.append(
                JSONMember(key: key, keyOffset: keyTag.offset, keyEnd: keyEnd, value: try parseValue(valueTag, depth: depth + 1)))
        }
    }

    // MARK: - Markup

    /// Skips white space, comments and processing instructions (and, before
    /// the root, the DOCTYPE).
    private mutating func skipMarkup(allowingDoctype: Bool) throws(JSONSyntaxError) {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D:
                position += 1
            case UInt8(ascii: "<") where starts(with: "<!--"):
                try skip(past: "-->", what: .comment)
            case UInt8(ascii: "<") where starts(with: "<?"):
                try skip(past: "?>", what: .processingInstruction)
            case UInt8(ascii: "<") where allowingDoctype && starts(with: "<!DOCTYPE"):
                try skip(past: ">", what: .doctype)
            default:
                return
            }
        }
    }

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return text.withUTF8Buffer { prefix in
            (0..<count).allSatisfy { bytes[position + $0] == prefix[$0] }
        }
    }

    private mutating func skip(past terminator: StaticString, what: XMLPropertyListMistake.Markup) throws(JSONSyntaxError) {
        let start = position
        while position < bytes.count {
            if starts(with: terminator) {
                position += terminator.utf8CodeUnitCount
                return
            }
            position += 1
        }
        throw error(.unclosed(what), at: start)
    }

    /// Reads `<name …>`, `</name>` or `<name/>`; attributes are skipped.
    private mutating func readTag(inside parent: Tag? = nil) throws(JSONSyntaxError) -> Tag {
        let start = position
        guard position < bytes.count else {
            throw error(.endOfFile(inside: parent?.name), at: parent?.offset)
        }
        guard bytes[position] == UInt8(ascii: "<") else {
            throw error(.textOutsideElement(inside: parent?.name))
        }
        position += 1
        var kind = Tag.Kind.start
        if position < bytes.count, bytes[position] == UInt8(ascii: "/") {
            kind = .end
            position += 1
        }
        let nameStart = position
        while position < bytes.count, XMLPropertyListReader.isNameByte(bytes[position]) { position += 1 }
        guard position > nameStart else { throw error(.noElementName, at: start) }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<position]), as: UTF8.self)
        var quote: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                quote = byte
            case UInt8(ascii: ">"):
                return Tag(name: name, kind: kind, offset: start)
            case UInt8(ascii: "/") where kind == .start && position < bytes.count && bytes[position] == UInt8(ascii: ">"):
                position += 1
                return Tag(name: name, kind: .empty, offset: start)
            case UInt8(ascii: "<"):
                throw error(.unclosedTag(name: name, closing: false), at: start)
            default:
                continue
            }
        }
        throw error(.unclosedTag(name: name, closing: kind == .end), at: start)
    }

    /// The text of `element` up to its end tag, with references decoded.
    private mutating func readText(closing element: Tag) throws(JSONSyntaxError) -> String {
        var text: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "&") {
                try appendReference(to: &text)
            } else if byte != UInt8(ascii: "<") {
                text.append(byte)
                position += 1
            } else if starts(with: "<![CDATA[") {
                position += 9
                let start = position
                try skip(past: "]]>", what: .cdataSection)
                text += bytes[start..<(position - 3)]
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: .comment)
            } else {
                let end = try readTag(inside: element)
                guard end.kind == .end, end.name == element.name else {
                    throw error(.mismatchedEndTag(element: element.name, found: describe(end)), at: end.offset)
                }
                return String(decoding: text, as: UTF8.self)
            }
        }
        throw error(.unclosedElement(element.name), at: element.offset)
    }

    private mutating func appendReference(to text: inout [UInt8]) throws(JSONSyntaxError) {
        let start = position
        position += 1
        let nameStart = position
        while position < bytes.count, bytes[position] != UInt8(ascii: ";"), position - nameStart < 10 { position += 1 }
        guard position < bytes.count, bytes[position] == UInt8(ascii: ";") else {
            throw error(.bareAmpersand, at: start)
        }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<position]), as: UTF8.self)
        position += 1
        let scalar: Unicode.Scalar?
        switch name {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        default:
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if name.hasPrefix("#") {
                scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
            } else {
                scalar = nil
            }
        }
        guard let scalar else { throw error(.unknownEntity(name), at: start) }
        text += Array(String(Character(scalar)).utf8)
    }

    private func describe(_ tag: Tag) -> String {
        switch tag.kind {
        case .start: "<\(tag.name)>"
        case .end: "</\(tag.name)>"
        case .empty: "<\(tag.name)/>"
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: ":"):
            true
        default:
            byte >= 0x80
        }
    }

    private static func trimmed(_ text: String) -> String {
        String(
            text.unicodeScalars.drop { $0.properties.isWhitespace }.reversed().drop { $0.properties.isWhitespace }.reversed().map(
                Character.init))
    }
}

extension Int64 {
    /// `0x1F`-style integers, which Apple's parser also accepts.
    fileprivate init?(hexadecimal text: String) {
        let negative = text.hasPrefix("-")
        let digits = negative ? text.dropFirst() : Substring(text)
        guard digits.hasPrefix("0x") || digits.hasPrefix("0X"), let magnitude = Int64(digits.dropFirst(2), radix: 16) else { return nil }
        self = negative ? -magnitude : magnitude
    }
}
