/// Splits UTF-8 HTML into tags and text, tolerating what browsers tolerate.
///
/// HTML5-ish rather than the full specification: comments, doctypes, CDATA
/// sections and processing instructions are skipped; `script`, `style` and the
/// other raw text elements keep their content as one text token, so nothing
/// inside them is read as markup. A tag cut off by the end of the input is
/// dropped, as browsers drop it.
struct HTMLTokenizer {
    /// Attributes past this many on one tag are read but dropped, bounding work on hostile tags.
    static let maximumAttributes = 64

    private enum RawTextMode {
        /// Character references are decoded (`title`, `textarea`).
        case escapable
        /// Kept as written (`script`, `style`…).
        case raw
        /// Everything to the end of the input is text (`plaintext`).
        case toEnd
    }

    private static let rawTextModes: [String: RawTextMode] = [
        "title": .escapable, "textarea": .escapable,
        "script": .raw, "style": .raw, "xmp": .raw, "iframe": .raw, "noembed": .raw, "noframes": .raw, "noscript": .raw,
        "plaintext": .toEnd,
    ]

    private let bytes: [UInt8]
    private let work: WorkCounter?
    private var position: Int
    private var rawTextElement: (name: [UInt8], mode: RawTextMode)?
    private var unknownReferences: [HTMLCharacterReferences.UnknownReference] = []
    /// Problems found since the caller last emptied this list.
    var problems: [HTMLTokenizerProblem] = []

    init(bytes: [UInt8], startingAt offset: Int = 0, work: WorkCounter? = nil) {
        self.bytes = bytes
        self.work = work
        position = offset
    }

    mutating func next() -> HTMLToken {
        let begin = position
        defer { work?.add(abs(position - begin)) }
        if let rawText = rawTextElement {
            rawTextElement = nil
            if let token = readRawText(of: rawText.name, mode: rawText.mode) { return token }
        }
        var textStart = position
        while position < bytes.count {
            guard bytes[position] == UInt8(ascii: "<"), startsMarkup(at: position) else {
                position += 1
                continue
            }
            if textStart < position { return textToken(textStart..<position) }
            if let token = readMarkup() { return token }
            textStart = position
        }
        if textStart < position { return textToken(textStart..<position) }
        return .endOfInput
    }

    // MARK: Text

    private mutating func textToken(_ range: Range<Int>) -> HTMLToken {
        let text = HTMLCharacterReferences.decode(bytes, range, inAttribute: false, unknown: &unknownReferences)
        reportUnknownReferences()
        return .text(text, offset: range.lowerBound)
    }

    private mutating func reportUnknownReferences() {
        guard !unknownReferences.isEmpty else { return }
        for reference in unknownReferences {
            problems.append(
                HTMLTokenizerProblem(
                    id: .htmlSyntax, message: "unknown character reference '\(reference.text)' is shown as written",
                    offset: reference.offset))
        }
        unknownReferences.removeAll()
    }

