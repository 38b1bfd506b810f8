/// The entries of a `Localizable.strings` file, each with where it is.
package struct StringsTable: Equatable, Sendable {
    package struct Entry: Equatable, Sendable {
        package var key: String
        package var value: String
        /// Where the key starts.
        package var location: SourceLocation
    }

    /// In the file's order; a key given twice keeps its first entry, as the
    /// warning about the second says.
    package var entries: [Entry]

    package init(entries: [Entry] = []) {
        self.entries = entries
    }

    package func entry(forKey key: String) -> Entry? {
        entries.first { $0.key == key }
    }
}

/// Reads the old-style property-list text that `.strings` files are
/// written in: `"key" = "value";` pairs (a lone `"key";` means the key is
/// its own value), `/* … */` and `//` comments, unquoted words, and the
/// escapes `\n`, `\t`, `\"`, `\\`, `\U00e9` and octal `\012`. UTF-8 (with or
/// without a byte order mark) or UTF-16 with one, as Xcode writes them.
///
/// A syntax error is reported at its line and column, and reading goes on
/// after the next `;`, so one slip does not hide every later entry.
package enum StringsFileReader {
    package static func read(_ bytes: [UInt8], path: RelativePath, work: WorkCounter? = nil)
        -> (table: StringsTable, diagnostics: [Diagnostic])
    {
        var entries: [StringsTable.Entry] = []
        let diagnostics = read(bytes, path: path, work: work) { entries.append($0) }
        return (StringsTable(entries: entries), diagnostics)
    }

    /// Reads the entries one by one into `take`, keeping no table of them:
    /// a reader that keeps them as values of its own holds them once.
    static func read(_ bytes: [UInt8], path: RelativePath, work: WorkCounter?, each take: (StringsTable.Entry) -> Void) -> [Diagnostic] {
        guard let utf8 = utf8Text(bytes) else {
            return [
                Diagnostic(
                    path: path, id: .unreadableFile, at: .start, severity: .error,
                    message: "a strings file must be UTF-8 or UTF-16 with a byte order mark")
            ]
        }
        return withoutActuallyEscaping(take) { take in
            var parser = Parser(utf8: utf8, path: path, work: work, take: take)
            parser.parse()
            return parser.diagnostics
        }
    }

    /// The text of a strings file as UTF-8: the bytes themselves, shared
    /// rather than copied, when they are UTF-8 (without their own mark);
    /// transcoded when a byte order mark says UTF-16; nil for bytes that are neither.
    static func utf8Text(_ bytes: [UInt8]) -> [UInt8]? {
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            guard bytes.count % 2 == 0 else { return nil }
            return utf8(fromUTF16: bytes, littleEndian: bytes[0] == 0xFF)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        // Validated by making a string that is let go of at once, before the entries are read.
        guard String(validating: body, as: UTF8.self) != nil else { return nil }
        return body
    }

    /// UTF-16 bytes after their byte order mark, as UTF-8; nil where a
    /// surrogate is unpaired.
    private static func utf8(fromUTF16 bytes: [UInt8], littleEndian: Bool) -> [UInt8]? {
        func unit(at index: Int) -> UInt32 {
            let pair = (UInt32(bytes[index]), UInt32(bytes[index + 1]))
            return littleEndian ? pair.0 | pair.1 << 8 : pair.0 << 8 | pair.1
        }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            var scalar = unit(at: index)
            index += 2
            if (0xD800...0xDFFF).contains(scalar) {
                guard scalar <= 0xDBFF, index + 1 < bytes.count else { return nil }
                let low = unit(at: index)
                guard (0xDC00...0xDFFF).contains(low) else { return nil }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                index += 2
            }
            switch scalar {
            case ..<0x80:
                utf8.append(UInt8(scalar))
            case ..<0x800:
                utf8 += [UInt8(0xC0 | scalar >> 6), UInt8(0x80 | scalar & 0x3F)]
            case ..<0x10000:
                utf8 += [UInt8(0xE0 | scalar >> 12), UInt8(0x80 | scalar >> 6 & 0x3F), UInt8(0x80 | scalar & 0x3F)]
            default:
                utf8 += [
                    UInt8(0xF0 | scalar >> 18), UInt8(0x80 | scalar >> 12 & 0x3F),
                    UInt8(0x80 | scalar >> 6 & 0x3F), UInt8(0x80 | scalar & 0x3F),
                ]
            }
        }
        return utf8
    }

    private struct Parser {
        let utf8: [UInt8]
        let path: RelativePath
        let work: WorkCounter?
        let take: (StringsTable.Entry) -> Void
        var locator: SourceLocator
        var index = 0
        var firstOffsetOfKey: [String: Int] = [:]
        var diagnostics: [Diagnostic] = []

        init(utf8: [UInt8], path: RelativePath, work: WorkCounter?, take: @escaping (StringsTable.Entry) -> Void) {
            self.utf8 = utf8
            self.path = path
            self.work = work
            self.take = take
            locator = SourceLocator(utf8)
        }

        mutating func parse() {
            // The whole file in braces is the same format written as a dictionary.
            skipSpaceAndComments()
            let braced = index < utf8.count && utf8[index] == UInt8(ascii: "{")
            if braced {
                index += 1
            }
            while true {
                skipSpaceAndComments()
                guard index < utf8.count else {
                    if braced { report("missing '}' at the end of the file", at: index) }
                    break
                }
                if braced, utf8[index] == UInt8(ascii: "}") {
                    index += 1
                    skipSpaceAndComments()
                    if index < utf8.count { report("unexpected text after '}'", at: index) }
                    break
                }
                if !parseEntry() { recover() }
            }
            work?.add(utf8.count + locator.bytesWalked)
        }

        /// One `key = value;` or `key;`; false after reporting a syntax error.
        private mutating func parseEntry() -> Bool {
            let keyOffset = index
            guard let key = parseString(what: "a key") else { return false }
            skipSpaceAndComments()
            var value = key
            let hasValue = index < utf8.count && utf8[index] == UInt8(ascii: "=")
            if hasValue {
                index += 1
                skipSpaceAndComments()
                guard let parsed = parseString(what: "a value") else { return false }
                value = parsed
                skipSpaceAndComments()
            }
            if index < utf8.count, utf8[index] == UInt8(ascii: ";") {
                index += 1
            } else if hasValue, index == utf8.count || utf8[index] == UInt8(ascii: "\"") {
                // The next entry (or the end) follows: only the ';' is missing, and the entry stands.
                report("missing ';' after the entry for \(quoted(key))", at: index)
            } else {
                report("expected \(hasValue ? "';'" : "'=' or ';'") after \(quoted(key))", at: index)
                return false
            }
            if let first = firstOffsetOfKey[key] {
                let line = locator.location(ofOffset: first).line
                report("duplicate key \(quoted(key)); the first, at line \(line), is the one used", at: keyOffset, severity: .warning)
            } else {
                firstOffsetOfKey[key] = keyOffset
                take(.init(key: key, value: value, location: locator.location(of: keyOffset)))
            }
            return true
        }

        /// A quoted string or an unquoted word; nil after reporting what was there instead.
        private mutating func parseString(what: String) -> String? {
            guard index < utf8.count else {
                report("expected \(what) before the end of the file", at: index)
                return nil
            }
            if utf8[index] == UInt8(ascii: "\"") { return parseQuoted() }
            let start = index
            while index < utf8.count, Self.isWordByte(utf8[index]) { index += 1 }
            guard index > start else {
                report("expected \(what), found '\(String(decoding: utf8[start..<Self.scalarEnd(utf8, start)], as: UTF8.self))'", at: start)
                return nil
            }
            return String(decoding: utf8[start..<index], as: UTF8.self)
        }

        private mutating func parseQuoted() -> String? {
            let start = index
            index += 1
            var bytes: [UInt8] = []
            while index < utf8.count {
                let byte = utf8[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    return String(decoding: bytes, as: UTF8.self)
                }
                guard byte == UInt8(ascii: "\\") else {
                    bytes.append(byte)
                    index += 1
                    continue
                }
                guard index + 1 < utf8.count else { break }
                let escapeStart = index
                let escaped = utf8[index + 1]
                index += 2
                switch escaped {
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "a"): bytes.append(0x07)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "v"): bytes.append(0x0B)
                case UInt8(ascii: "U"), UInt8(ascii: "u"):
                    var value: UInt32 = 0
                    var digits = 0
                    while digits < 4, index < utf8.count, let digit = Self.hexValue(utf8[index]) {
                        value = value << 4 | digit
                        index += 1
                        digits += 1
                    }
                    // A surrogate pair is written as two escapes.
                    if (0xD800...0xDBFF).contains(value), index + 5 < utf8.count, utf8[index] == UInt8(ascii: "\\"),
                        utf8[index + 1] == UInt8(ascii: "U") || utf8[index + 1] == UInt8(ascii: "u")
                    {
                        var low: UInt32 = 0
                        var lowDigits = 0
                        while lowDigits < 4, let digit = Self.hexValue(utf8[index + 2 + lowDigits]) {
                            low = low << 4 | digit
                            lowDigits += 1
                        }
                        if lowDigits == 4, (0xDC00...0xDFFF).contains(low) {
                            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                            index += 6
                        }
                    }
                    guard digits > 0, let scalar = Unicode.Scalar(value) else {
                        report("'\\U' must be followed by the four hexadecimal digits of a character", at: escapeStart)
                        bytes += Array("\u{FFFD}".utf8)
                        continue
                    }
                    bytes += Array(String(Character(scalar)).utf8)
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = UInt32(escaped - UInt8(ascii: "0"))
                    var digits = 1
                    while digits < 3, index < utf8.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(utf8[index]) {
                        value = value << 3 | UInt32(utf8[index] - UInt8(ascii: "0"))
                        index += 1
                        digits += 1
                    }
                    // Octal escapes name NeXTSTEP-encoded bytes; below 0x80 those are ASCII.
                    bytes += Array(String(Character(Unicode.Scalar(UInt8(truncatingIfNeeded: value)))).utf8)
                default:
                    // `\"`, `\\`, `\'` and any other character stand for themselves.
                    bytes.append(escaped)
                }
            }
            report("unterminated string: the quote has no closing '\"'", at: start)
            index = utf8.count
            return nil
        }

        /// After an error: on past the next `;` (or to the end), outside strings.
        private mutating func recover() {
            var inString = false
            while index < utf8.count {
                let byte = utf8[index]
                index += 1
                if inString {
                    if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
                } else if byte == UInt8(ascii: "\"") {
                    inString = true
                } else if byte == UInt8(ascii: ";") {
                    return
                }
            }
        }

        private mutating func skipSpaceAndComments() {
            while index < utf8.count {
                let byte = utf8[index]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B {
                    index += 1
                } else if byte == UInt8(ascii: "/"), index + 1 < utf8.count, utf8[index + 1] == UInt8(ascii: "*") {
                    let start = index
                    index += 2
                    while index + 1 < utf8.count, !(utf8[index] == UInt8(ascii: "*") && utf8[index + 1] == UInt8(ascii: "/")) { index += 1 }
                    guard index + 1 < utf8.count else {
                        report("unterminated comment: '/*' has no closing '*/'", at: start)
                        index = utf8.count
                        return
                    }
                    index += 2
                } else if byte == UInt8(ascii: "/"), index + 1 < utf8.count, utf8[index + 1] == UInt8(ascii: "/") {
                    while index < utf8.count, utf8[index] != 0x0A, utf8[index] != 0x0D { index += 1 }
                } else {
                    return
                }
            }
        }

        private mutating func report(_ message: String, at offset: Int, severity: Severity = .error) {
            let id: DiagnosticID = severity == .error ? .propertyListSyntax : .duplicateKey
            diagnostics.append(
                Diagnostic(path: path, id: id, at: locator.location(of: min(offset, utf8.count)), severity: severity, message: message))
        }

        private func quoted(_ key: String) -> String {
            "'" + (key.count > 40 ? String(key.prefix(40)) + "…" : key) + "'"
        }

        /// The characters of an unquoted word, as property lists allow them.
        private static func isWordByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."),
                UInt8(ascii: "-"):
                true
            default: false
            }
        }

        private static func hexValue(_ byte: UInt8) -> UInt32? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
            default: nil
            }
        }

        /// The end of the UTF-8 character starting at `start`, for quoting it whole.
        private static func scalarEnd(_ utf8: [UInt8], _ start: Int) -> Int {
            var end = start + 1
            while end < utf8.count, utf8[end] & 0xC0 == 0x80 { end += 1 }
            return end
        }
    }
}
