/// Windows code page numbers as RTF names them, and how iconv spells them.
enum RTFCodePage {
    static let windowsLatin1 = 1252
    static let utf8 = 65001
    /// Not a real code page: bytes of a Symbol or Wingdings font, which map to glyphs, not letters.
    static let symbol = -2

    /// The code page a `\fcharsetN` value selects; nil for the document default (`\fcharset1`) or unknown values.
    static func forCharacterSet(_ characterSet: Int) -> Int? {
        switch characterSet {
        case 0: return 1252
        case 2: return symbol
        case 77: return 10000
        case 78: return 10001
        case 79: return 10003
        case 80: return 10008
        case 81: return 10002
        case 128: return 932
        case 129: return 949
        case 130: return 1361
        case 134: return 936
        case 136: return 950
        case 161: return 1253
        case 162: return 1254
        case 163: return 1258
        case 177: return 1255
        case 178: return 1256
        case 186: return 1257
        case 204: return 1251
        case 222: return 874
        case 238: return 1250
        case 254: return 437
        case 255: return 850
        default: return nil
        }
    }

    /// The iconv name for a code page, or nil when glibc has no converter for it.
    static func iconvName(_ codePage: Int) -> String? {
        switch codePage {
        case 437, 850, 852, 855, 857, 860, 861, 862, 863, 864, 865, 866, 869, 874, 932, 936, 949, 950,
             1250, 1251, 1252, 1253, 1254, 1255, 1256, 1257, 1258:
            return "CP\(codePage)"
        case 1361: return "JOHAB"
        case 10000: return "MACINTOSH"
        // Mac Japanese, Chinese and Korean are Shift-JIS, Big5, EUC-CN and EUC-KR with Apple additions.
        case 10001: return "CP932"
        case 10002: return "CP950"
        case 10003: return "CP949"
        case 10008: return "GBK"
        case 10007: return "MAC-CYRILLIC"
        case 10017: return "MACUKRAINIAN"
        case 10029: return "MAC-CENTRALEUROPE"
        case 10079: return "MAC-IS"
        case 20127: return "ASCII"
        case 20866: return "KOI8-R"
        case 21866: return "KOI8-U"
        case 20932: return "EUC-JP"
        case 28591...28599: return "ISO-8859-\(codePage - 28590)"
        case 28603: return "ISO-8859-13"
        case 28605: return "ISO-8859-15"
        case 50220, 50221, 50222: return "ISO-2022-JP"
        case 51932: return "EUC-JP"
        case 51936: return "EUC-CN"
        case 51949: return "EUC-KR"
        case 54936: return "GB18030"
        case utf8: return "UTF-8"
        default: return nil
        }
    }

    /// Whether bytes below 0x80 always mean ASCII in this code page, so they need no conversion.
    static func isASCIICompatible(_ codePage: Int) -> Bool {
        switch codePage {
        case 50220, 50221, 50222, 1361, symbol: return false
        default: return true
        }
    }
}
