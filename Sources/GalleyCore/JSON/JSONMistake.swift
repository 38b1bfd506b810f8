/// What breaks a JSON text's grammar where the reader stopped, with what it
/// found there; the author's one-line reason is made from the case.
package enum JSONMistake: Equatable, Sendable, CustomStringConvertible {
    /// What the reader found where something else belonged.
    package enum Found: Equatable, Sendable, CustomStringConvertible {
        case endOfFile
        case scalar(Unicode.Scalar)
        /// A byte that starts no UTF-8 character.
        case byteNotUTF8(UInt8)

        /// As a message names it: `'q'`, `'日' (U+65E5)`, `U+0007`, or the byte.
        package var description: String {
            switch self {
            case .endOfFile: return "end of file"
            case .byteNotUTF8(let byte): return "byte 0x\(JSONMistake.hex(UInt32(byte), digits: 2)), not UTF-8"
            case .scalar(let scalar):
                if scalar.value >= 0x21 && scalar.value < 0x7F { return "'\(Character(scalar))'" }
                let code = "U+" + JSONMistake.hex(scalar.value, digits: 4)
                return scalar.properties.generalCategory == .control || scalar.properties.isWhitespace ? code : "'\(scalar)' (\(code))"
            }
        }
    }

    /// Where a value's container goes on: after an array's element or an object's member.
    package enum Container: Equatable, Sendable {
        case array
        case object
    }

    case textAfterTopLevelValue(found: Found)
    /// Text after a value read alone (a part of a larger document).
    case textAfterValue(found: Found)
    case endBeforeValue
    /// A closing bracket where a value belongs: a trailing comma, most often.
    case closingBeforeValue(found: Found)
    case notAValue(found: Found)
    case invalidLiteral(expected: String)
    case unclosed(Container)
    /// A `}` where a key belongs: a trailing comma, most often.
    case closingBeforeKey
    case notAKey(found: Found)
    case noColonAfterKey(key: String, found: Found)
    case missingComma(Container)
    /// Neither a comma nor the closing bracket after a value; `quoteInString`
    /// when a quote follows on the line after a string, most likely one meant
    /// to be part of it.
    case notCommaOrClosing(Container, found: Found, quoteInString: Bool)
    case unterminatedString
    case lineBreakInString
    case unescapedControlCharacter(UInt8)
    /// A backslash followed by `byte`, which starts no escape.
    case invalidEscape(UInt8)
    case incompleteUnicodeEscape
    case invalidUnicodeEscape
    case invalidNumber
    case leadingZeros
    case noDigitsAfterPoint
    case noDigitsInExponent

    package var description: String {
        switch self {
        case .textAfterTopLevelValue(let found): "unexpected \(found) after the top-level value"
        case .textAfterValue(let found): "unexpected \(found) after the value"
        case .endBeforeValue: "unexpected end of file, expected a value"
        case .closingBeforeValue(let found): "unexpected \(found), expected a value (trailing comma?)"
        case .notAValue(let found): "unexpected \(found), expected a value"
        case .invalidLiteral(let expected): "invalid literal, expected '\(expected)'"
        case .unclosed(.array): "unexpected end of file, expected ']' to close the array opened here"
        case .unclosed(.object): "unexpected end of file, expected '}' to close the object opened here"
        case .closingBeforeKey: "unexpected '}', expected a key (trailing comma?)"
        case .notAKey(let found): "expected a string key, found \(found)"
        case .noColonAfterKey(let key, let found): "expected ':' after key \"\(key)\", found \(found)"
        case .missingComma(.array): "missing ',' between array elements"
        case .missingComma(.object): "missing ',' between object members"
        case .notCommaOrClosing(let container, let found, let quoteInString):
            "expected \(container == .array ? "',' or ']' after array element" : "',' or '}' after object member"), found \(found)"
                + (quoteInString ? "; a quote inside a string must be written '\\\"'" : "")
        case .unterminatedString: "unterminated string"
        case .lineBreakInString: "unterminated string (line break inside a string; write '\\n')"
        case .unescapedControlCharacter(let byte):
            "control character U+\(String(byte, radix: 16, uppercase: true)) inside a string must be escaped"
        case .invalidEscape(let byte):
            "invalid escape '\\\(byte >= 0x21 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : "?")' in string"
        case .incompleteUnicodeEscape: "incomplete '\\u' escape"
        case .invalidUnicodeEscape: "invalid '\\u' escape, expected 4 hex digits"
        case .invalidNumber: "invalid number"
        case .leadingZeros: "invalid number: leading zeros are not allowed"
        case .noDigitsAfterPoint: "invalid number: expected digits after '.'"
        case .noDigitsInExponent: "invalid number: expected digits in the exponent"
        }
    }

    fileprivate static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
