/// Writes JSON text straight into UTF-8 bytes: every answer the daemon
/// sends, `check --json`, and the language server's messages.
///
/// Commas are placed for you; keys and values are escaped so that the text
/// is valid JSON and safe inside a `<script>` element:
///
///     var json = JSONWriter()
///     json.beginObject()
///     json.field("id", "intro")
///     json.field("version", 7)
///     json.endObject()
///     json.bytes // {"id":"intro","version":7}
///
/// It checks no nesting: a `beginObject` without its `endObject` writes text
/// that is not JSON.
package struct JSONWriter: Sendable {
    package private(set) var bytes: [UInt8] = []
    /// Whether a value was written at this level, so the next one needs a comma.
    private var needsComma = false

    package init(reservingCapacity capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// The text written so far.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    package mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    package mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    package mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    package mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A member's name written in the source; its value is whatever is
    /// written next. Copied as it is: a name the code spells needs no
    /// escape, and the many members of every answer skip the escaping pass.
    package mutating func key(_ name: StaticString) {
        assert(JSONEscaping.needsNoEscape(name), "a JSON member name in the source that needs escaping")
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A member's name made at run time (a document's id, say), escaped.
    package mutating func key(named name: String) {
        separate()
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    package mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
        needsComma = true
    }

    /// UTF-8 text as a string value, without making a `String` of it first
    /// (a slice of a rendered article, say).
    package mutating func string(utf8 value: UnsafeBufferPointer<UInt8>) {
        separate()
        JSONEscaping.appendQuoted(value, to: &bytes)
        needsComma = true
    }

    package mutating func number(_ value: Int) {
        separate()
        appendDecimal(value)
        needsComma = true
    }

    /// A finite number; NaN and infinities, which JSON cannot write, become `null`.
    package mutating func number(_ value: Double) {
        separate()
        if !value.isFinite {
            bytes += "null".utf8
        } else if value == value.rounded(.towardZero), abs(value) < 1e15 {
            appendDecimal(Int(value))
        } else {
            bytes += value.description.utf8
        }
        needsComma = true
    }

    package mutating func bool(_ value: Bool) {
        separate()
        bytes += (value ? "true" : "false").utf8
        needsComma = true
    }

    package mutating func null() {
        separate()
        bytes += "null".utf8
        needsComma = true
    }

    /// A value that is already JSON text, written as it is (a part built once
    /// and sent in many answers).
    package mutating func json(_ fragment: JSONFragment) {
        separate()
        bytes += fragment.bytes
        needsComma = true
    }

    /// A value that is already JSON text, copied from `utf8` (an entry of
    /// an answer written before).
    package mutating func json(utf8 value: UnsafeRawBufferPointer) {
        separate()
        bytes.append(contentsOf: value)
        needsComma = true
    }

    /// Writes one value by `write` and returns where it lies in `bytes`
    /// (without the comma before it), so that it can be copied from there.
    package mutating func value(writtenBy write: (inout JSONWriter) -> Void) -> Range<Int> {
        separate()
        needsComma = false
        let start = bytes.count
        write(&self)
        return start..<bytes.count
    }

    /// A member: `value`, or `null` when it is nil.
    package mutating func field(_ name: StaticString, _ value: String?) {
        key(name)
        if let value { string(value) } else { null() }
    }

    /// A member: `value`, or `null` when it is nil.
    package mutating func field(_ name: StaticString, _ value: Int?) {
        key(name)
        if let value { number(value) } else { null() }
    }

    package mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    package mutating func field(_ name: StaticString, _ value: JSONFragment) {
        key(name)
        json(value)
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func appendQuoted(_ value: String) {
        var value = value
        value.withUTF8 { JSONEscaping.appendQuoted($0, to: &bytes) }
    }

    private mutating func appendDecimal(_ value: Int) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            bytes += String(value).utf8
        }
    }
}

/// JSON text made once and written into many answers as it is.
package struct JSONFragment: Sendable, Equatable {
    package let bytes: [UInt8]

    /// What a finished writer wrote.
    package init(_ writer: JSONWriter) {
        bytes = writer.bytes
    }

    package static let null = JSONFragment(bytes: Array("null".utf8))

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }
}

/// A JSON value built as a tree before it is written, for answers that nest
/// deeply and vary by request (the language server's); the writer is still
/// the one that escapes and places commas.
package indirect enum JSONOutput: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    package static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool {
        lhs.bytes == rhs.bytes
    }

    /// A parsed value written back as it was read (a client's diagnostic, echoed).
    package init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let value): self = .number(value)
        case .string(let value): self = .string(value)
        case .array(let elements): self = .array(elements.map { JSONOutput($0.value) })
        case .object(let members): self = .object(members.map { ($0.key, JSONOutput($0.value.value)) })
        }
    }

    /// The value as UTF-8 JSON text.
    package var bytes: [UInt8] {
        var writer = JSONWriter()
        writer.value(self)
        return writer.bytes
    }
}

extension JSONWriter {
    /// Writes a whole tree.
    package mutating func value(_ tree: JSONOutput) {
        switch tree {
        case .null: null()
        case .bool(let value): bool(value)
        case .int(let value): number(value)
        case .number(let value): number(value)
        case .string(let value): string(value)
        case .array(let elements):
            beginArray()
            for element in elements { value(element) }
            endArray()
        case .object(let members):
            beginObject()
            for (name, member) in members {
                key(named: name)
                value(member)
            }
            endObject()
        }
    }
}
