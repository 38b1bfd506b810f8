/// Byte-level comparisons of two versions of a file.
enum ByteEdit {
    /// The lengths of the longest common prefix and suffix of `old` and
    /// `new`, which do not overlap in either.
    static func commonEnds(_ old: [UInt8], _ new: [UInt8]) -> (prefix: Int, suffix: Int) {
        old.withUnsafeBufferPointer { a in
            new.withUnsafeBufferPointer { b in
                let limit = min(a.count, b.count)
                var prefix = 0
                // Whole words first (memcmp's speed without a call per byte).
                while prefix + 8 <= limit,
                      UnsafeRawPointer(a.baseAddress! + prefix).loadUnaligned(as: UInt64.self)
                      == UnsafeRawPointer(b.baseAddress! + prefix).loadUnaligned(as: UInt64.self) {
                    prefix += 8
                }
                while prefix < limit, a[prefix] == b[prefix] { prefix += 1 }
                var suffix = 0
                let room = limit - prefix
                while suffix + 8 <= room,
                      UnsafeRawPointer(a.baseAddress! + a.count - suffix - 8).loadUnaligned(as: UInt64.self)
                      == UnsafeRawPointer(b.baseAddress! + b.count - suffix - 8).loadUnaligned(as: UInt64.self) {
                    suffix += 8
                }
                while suffix < room, a[a.count - suffix - 1] == b[b.count - suffix - 1] { suffix += 1 }
                return (prefix, suffix)
            }
        }
    }

    /// The offset just after the `}` that closes the object opening at
    /// `start` of valid JSON `bytes`, skipping strings; nil if there is none.
    static func endOfObject(in bytes: [UInt8], at start: Int) -> Int? {
        var depth = 0
        var index = start
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            index += 1
        }
        return nil
    }
}
