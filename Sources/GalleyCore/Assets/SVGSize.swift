/// An SVG's intrinsic size from its root element: `width` and `height` in
/// pixels (or unitless), else the `viewBox`. Only the start tag is read.
enum SVGSize {
    static func read(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        let header = HeaderBytes(bytes)
        guard let start = header.find(Array("<svg".utf8), from: 0, before: 4096) else { return nil }
        let end = header.find(Array(">".utf8), from: start, before: start + 4096) ?? min(bytes.count, start + 4096)
        let tag = String(decoding: bytes[start..<end], as: UTF8.self)
        let attributes = attributes(of: tag)
        if let width = attributes["width"].flatMap(pixels), let height = attributes["height"].flatMap(pixels) {
            return (width, height)
        }
        let box = (attributes["viewBox"] ?? "").split(whereSeparator: { $0 == " " || $0 == "," || $0.isNewline || $0 == "\t" }).compactMap {
            Double($0)
        }
        guard box.count == 4, box[2].isFinite, box[3].isFinite, box[2] > 0, box[3] > 0, box[2] < 1e6, box[3] < 1e6 else { return nil }
        return (Int(box[2].rounded(.up)), Int(box[3].rounded(.up)))
    }

    /// A length in CSS pixels; percentages and relative units have no intrinsic size.
    private static func pixels(_ value: String) -> Int? {
        let trimmed = value.filter { $0 != " " }
        let number = trimmed.hasSuffix("px") ? String(trimmed.dropLast(2)) : trimmed
        guard let length = Double(number), length.isFinite, length > 0, length < 1e6 else { return nil }
        return Int(length.rounded(.up))
    }

    private static func attributes(of tag: String) -> [String: String] {
        var found: [String: String] = [:]
        var rest = Substring(tag)
        while let equals = rest.firstIndex(of: "=") {
            let name = rest[..<equals].split(whereSeparator: { $0 == " " || $0.isNewline || $0 == "\t" }).last.map(String.init) ?? ""
            let afterEquals = rest[rest.index(after: equals)...].drop { $0 == " " }
            guard let quote = afterEquals.first, quote == "\"" || quote == "'" else {
                rest = afterEquals
                continue
            }
            let valueStart = afterEquals.index(after: afterEquals.startIndex)
            guard let close = afterEquals[valueStart...].firstIndex(of: quote) else { break }
            if found[name] == nil { found[name] = String(afterEquals[valueStart..<close]) }
            rest = afterEquals[afterEquals.index(after: close)...]
        }
        return found
    }
}
