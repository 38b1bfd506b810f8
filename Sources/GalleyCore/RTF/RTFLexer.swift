/// Splits RTF bytes into tokens without copying them.
///
/// The lexer never fails: malformed input becomes tokens the parser can
/// diagnose, and every loop advances, so it cannot hang.
struct RTFLexer {
    /// Control word parameters are clamped to this magnitude, so absurd numbers
    /// never overflow and later arithmetic (twips to points) stays safe.
    static let parameterLimit = 1_000_000_000

    let bytes: UnsafeBufferPointer<UInt8>
    let work: WorkCounter?
    /// Offset of the next unread byte.
    private(set) var position = 0
    /// Offset where the last token returned by `next()` started.
    private(set) var tokenStart = 0

    /// A lexer of `bytes` that starts at `position` (a token boundary).
    init(bytes: UnsafeBufferPointer<UInt8>, work: WorkCounter? = nil, position: Int = 0) {
        self.bytes = bytes
        self.work = work
        self.position = position
        tokenStart = position
    }

    mutating func next() -> RTFToken {
        let begin = position
        defer { work?.add(abs(position - begin)) }
        let count = bytes.count
        while position < count {
            tokenStart = position
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "{"):
                position += 1
                return .groupStart
            case UInt8(ascii: "}"):
                position += 1
                return .groupEnd
            case UInt8(ascii: "\\"):
                return readControl()
            case 0x09:
                position += 1
                return .controlSymbol(0x09)
            case 0..<0x20, 0x7F:
                // Line breaks in RTF source are not text; other control bytes are noise.
                position += 1
            default:
                var end = position + 1
                while end < count {
                    let next = bytes[end]
                    if next < 0x20 || next == UInt8(ascii: "\\") || next == UInt8(ascii: "{") || next == UInt8(ascii: "}") || next == 0x7F {
                        break
                    }
                    end += 1
                }
                let range = position..<end
                position = end
                return .text(range)
            }
        }
        tokenStart = count
        return .endOfInput
    }

    private mutating func readControl() -> RTFToken {
        let count = bytes.count
        let afterBackslash = position + 1
        guard afterBackslash < count else {
            position = count
            return .endOfInput
        }
        let first = bytes[afterBackslash]
        if Self.isLetter(first) {
            var end = afterBackslash + 1
            while end < count, Self.isLetter(bytes[end]) { end += 1 }
            let name = afterBackslash..<end
            position = end
            let parameter = readParameter()
            if position < count, bytes[position] == UInt8(ascii: " ") { position += 1 }
            return .controlWord(name: name, parameter: parameter)
        }
        switch first {
        case UInt8(ascii: "'"):
            guard afterBackslash + 2 < count,
                let high = Self.hexValue(bytes[afterBackslash + 1]),
                let low = Self.hexValue(bytes[afterBackslash + 2])
            else {
                position = min(count, afterBackslash + 1)
                return .malformedHexByte
            }
            position = afterBackslash + 3
            return .hexByte(high << 4 | low)
        case 0x0D:
            position = afterBackslash + 1
            if position < count, bytes[position] == 0x0A { position += 1 }
            return .controlSymbol(0x0A)
        default:
            position = afterBackslash + 1
            return .controlSymbol(first)
        }
    }

    /// Reads an optional signed decimal parameter, clamped to `parameterLimit`.
    private mutating func readParameter() -> Int? {
        let count = bytes.count
        var cursor = position
        var negative = false
        if cursor < count, bytes[cursor] == UInt8(ascii: "-") {
            negative = true
            cursor += 1
        }
        guard cursor < count, Self.isDigit(bytes[cursor]) else { return nil }
        var value = 0
        while cursor < count, Self.isDigit(bytes[cursor]) {
            if value <= Self.parameterLimit {
                value = value * 10 + Int(bytes[cursor] &- UInt8(ascii: "0"))
            }
            cursor += 1
        }
        position = cursor
        value = min(value, Self.parameterLimit)
        return negative ? -value : value
    }

    /// Consumes `length` raw bytes after `\binN`; returns the bytes actually present.
    mutating func readBinary(length: Int) -> Range<Int> {
        let start = position
        let end = start + min(max(length, 0), bytes.count - start)
        position = end
        return start..<end
    }

    /// Skips to just after the `}` closing the current group, honouring
    /// escapes and `\bin` data; returns false when the input ends first.
    mutating func skipRestOfGroup() -> Bool {
        let count = bytes.count
        var depth = 1
        let start = position
        var cursor = start
        defer { work?.add(cursor - start) }
        while cursor < count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "{") {
                depth += 1
                cursor += 1
            } else if byte == UInt8(ascii: "}") {
                depth -= 1
                cursor += 1
                if depth == 0 {
                    position = cursor
                    return true
                }
            } else if byte == UInt8(ascii: "\\") {
                cursor = skipEscape(at: cursor)
            } else {
                cursor += 1
            }
        }
        position = count
        return false
    }

    /// Returns the offset after the escape starting at `backslash`, jumping over `\bin` payloads.
    private func skipEscape(at backslash: Int) -> Int {
        let count = bytes.count
        var cursor = backslash + 1
        guard cursor < count else { return count }
        guard Self.isLetter(bytes[cursor]) else { return cursor + 1 }
        let nameStart = cursor
        while cursor < count, Self.isLetter(bytes[cursor]) { cursor += 1 }
        let isBinary =
            cursor - nameStart == 3
            && bytes[nameStart] == UInt8(ascii: "b") && bytes[nameStart + 1] == UInt8(ascii: "i")
            && bytes[nameStart + 2] == UInt8(ascii: "n")
        guard isBinary else { return cursor }
        var length = 0
        while cursor < count, Self.isDigit(bytes[cursor]) {
            if length <= Self.parameterLimit { length = length * 10 + Int(bytes[cursor] &- UInt8(ascii: "0")) }
            cursor += 1
        }
        if cursor < count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
        return min(count, cursor + min(length, Self.parameterLimit))
    }

    @inline(__always) static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
