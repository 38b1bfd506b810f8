/// One lexical unit of RTF source, as the lexer hands it to the parser.
///
/// Ranges index the source bytes, so text is never copied until a
/// destination actually wants it.
enum RTFToken {
    case groupStart
    case groupEnd
    /// A control word such as `\fs24`; `name` is the letters only.
    case controlWord(name: Range<Int>, parameter: Int?)
    /// A control symbol such as `\~`; a backslash before a line break is
    /// reported as `0x0A` (Cocoa's paragraph break), a literal tab as `0x09`.
    case controlSymbol(UInt8)
    /// A `\'hh` byte.
    case hexByte(UInt8)
    /// A `\'` not followed by two hexadecimal digits.
    case malformedHexByte
    /// A run of plain text bytes (no braces, backslashes or control bytes).
    case text(Range<Int>)
    case endOfInput
}
