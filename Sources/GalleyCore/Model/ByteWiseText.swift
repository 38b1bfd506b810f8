/// Prefixes, suffixes, equality and `/`-separated parts compared byte by byte (UTF-8), as the file system and URLs
/// compare them.
///
/// Swift's `hasPrefix`, `hasSuffix`, `==` and `split(separator: "/")` work on grapheme clusters under canonical
/// equivalence: `"/file/\u{619}x"` does not start with `"/file/"` and does not split at its second slash (the
/// combining mark joins the slash), and `"café"` equals `"cafe\u{301}"`, though on Linux they name different files.
/// Every path rule and URL prefix test goes through these instead.
extension StringProtocol {
    /// Whether the UTF-8 bytes start with those of `prefix`.
    @inlinable
    package func hasBytePrefix(_ prefix: some StringProtocol) -> Bool {
        guard utf8.count >= prefix.utf8.count else { return false }
        return hasBytes(of: prefix, atStart: true) ?? utf8.starts(with: prefix.utf8)
    }

    /// Whether the UTF-8 bytes end with those of `suffix`.
    @inlinable
    package func hasByteSuffix(_ suffix: some StringProtocol) -> Bool {
        let count = suffix.utf8.count
        guard utf8.count >= count else { return false }
        return hasBytes(of: suffix, atStart: false) ?? utf8.suffix(count).elementsEqual(suffix.utf8)
    }

    /// Whether the bytes of `part`, no longer than these, are at their
    /// start or end, compared as memory; nil when either has no contiguous
    /// bytes. Walking the UTF-8 views instead cost hundreds of instructions
    /// a question, and the watcher's walk asks a dozen of every name.
    @inlinable
    func hasBytes(of part: some StringProtocol, atStart: Bool) -> Bool? {
        let compared = utf8.withContiguousStorageIfAvailable { mine in
            part.utf8.withContiguousStorageIfAvailable { theirs in
                guard let mineStart = mine.baseAddress, let theirsStart = theirs.baseAddress else { return true }
                return ByteScan.equal(atStart ? mineStart : mineStart + (mine.count - theirs.count), theirsStart, count: theirs.count)
            }
        }
        return compared ?? nil
    }

    /// Whether the UTF-8 bytes are those of `other`.
    @inlinable
    package func isByteEqual(to other: some StringProtocol) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        // A rendered document's HTML runs to megabytes: compared as memory when it is.
        let asMemory = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in
                // Equal counts: both empty, or both have storage.
                guard let mineStart = mine.baseAddress, let theirsStart = theirs.baseAddress else { return true }
                return ByteScan.equal(mineStart, theirsStart, count: mine.count)
            }
        }
        return (asMemory ?? nil) ?? utf8.elementsEqual(other.utf8)
    }

    /// The text after `prefix`, or nil when the bytes do not start with it.
    @inlinable
    package func removingBytePrefix(_ prefix: some StringProtocol) -> String? {
        guard hasBytePrefix(prefix) else { return nil }
        return String(decoding: utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
    }

    /// The text before `suffix`, or nil when the bytes do not end with it.
    @inlinable
    package func removingByteSuffix(_ suffix: some StringProtocol) -> String? {
        guard hasByteSuffix(suffix) else { return nil }
        return String(decoding: utf8.dropLast(suffix.utf8.count), as: UTF8.self)
    }

    /// The non-empty parts between `/` bytes.
    package var slashSeparatedParts: [String] {
        splitAtSlashes(omittingEmptyParts: true)
    }

    /// The parts between `/` bytes, empty ones (before a leading `/`, between `//`) kept unless asked otherwise.
    package func splitAtSlashes(omittingEmptyParts: Bool) -> [String] {
        utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: omittingEmptyParts)
            .map { String(decoding: $0, as: UTF8.self) }
    }
}

extension String {
    /// `name` inside the folder this path names: the one join of paths,
    /// relative to the content folder ("" is its top) or absolute ("/" is
    /// the root).
    package func slashJoined(_ name: String) -> String {
        if isEmpty { return name }
        return utf8.last == UInt8(ascii: "/") ? self + name : self + "/" + name
    }

    /// `slashSeparatedParts.last`, found from the end without splitting the
    /// rest, over the bytes in place: the watcher asks it of every path it
    /// walks, and every file is asked what it is by it at start-up.
    @inlinable
    package var lastSlashSeparatedPart: String? {
        var path = self
        return path.withUTF8 { bytes in
            let slash = UInt8(ascii: "/")
            var end = bytes.count
            while end > 0, bytes[end - 1] == slash { end -= 1 }
            guard end > 0 else { return nil }
            var start = end
            while start > 0, bytes[start - 1] != slash { start -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }
}
