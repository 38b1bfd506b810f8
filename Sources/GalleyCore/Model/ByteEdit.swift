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
}
