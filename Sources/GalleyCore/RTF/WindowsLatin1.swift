/// Windows Latin 1 (code page 1252), the code page of most RTF documents and
/// the one any other is read as when the system cannot convert it.
///
/// Latin 1 but for 0x80-0x9F, where it has typographic characters; the five
/// bytes it leaves undefined become the replacement character, as glibc's
/// converter has them.
enum WindowsLatin1 {
    /// The characters of 0x80-0x9F; 0xFFFD for the undefined bytes.
    private static let upperControls: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]

    /// The character `byte` stands for.
    static func scalarValue(of byte: UInt8) -> UInt32 {
        (0x80...0x9F).contains(byte) ? upperControls[Int(byte - 0x80)] : UInt32(byte)
    }

    /// Appends the UTF-8 form of `bytes` to `utf8`.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into utf8: inout [UInt8]) {
        utf8.reserveCapacity(utf8.count + bytes.count * 2)
        for byte in bytes {
            if byte < 0x80 {
                utf8.append(byte)
            } else {
                RTFUTF8.append(scalarValue(of: byte), to: &utf8)
            }
        }
    }
}
