/// Decides what an `<img src>` may show: a file next to the document or
/// pixels embedded in a `data:` URL. Nothing is ever fetched from elsewhere.
enum HTMLImageSource {
    enum Resolution: Equatable {
        case image(ImageBlock.Source)
        /// Not shown, for this reason.
        case refused(HTMLImageRefusal)
    }

    /// The raster types browsers show from `data:` URLs; SVG is left out because it can carry script.
    private static let embeddableTypes: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/webp"]

    static func resolve(_ source: String) -> Resolution {
        // URL parsers drop tabs and line breaks anywhere and spaces at the ends.
        let url = String(source.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }).trimmingSpaces
        if url.isEmpty { return .refused(.noSource) }
        // Bytes, not characters: a combining mark after a slash must not hide it.
        let slashes: Set<UInt8> = [UInt8(ascii: "/"), UInt8(ascii: "\\")]
        let lead = Array(url.utf8.prefix(2))
        if lead.count == 2, slashes.contains(lead[0]), slashes.contains(lead[1]) {
            return .refused(.remote(url: url))
        }
        if let scheme = scheme(of: url) {
            switch scheme {
            case "data": return embedded(url)
            case "http", "https", "ftp": return .refused(.remote(url: url))
            default: return .refused(.otherScheme(url: url))
            }
        }
        if let first = lead.first, slashes.contains(first) {
            return .refused(.absolutePath(url: url))
        }
        var path = Substring(url)
        if let end = path.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            path = Substring(String(decoding: path.utf8[..<end], as: UTF8.self))
        }
        let file = percentDecoded(String(path)).replacing("\\", with: "/")
        return file.isEmpty ? .refused(.noSource) : .image(.file(file))
    }

    /// `data:image/png;base64,…`; other encodings and types are refused.
    private static func embedded(_ url: String) -> Resolution {
        guard let comma = url.firstIndex(of: ",") else { return .refused(.embeddedWithoutData) }
        let header = url[url.index(url.startIndex, offsetBy: 5)..<comma].lowercased()
        let parameters = header.split(separator: ";").map { $0.trimmingAny(of: " ") }
        let mimeType = parameters.first ?? ""
        guard embeddableTypes.contains(mimeType) else {
            return .refused(.embeddedType(mimeType: mimeType))
        }
        guard parameters.contains("base64") else { return .refused(.embeddedNotBase64) }
        guard let bytes = Base64Decoding.decode(url[url.index(after: comma)...].utf8), !bytes.isEmpty else {
            return .refused(.embeddedInvalidBase64)
        }
        return .image(.embedded(mimeType: mimeType, bytes: bytes))
    }

    /// The scheme of an absolute URL, lowercased; nil for a relative one.
    static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":"), let first = url.first, first.isASCII, first.isLetter else { return nil }
        let candidate = url[..<colon]
        let isScheme = candidate.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
        return isScheme ? candidate.lowercased() : nil
    }

    private static func percentDecoded(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = Character(Unicode.Scalar(utf8[index + 1])).hexDigitValue,
                let low = Character(Unicode.Scalar(utf8[index + 2])).hexDigitValue
            {
                bytes.append(UInt8(high << 4 | low))
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
