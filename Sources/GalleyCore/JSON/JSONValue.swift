/// A JSON value that remembers where it was written.
///
/// Foundation's `JSONSerialization` reports only "around character N" and
/// forgets positions; an author needs line and column for every string.
package struct JSONNode: Sendable, Equatable {
    package var value: JSONValue
    /// Byte offset of the value's first character in the source.
    package var offset: Int
    /// Byte offset just after the value's last character; `offset` when a
    /// reader does not know it.
    package var end: Int

    package init(_ value: JSONValue, offset: Int, end: Int? = nil) {
        self.value = value
        self.offset = offset
        self.end = max(offset, end ?? offset)
    }

    /// The bytes a diagnostic about the value underlines: all of a string,
    /// number or literal, and only the opening bracket of an object or
    /// array, whose whole would cover many lines.
    package var headOffsets: Range<Int> {
        switch value {
        case .array, .object: offset..<min(end, offset + 1)
        default: offset..<end
        }
    }
}

package indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    /// Members in source order; duplicates are kept so they can be reported.
    case object([JSONMember])

    /// A short name for messages: "a string", "an array"…
    package var typeDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

package struct JSONMember: Sendable, Equatable {
    package var key: String
    package var keyOffset: Int
    /// Just after the key's closing quote; `keyOffset` when unknown.
    package var keyEnd: Int
    package var value: JSONNode

    package init(key: String, keyOffset: Int, keyEnd: Int? = nil, value: JSONNode) {
        self.key = key
        self.keyOffset = keyOffset
        self.keyEnd = max(keyOffset, keyEnd ?? keyOffset)
        self.value = value
    }

    /// The key as written, quotes included.
    package var keyOffsets: Range<Int> { keyOffset..<keyEnd }
}

extension JSONNode {
    package var stringValue: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    package var arrayValue: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    package var objectValue: [JSONMember]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The first member named `key`, for objects.
    package func member(_ key: String) -> JSONMember? {
        objectValue?.first { $0.key == key }
    }
}
