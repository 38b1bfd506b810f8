/// What breaks an XML property list's grammar where the reader stopped;
/// the author's one-line reason is made from the case. A tag found is
/// given as the markup it is (`</dict>`, `<key/>`).
package enum XMLPropertyListMistake: Equatable, Sendable, CustomStringConvertible {
    /// Markup skipped whole that never ends.
    package enum Markup: String, Equatable, Sendable {
        case comment
        case processingInstruction = "processing instruction"
        case doctype = "DOCTYPE"
        case cdataSection = "CDATA section"
    }

    case empty
    case noPlistEnd(found: String)
    case textAfterPropertyList
    case unexpectedTag(String)
    case notAnInteger(String)
    case notARealNumber(String)
    /// A `<true>` or `<false>` with text inside.
    case textInBoolean(element: String)
    case keyOutsideDictionary
    case unknownElement(String)
    case notAKey(found: String)
    case keyWithoutValue(key: String, before: String)
    case unclosed(Markup)
    case endOfFile(inside: String?)
    case textOutsideElement(inside: String?)
    case noElementName
    /// A tag cut off: by the end of the file or by the next `<`; `closing` when it is an end tag.
    case unclosedTag(name: String, closing: Bool)
    case mismatchedEndTag(element: String, found: String)
    case unclosedElement(String)
    case bareAmpersand
    case unknownEntity(String)

    package var description: String {
        switch self {
        case .empty: "empty property list: expected <plist>"
        case .noPlistEnd(let found): "expected </plist> after the top-level value, found \(found)"
        case .textAfterPropertyList: "unexpected text after the property list"
        case .unexpectedTag(let tag): "unexpected \(tag)"
        case .notAnInteger(let text): "'\(text)' is not an integer"
        case .notARealNumber(let text): "'\(text)' is not a real number"
        case .textInBoolean(let element): "<\(element)/> holds no text"
        case .keyOutsideDictionary: "<key> outside a <dict>"
        case .unknownElement(let tag): "unknown element \(tag); expected dict, array, string, integer, real, true, false, date or data"
        case .notAKey(let found): "expected <key> in <dict>, found \(found)"
        case .keyWithoutValue(let key, let before): "<key>\(key)</key> has no value before \(before)"
        case .unclosed(let markup): "unclosed \(markup.rawValue)"
        case .endOfFile(let inside): inside.map { "unexpected end of file inside <\($0)>" } ?? "unexpected end of file"
        case .textOutsideElement(let inside): inside.map { "unexpected text in <\($0)>" } ?? "expected an element"
        case .noElementName: "expected an element name after '<'"
        case .unclosedTag(let name, let closing): "unclosed tag <\(closing ? "/" : "")\(name)"
        case .mismatchedEndTag(let element, let found): "expected </\(element)> to close <\(element)>, found \(found)"
        case .unclosedElement(let element): "unclosed <\(element)>"
        case .bareAmpersand: "'&' starts no entity reference; write '&amp;'"
        case .unknownEntity(let name): "unknown entity '&\(name);'"
        }
    }
}