    /// The content of a raw text element, up to its end tag, which is left for the next call.
    private mutating func readRawText(of name: [UInt8], mode: RawTextMode) -> HTMLToken? {
        let start = position
        var end = bytes.count
        if mode != .toEnd {
            var index = start
            while index + 1 < bytes.count {
                if bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "/"), isEndTag(of: name, at: index + 2) {
                    end = index
                    break
                }
                index += 1
            }
        }
        position = end
        guard start < end else { return nil }
        if mode == .escapable { return textToken(start..<end) }
        return .text(String(decoding: bytes[start..<end], as: UTF8.self), offset: start)
    }

    private func isEndTag(of name: [UInt8], at start: Int) -> Bool {
        guard start + name.count <= bytes.count else { return false }
        for (index, letter) in name.enumerated() where Self.lowercased(bytes[start + index]) != letter { return false }
        let after = start + name.count
        return after == bytes.count || Self.isWhitespace(bytes[after]) || bytes[after] == UInt8(ascii: "/")
            || bytes[after] == UInt8(ascii: ">")
    }

    // MARK: Markup

    /// Whether the `<` at `index` opens a tag, a comment or a declaration rather than being a literal less-than sign.
    private func startsMarkup(at index: Int) -> Bool {
        guard index + 1 < bytes.count else { return false }
        let next = bytes[index + 1]
        if Self.isASCIILetter(next) || next == UInt8(ascii: "!") || next == UInt8(ascii: "?") { return true }
        return next == UInt8(ascii: "/") && index + 2 < bytes.count
    }

    /// Reads the markup at `position` (a `<`); nil when it was skipped (a comment, a cut-off tag).
    private mutating func readMarkup() -> HTMLToken? {
        let start = position
        let next = bytes[start + 1]
        if Self.isASCIILetter(next) { return readStartTag(at: start) }
        if next == UInt8(ascii: "!") {
            skipDeclaration(at: start)
            return nil
        }
        if next == UInt8(ascii: "?") {
            skipBogusComment(at: start)
            return nil
        }
        let nameStart = start + 2
        if Self.isASCIILetter(bytes[nameStart]) {
            guard let tag = readTag(at: start, nameStart: nameStart) else { return nil }
            return .endTag(name: tag.name, offset: start)
        }
        if bytes[nameStart] == UInt8(ascii: ">") {
            position = nameStart + 1
            return nil
        }
        skipBogusComment(at: start)
        return nil
    }

    private mutating func readStartTag(at start: Int) -> HTMLToken? {
        guard let tag = readTag(at: start, nameStart: start + 1) else { return nil }
        if let mode = Self.rawTextModes[tag.name] { rawTextElement = (Array(tag.name.utf8), mode) }
        return .startTag(HTMLStartTag(name: tag.name, attributes: tag.attributes, isSelfClosing: tag.isSelfClosing, offset: start))
    }

    /// Reads a tag's name and attributes and moves past its `>`; nil, with a problem noted, when the input ends first.
    private mutating func readTag(at start: Int, nameStart: Int)
        -> (name: String, attributes: [(name: String, value: String)], isSelfClosing: Bool)?
    {
        var index = nameStart
        while index < bytes.count, !Self.endsName(bytes[index]) { index += 1 }
        let name = lowercasedString(nameStart..<index)
        var attributes: [(name: String, value: String)] = []
        var isSelfClosing = false
        while true {
            while index < bytes.count, Self.isWhitespace(bytes[index]) || bytes[index] == UInt8(ascii: "/") {
                isSelfClosing = bytes[index] == UInt8(ascii: "/")
                index += 1
            }
            guard index < bytes.count else { return cutOff(start, name: name) }
            if bytes[index] == UInt8(ascii: ">") {
                position = index + 1
                return (name, attributes, isSelfClosing)
            }
            isSelfClosing = false
            let attributeStart = index
            // A first `=` belongs to the name, as in the specification's tokenizer.
            index += 1
            while index < bytes.count, !Self.endsName(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
            let attributeName = lowercasedString(attributeStart..<index)
            while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
            var value = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
                guard index < bytes.count else { return cutOff(start, name: name) }
                let quote = bytes[index]
                var valueRange: Range<Int>
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    var end = index + 1
                    while end < bytes.count, bytes[end] != quote { end += 1 }
                    guard end < bytes.count else { return cutOff(start, name: name) }
                    valueRange = (index + 1)..<end
                    index = end + 1
                } else {
                    var end = index
                    while end < bytes.count, !Self.isWhitespace(bytes[end]), bytes[end] != UInt8(ascii: ">") { end += 1 }
                    valueRange = index..<end
                    index = end
                }
                value = HTMLCharacterReferences.decode(bytes, valueRange, inAttribute: true, unknown: &unknownReferences)
                reportUnknownReferences()
            }
            if attributes.count < Self.maximumAttributes, !attributes.contains(where: { $0.name == attributeName }) {
                attributes.append((attributeName, value))
            }
        }
    }

    private mutating func cutOff(_ start: Int, name: String) -> (
        name: String, attributes: [(name: String, value: String)], isSelfClosing: Bool
    )? {
        let slash = bytes[start + 1] == UInt8(ascii: "/") ? "/" : ""
        problems.append(HTMLTokenizerProblem(id: .htmlSyntax, message: "tag '<\(slash)\(name)' is cut off at end of file", offset: start))
        position = bytes.count
        return nil
    }

    /// Skips `<!--…-->`, `<!DOCTYPE…>`, `<![CDATA[…]]>` or another `<!…>`.
    ///
    /// CDATA sections only hold text inside SVG and MathML, which Galley does
    /// not show; in HTML browsers treat them as comments too.
    private mutating func skipDeclaration(at start: Int) {
        if hasPrefix("<!--", at: start) {
            skipComment(at: start)
        } else if hasPrefix("<![CDATA[", at: start) {
            if let end = find("]]>", from: start + 9) {
                position = end + 3
            } else {
                problems.append(HTMLTokenizerProblem(id: .htmlSyntax, message: "unterminated '<![CDATA[' section", offset: start))
                position = bytes.count
            }
        } else {
            skipBogusComment(at: start)
        }
    }

    private mutating func skipComment(at start: Int) {
        let contentStart = start + 4
        // `<!-->` and `<!--->` are complete, empty comments.
        if hasPrefix(">", at: contentStart) {
            position = contentStart + 1
            return
        }
        if hasPrefix("->", at: contentStart) {
            position = contentStart + 2
            return
        }
        var index = contentStart
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-") {
                if bytes[index + 2] == UInt8(ascii: ">") {
                    position = index + 3
                    return
                }
                if hasPrefix("!>", at: index + 2) {
                    position = index + 4
                    return
                }
            }
            index += 1
        }
        problems.append(HTMLTokenizerProblem(id: .htmlSyntax, message: "unterminated comment: '<!--' has no '-->'", offset: start))
        position = bytes.count
    }

    private mutating func skipBogusComment(at start: Int) {
        var index = start + 2
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
        position = min(index + 1, bytes.count)
    }

    // MARK: Bytes

    private func hasPrefix(_ prefix: StaticString, at start: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard start + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { expected in
            for index in 0..<count where Self.lowercased(bytes[start + index]) != Self.lowercased(expected[index]) { return false }
            return true
        }
    }

    private func find(_ pattern: StaticString, from start: Int) -> Int? {
        var index = start
        defer { work?.add(index - start) }
        while index < bytes.count {
            if hasPrefix(pattern, at: index) { return index }
            index += 1
        }
        return nil
    }

    private func lowercasedString(_ range: Range<Int>) -> String {
        String(decoding: bytes[range].lazy.map(Self.lowercased), as: UTF8.self)
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0C || byte == 0x0D
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }
}
