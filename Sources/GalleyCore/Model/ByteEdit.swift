/// Byte-level comparisons of two versions of a file.
enum ByteEdit {
    /// The lengths of the longest common prefix and suffix of `old` and
    /// `new`, which do not overlap in either.
    static func commonEnds(_ old: [UInt8], _ new: [UInt8]) -> (prefix: Int, suffix: Int) {
        old.withUnsafeBytes { a in
            new.withUnsafeBytes { b in
                guard let first = a.baseAddress, let second = b.baseAddress else { return (0, 0) }
                let limit = min(a.count, b.count)
                let prefix = ByteScan.commonPrefix(first, second, count: limit)
                let suffix = ByteScan.commonSuffix(first + a.count, second + b.count, count: limit - prefix)
                return (prefix, suffix)
            }
        }
    }

    /// The offset just after the `}` that closes the object opening at
    /// `start` of valid JSON `bytes`, skipping strings; nil if there is none.
    static func endOfObject(in bytes: [UInt8], at start: Int) -> Int? {
        bytes.withUnsafeBytes { buffer in
            var depth = 0
            var index = start
            while index < buffer.count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\"") {
                    // Strings are most of a data file: their end is searched for many bytes a step,
                    // a quote ending one when an even number of backslashes precede it.
                    var quote = index
                    repeat {
                        guard let found = ByteScan.firstIndex(of: UInt8(ascii: "\""), in: buffer, from: quote + 1) else { return nil }
                        quote = found
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
