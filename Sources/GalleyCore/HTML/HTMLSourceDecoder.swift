/// Turns the bytes of an HTML file into UTF-8, following its byte order mark or `<meta charset>`.
///
/// The tokenizer then only ever sees valid UTF-8, so offsets into the result
/// give the line and column an editor shows (line breaks survive transcoding).
enum HTMLSourceDecoder {
    struct Decoded {
        var utf8: [UInt8]
        var problems: [HTMLTokenizerProblem]
    }

    /// Browsers look for `<meta charset>` only this far into the file.
    static let prescanLength = 1_024

    static func decode(_ bytes: [UInt8], converters: (any CodePageConverting)?) -> Decoded {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return repairedUTF8(Array(bytes.dropFirst(3))) }
        if bytes.starts(with: [0xFF, 0xFE]) { return Decoded(utf8: utf16(bytes.dropFirst(2), bigEndian: false), problems: []) }
        if bytes.starts(with: [0xFE, 0xFF]) { return Decoded(utf8: utf16(bytes.dropFirst(2), bigEndian: true), problems: []) }
        guard let declaration = declaredCharacterSet(in: bytes) else { return repairedUTF8(bytes) }
        switch codePage(forLabel: declaration.label) {
        case .some(RTFCodePage.utf8):
            return repairedUTF8(bytes)
        case .some(let codePage):
            var decoder = RTFTextDecoder(converters: converters)
            var utf8: [UInt8] = []
            utf8.reserveCapacity(bytes.count + bytes.count / 2)
            bytes.withUnsafeBufferPointer { decoder.decode($0, codePage: codePage, into: &utf8) }
            var problems: [HTMLTokenizerProblem] = []
            if !decoder.substitutedCodePages.isEmpty {
                problems.append(
                    HTMLTokenizerProblem(
                        id: .unsupportedContent, message: "charset '\(declaration.label)' is not supported here; read as Windows-1252",
                        offset: declaration.offset))
            }
            return Decoded(utf8: utf8, problems: problems)
        case nil:
            var decoded = repairedUTF8(bytes)
            decoded.problems.insert(
                HTMLTokenizerProblem(
                    id: .unsupportedContent, message: "unknown charset '\(declaration.label)'; read as UTF-8", offset: declaration.offset),
                at: 0)
            return decoded
        }
    }

    /// The `charset` of the first `<meta>` near the start that names one, and where that tag is.
    private static func declaredCharacterSet(in bytes: [UInt8]) -> (label: String, offset: Int)? {
        var tokenizer = HTMLTokenizer(bytes: Array(bytes.prefix(prescanLength)))
        while true {
            switch tokenizer.next() {
            case .endOfInput:
                return nil
            case .startTag(let tag) where tag.name == "meta":
                if let charset = tag.value(of: "charset") { return (charset.trimmingSpaces.lowercased(), tag.offset) }
                if tag.value(of: "http-equiv")?.trimmingSpaces.lowercased() == "content-type",
                    let content = tag.value(of: "content"), let charset = characterSet(inContentType: content)
                {
                    return (charset, tag.offset)
                }
            default:
                continue
            }
        }
    }

    /// The charset parameter of a `Content-Type` value such as `text/html; charset="shift_jis"`.
    private static func characterSet(inContentType content: String) -> String? {
        let lowered = content.lowercased()
        guard let range = lowered.firstRange(of: "charset") else { return nil }
        var rest = lowered[range.upperBound...].drop { $0 == " " }
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop { $0 == " " || $0 == "\"" || $0 == "'" }
        let label = rest.prefix { $0 != ";" && $0 != "\"" && $0 != "'" && $0 != " " }
        return label.isEmpty ? nil : String(label)
    }

    /// The code page `RTFTextDecoder` converts for an encoding label, after the WHATWG Encoding Standard's aliases.
    static func codePage(forLabel label: String) -> Int? {
        if label.hasPrefix("windows-125"), let digit = Int(label.dropFirst(11)), label.count == 12 { return 1250 + digit }
        if label.hasPrefix("cp125"), let digit = Int(label.dropFirst(5)), label.count == 6 { return 1250 + digit }
        switch label {
        // A UTF-16 declaration inside an ASCII-compatible file cannot be true; browsers read UTF-8.
        case "utf-8", "utf8", "unicode-1-1-utf-8", "utf-16", "utf-16le", "utf-16be":
            return RTFCodePage.utf8
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1", "ascii", "us-ascii", "cp819", "ibm819":
            return 1252
        case "shift_jis", "shift-jis", "sjis", "ms_kanji", "x-sjis", "windows-31j", "csshiftjis", "ms932":
            return 932
        case "euc-jp", "x-euc-jp", "cseucpkdfmtjapanese": return 51932
        case "iso-2022-jp", "csiso2022jp": return 50220
        case "gb2312", "gbk", "x-gbk", "chinese", "csgb2312", "iso-ir-58", "gb_2312-80", "cp936", "windows-936": return 936
        case "gb18030": return 54936
        case "big5", "big5-hkscs", "cn-big5", "x-x-big5", "csbig5", "cp950": return 950
        case "euc-kr", "ks_c_5601-1987", "korean", "windows-949", "cp949", "csksc56011987": return 949
        case "koi8-r", "koi8", "koi", "cskoi8r": return 20866
        case "koi8-u", "koi8-ru": return 21866
        case "macintosh", "mac", "x-mac-roman", "csmacintosh": return 10000
        case "x-mac-cyrillic", "x-mac-ukrainian": return 10007
        case "ibm866", "cp866", "866", "csibm866": return 866
        case "windows-874", "tis-620", "iso-8859-11", "dos-874": return 874
        case "iso-8859-13": return 28603
        case "iso-8859-15", "latin9", "l9": return 28605
        default:
            for prefix in ["iso-8859-", "iso8859-", "iso_8859-"] where label.hasPrefix(prefix) {
                if let part = Int(label.dropFirst(prefix.count)), (2...9).contains(part) { return 28590 + part }
            }
            return nil
        }
    }

    /// `bytes` with every invalid UTF-8 sequence replaced by U+FFFD, noting the first one.
    private static func repairedUTF8(_ bytes: [UInt8]) -> Decoded {
        guard let firstInvalid = firstInvalidUTF8Offset(bytes) else { return Decoded(utf8: bytes, problems: []) }
        let repaired = Array(String(decoding: bytes, as: UTF8.self).utf8)
        let problem = HTMLTokenizerProblem(
            id: .unreadableFile, message: "invalid UTF-8 bytes are shown as '\u{FFFD}'; declare the file's encoding with '<meta charset>'",
            offset: firstInvalid)
        return Decoded(utf8: repaired, problems: [problem])
    }

    private static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let first = UInt16(bytes[index])
            let second = UInt16(bytes[index + 1])
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}
