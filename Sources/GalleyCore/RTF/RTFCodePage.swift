/// Windows code page numbers as RTF names them.
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

    /// Whether bytes below 0x80 always mean ASCII in this code page, so they need no conversion.
    static func isASCIICompatible(_ codePage: Int) -> Bool {
        switch codePage {
        case 50220, 50221, 50222, 1361, symbol: return false
        default: return true
        }
    }
}
