extension StringProtocol {
    /// Whether every character is whitespace (an empty string is blank). A
    /// character is whitespace when its first scalar is, and the first
    /// character's is the string's, so most texts are told by their first
    /// byte, without looking up a scalar's properties or breaking the text
    /// into characters: it is asked of every run and block at every save.
    var isBlank: Bool {
        guard let byte = utf8.first else { return true }
        if byte < 0x80 {
            let isASCIIWhitespace = byte == 0x20 || (0x09...0x0D).contains(byte)
            guard isASCIIWhitespace else { return false }
        } else if let first = unicodeScalars.first, !first.properties.isWhitespace {
            return false
        }
        return allSatisfy(\.isWhitespace)
    }
}
