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
}
