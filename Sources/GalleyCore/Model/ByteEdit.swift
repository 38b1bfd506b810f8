import Glibc

/// Byte-level comparisons of two versions of a file.
enum ByteEdit {
    /// The lengths of the longest common prefix and suffix of `old` and
    /// `new`, which do not overlap in either.
    static func commonEnds(_ old: [UInt8], _ new: [UInt8]) -> (prefix: Int, suffix: Int) {
        old.withUnsafeBufferPointer { a in
            new.withUnsafeBufferPointer { b in
                guard let first = a.baseAddress, let second = b.baseAddress else { return (0, 0) }
                let limit = min(a.count, b.count)
                // Whole blocks with memcmp (vectorised), then bytes within the first block that differs.
                var prefix = 0
                while prefix + block <= limit, memcmp(first + prefix, second + prefix, block) == 0 { prefix += block }
                while prefix < limit, a[prefix] == b[prefix] { prefix += 1 }
                var suffix = 0
                let room = limit - prefix
                while suffix + block <= room, memcmp(first + a.count - suffix - block, second + b.count - suffix - block, block) == 0 {
                    suffix += block
                }
                while suffix < room, a[a.count - suffix - 1] == b[b.count - suffix - 1] { suffix += 1 }
                return (prefix, suffix)
            }
        }
    }

    /// Bytes compared at once: a call's cost spread over many, and little compared past the first difference.
    private static let block = 256

    /// The offset just after the `}` that closes the object opening at
    /// `start` of valid JSON `bytes`, skipping strings; nil if there is none.
    static func endOfObject(in bytes: [UInt8], at start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var depth = 0
            var index = start
            while index < buffer.count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\"") {
                    // Strings are most of a data file: their end is found with memchr,
                    // a quote ending one when an even number of backslashes precede it.
                    var quote = index
                    repeat {
                        guard let found = memchr(base + quote + 1, Int32(UInt8(ascii: "\"")), buffer.count - quote - 1) else { return nil }
                        quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                        var backslashes = 0
                        while buffer[quote - 1 - backslashes] == UInt8(ascii: "\\") { backslashes += 1 }
                        if backslashes % 2 == 0 { break }
                    } while true
                    index = quote
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
}
