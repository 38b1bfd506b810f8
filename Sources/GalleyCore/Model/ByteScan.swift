/// Byte comparisons and searches over memory, thirty-two or sixty-four bytes
/// a step, in plain Swift: the core calls no C library. Each step compares
/// machine words (four to a vector), which the compiler keeps in vector
/// registers; a step that finds something is then looked at byte by byte.
@usableFromInline
enum ByteScan {
    @usableFromInline
    typealias Words = SIMD4<UInt64>

    /// How many bytes `first` and `second` have alike from their start, at most `count`.
    @inlinable
    static func commonPrefix(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Int {
        var index = 0
        while index + 64 <= count {
            let differences =
                (first.loadUnaligned(fromByteOffset: index, as: Words.self)
                    ^ second.loadUnaligned(fromByteOffset: index, as: Words.self))
                | (first.loadUnaligned(fromByteOffset: index + 32, as: Words.self)
                    ^ second.loadUnaligned(fromByteOffset: index + 32, as: Words.self))
            if !isZero(differences) { break }
            index += 64
        }
        while index < count, first.load(fromByteOffset: index, as: UInt8.self) == second.load(fromByteOffset: index, as: UInt8.self) {
            index += 1
        }
        return index
    }

    /// How many bytes the `count` bytes before `firstEnd` and those before
    /// `secondEnd` have alike from their end.
    @inlinable
    static func commonSuffix(_ firstEnd: UnsafeRawPointer, _ secondEnd: UnsafeRawPointer, count: Int) -> Int {
        var length = 0
        while length + 64 <= count {
            let differences =
                (firstEnd.loadUnaligned(fromByteOffset: -length - 32, as: Words.self)
                    ^ secondEnd.loadUnaligned(fromByteOffset: -length - 32, as: Words.self))
                | (firstEnd.loadUnaligned(fromByteOffset: -length - 64, as: Words.self)
                    ^ secondEnd.loadUnaligned(fromByteOffset: -length - 64, as: Words.self))
            if !isZero(differences) { break }
            length += 64
        }
        while length < count,
            firstEnd.load(fromByteOffset: -length - 1, as: UInt8.self) == secondEnd.load(fromByteOffset: -length - 1, as: UInt8.self)
        {
            length += 1
        }
        return length
    }

    /// Whether the `count` bytes at `first` and at `second` are alike.
    @inlinable
    static func equal(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Bool {
        commonPrefix(first, second, count: count) == count
    }

    /// The offset of the first `byte` in `bytes` at or after `start`, if any.
    static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let wanted = Words(repeating: UInt64(byte) &* lowBits)
        var index = start
        while index + 32 <= bytes.count, !hasZeroByte(base.loadUnaligned(fromByteOffset: index, as: Words.self) ^ wanted) { index += 32 }
        while index < bytes.count {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// Whether every byte of `bytes` is below 0x80: the text is ASCII.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return true }
        let highBits = Words(repeating: lowBits &* 0x80)
        var index = 0
        while index + 32 <= bytes.count {
            if !isZero(base.loadUnaligned(fromByteOffset: index, as: Words.self) & highBits) { return false }
            index += 32
        }
        while index < bytes.count {
            if bytes[index] >= 0x80 { return false }
            index += 1
        }
        return true
    }

    /// The offsets of every `byte` in `bytes`, in order.
    static func offsets(of byte: UInt8, in bytes: UnsafeRawBufferPointer) -> [Int] {
        var found: [Int] = []
        var index = 0
        while let hit = firstIndex(of: byte, in: bytes, from: index) {
            found.append(hit)
            index = hit + 1
        }
        return found
    }

    @usableFromInline
    static let lowBits: UInt64 = 0x0101_0101_0101_0101

    @inlinable
    static func isZero(_ words: Words) -> Bool {
        words[0] | words[1] | words[2] | words[3] == 0
    }

    /// Whether a byte of any of the words is zero (the classic test: only a
    /// zero byte borrows into its own high bit without having it set).
    static func hasZeroByte(_ words: Words) -> Bool {
        let borrowed = (words &- Words(repeating: lowBits)) & ~words & Words(repeating: lowBits &* 0x80)
        return !isZero(borrowed)
    }
}
