/// The part of a buffer that changed since a preview last got it, kept as
/// the unchanged prefix and suffix, so a burst of keystrokes becomes one
/// edit whatever their order.
package struct ChangedSpan: Equatable, Sendable {
    /// Bytes at the start that no change touched.
    package private(set) var prefix: Int
    /// Bytes at the end that no change touched.
    package private(set) var suffix: Int
    /// The length of the text before the first change.
    package let oldLength: Int

    /// No change yet to a text of `length` bytes.
    package init(length: Int) {
        prefix = length
        suffix = length
        oldLength = length
    }

    /// Bytes `range` of a text of `length` bytes were replaced.
    package mutating func record(_ range: Range<Int>, inTextOf length: Int) {
        prefix = min(prefix, range.lowerBound)
        suffix = min(suffix, length - range.upperBound)
    }

    /// The edit that turns the old text into `text`, the text after every change.
    package func edit(base: Int, to text: [UInt8]) -> BufferEdit {
        let prefix = min(self.prefix, text.count, oldLength)
        let suffix = min(self.suffix, text.count - prefix, oldLength - prefix)
        return BufferEdit(base: base, range: prefix..<(oldLength - suffix), replacement: text[prefix..<(text.count - suffix)])
    }
}
