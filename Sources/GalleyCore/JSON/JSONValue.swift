/// A JSON value that remembers where it was written.
///
/// Foundation's `JSONSerialization` reports only "around character N" and
/// forgets positions; an author needs line and column for every string.
public struct JSONNode: Sendable, Equatable {
    public var value: JSONValue
    /// Byte offset of the value's first character in the source.
    public var offset: Int
    /// Byte offset just after the value's last character; `offset` when a
    /// reader does not know it.
    public var end: Int

    public init(_ value: JSONValue, offset: Int, end: Int? = nil) {
        self.value = value
        self.offset = offset
        self.end = max(offset, end ?? offset)
    }

    /// The bytes a diagnostic about the value underlines: all of a string,
    /// number or literal, and only the opening bracket of an object or
    /// array, whose whole would cover many lines.
    public var headOffsets: Range<Int> {
        switch value {
        case .array, .object: offset..<min(end, offset + 1)
        default: offset..<end
        }
    }
}

public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    /// Members in source order; duplicates are kept so they can be reported.
    case object([JSONMember])

    /// A short name for messages: "a string", "an array"…
    public var typeDescription: String {
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

public struct JSONMember: Sendable, Equatable {
    public var key: String
    public var keyOffset: Int
    /// Just after the key's closing quote; `keyOffset` when unknown.
    public var keyEnd: Int
    public var value: JSONNode

    public init(key: String, keyOffset: Int, keyEnd: Int? = nil, value: JSONNode) {
        self.key = key
        self.keyOffset = keyOffset
        self.keyEnd = max(keyOffset, keyEnd ?? keyOffset)
        self.value = value
    }

    /// The key as written, quotes included.
    public var keyOffsets: Range<Int> { keyOffset..<keyEnd }
}

extension JSONNode {
    public var stringValue: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    public var arrayValue: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    public var objectValue: [JSONMember]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The first member named `key`, for objects.
    public func member(_ key: String) -> JSONMember? {
        objectValue?.first { $0.key == key }
    }
}
