// Shared by every fuzz target (compiled into each harness binary).
//
// Besides crashes, hangs and memory blow-ups (which libFuzzer and ASan
// catch), every target checks what the renderer produced against the
// issue's rule that rendered content never runs script: only the renderer's
// own tags and attributes, no event handlers, links only to safe schemes,
// images only from the resolver or `data:image/`, no `url(` in styles.
// A violation is reported with fatalError, which libFuzzer records as a crash.
import GalleyCore

/// Copies libFuzzer's buffer into the `[UInt8]` the readers take.
@inline(__always)
func fuzzBytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
    Array(UnsafeBufferPointer(start: data, count: size))
}

/// A context whose resolvers find some names and not others, so both the
/// image and the missing-image paths run; URLs carry the name unescaped to
/// check that the renderer escapes what it is given.
func fuzzRenderContext(schema: ContentSchema = .seed) -> RenderContext {
    RenderContext(
        schema: schema,
        resolveAsset: { name in
            name.utf8.count % 3 == 0 ? nil : ResolvedImage(url: "/asset/" + name, width: name.utf8.count % 2 == 0 ? 40 : nil, height: 30)
        },
        resolveFile: { name in
            switch name.utf8.count % 3 {
            case 0: return nil
            case 1: return ResolvedImage(url: "/file/" + name, width: 10, height: 20)
            default: return ResolvedImage(url: "/file/" + name, placeholder: "PDF " + name)
            }
        }
    )
}

/// How many bytes of HTML one byte of input may become before it counts as
/// a blow-up (an empty RTF paragraph, 5 bytes, renders to about 110).
let amplificationLimit = 200

/// Renders `document` (read from `inputSize` bytes) and checks the HTML.
func renderAndCheck(_ document: Document, schema: ContentSchema = .seed, inputSize: Int) {
    let rendered = HTMLRenderer(context: fuzzRenderContext(schema: schema)).render(document)
    if rendered.html.utf8.count > amplificationLimit * inputSize + 65_536 {
        fatalError("ORACLE: \(inputSize) bytes rendered to \(rendered.html.utf8.count) bytes of HTML (\(document.blocks.count) blocks)")
    }
    checkRenderedHTML(rendered.html)
    if rendered.blockIDs.count != document.blocks.count {
        fatalError("ORACLE: \(rendered.blockIDs.count) block ids for \(document.blocks.count) blocks")
    }
}

private let allowedTags: Set<String> = [
    "article", "header", "h1", "div", "p", "span", "a", "img", "table", "tr", "td",
    "hr", "br", "b", "i", "u", "s", "sup", "sub",
]
private let allowedAttributes: Set<String> = [
    "class", "id", "data-kind", "data-line", "data-column", "data-line-offset", "data-column-offset", "dir", "style",
    "href", "rel", "target", "src", "width", "height", "alt",
]
private let allowedSchemes: Set<String> = ["http", "https", "mailto", "tel"]

private func violation(_ message: String, _ html: [UInt8], at offset: Int) -> Never {
    let start = max(0, offset - 120)
    let end = min(html.count, offset + 200)
    let excerpt = String(decoding: html[start..<end], as: UTF8.self)
    fatalError("ORACLE: \(message) near byte \(offset): …\(excerpt)…")
}

/// Undoes HTMLEscaping (and the numeric forms a browser would also decode).
private func unescape(_ value: String) -> String {
    guard value.utf8.contains(UInt8(ascii: "&")) else { return value }
    var result = ""
    var rest = Substring(value)
    while let amp = rest.firstIndex(of: "&") {
        result += rest[..<amp]
        rest = rest[amp...]
        guard let semi = rest.firstIndex(of: ";"), rest.distance(from: rest.startIndex, to: semi) <= 10 else {
            result += "&"
            rest = rest.dropFirst()
            continue
        }
        let name = rest[rest.index(after: rest.startIndex)..<semi]
        var decoded: String?
        switch name {
        case "amp": decoded = "&"
        case "lt": decoded = "<"
        case "gt": decoded = ">"
        case "quot": decoded = "\""
        case "apos": decoded = "'"
        default:
            if name.hasPrefix("#x") || name.hasPrefix("#X"), let v = UInt32(name.dropFirst(2), radix: 16), let s = Unicode.Scalar(v) {
                decoded = String(s)
            } else if name.hasPrefix("#"), let v = UInt32(name.dropFirst()), let s = Unicode.Scalar(v) {
                decoded = String(s)
            }
        }
        if let decoded {
            result += decoded
            rest = rest[rest.index(after: semi)...]
        } else {
            result += "&"
            rest = rest.dropFirst()
        }
    }
    return result + rest
}

/// The scheme a browser would see in an href, lowercased, or nil for a relative URL.
private func browserScheme(_ href: String) -> String? {
    // WHATWG URL: strip leading/trailing C0 controls and spaces, remove tab/LF/CR anywhere.
    var scalars = Array(href.unicodeScalars)
    while let f = scalars.first, f.value <= 0x20 { scalars.removeFirst() }
    while let l = scalars.last, l.value <= 0x20 { scalars.removeLast() }
    scalars.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
    guard let first = scalars.first, first.isASCII, first.properties.isAlphabetic else { return nil }
    var scheme = ""
    for s in scalars {
        if s == ":" { return scheme.lowercased() }
        guard s.isASCII, s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "+" || s == "-" || s == "." else { return nil }
        scheme.unicodeScalars.append(s)
    }
    return nil
}

// Searches go through `utf8`: Foundation's `contains` (NSString under the hood) made the oracle, not the
// reader, the slow part of an RTF run, at one execution a second.

/// Strips CSS string literals, so a quoted font name "url(x)" is not mistaken for a url().
private func outsideCSSStrings(_ css: String) -> String {
    var out = ""
    var quote: Character?
    for c in css {
        if let q = quote {
            if c == q { quote = nil }
            continue
        }
        if c == "\"" || c == "'" {
            quote = c
            continue
        }
        out.append(c)
    }
    return out
}

private func checkAttribute(_ name: String, _ rawValue: String, _ html: [UInt8], at offset: Int) {
    guard allowedAttributes.contains(name) else { violation("attribute '\(name)' is not one the renderer writes", html, at: offset) }
    let value = unescape(rawValue)
    switch name {
    case "href":
        if let scheme = browserScheme(value), !allowedSchemes.contains(scheme) {
            violation("link with scheme '\(scheme)'", html, at: offset)
        }
    case "src":
        // Byte-wise: a combining mark after the slash (U+0619) would fail a grapheme-wise hasPrefix.
        if !(value.hasBytePrefix("/asset/") || value.hasBytePrefix("/file/") || value.hasBytePrefix("data:image/")) {
            violation("image source '\(value.prefix(60))'", html, at: offset)
        }
    case "style":
        let css = outsideCSSStrings(value).lowercased().filter { !$0.isWhitespace }
        for bad in ["url(", "expression(", "@import", "javascript:", "</", "<"] where css.utf8.firstRange(of: bad.utf8) != nil {
            violation("style contains '\(bad)'", html, at: offset)
        }
    default:
        break
    }
}

/// Checks that `html` is made only of the renderer's tags and attributes,
/// every attribute double-quoted, and nothing that could run script.
func checkRenderedHTML(_ html: String) {
    let bytes = Array(html.utf8)
    var i = 0
    let n = bytes.count
    func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D
    }
    while i < n {
        let b = bytes[i]
        if b == UInt8(ascii: ">") { violation("stray '>' in text", bytes, at: i) }
        guard b == UInt8(ascii: "<") else {
            i += 1
            continue
        }
        let tagStart = i
        i += 1
        if i < n, bytes[i] == UInt8(ascii: "/") { i += 1 }
        let nameStart = i
        while i < n, isNameByte(bytes[i]) { i += 1 }
        let tag = String(decoding: bytes[nameStart..<i], as: UTF8.self).lowercased()
        guard allowedTags.contains(tag) else { violation("tag '<\(tag)' is not one the renderer writes", bytes, at: tagStart) }
        // Attributes: name="value", separated by single spaces, until '>'.
        while true {
            guard i < n else { violation("unterminated tag", bytes, at: tagStart) }
            if bytes[i] == UInt8(ascii: ">") {
                i += 1
                break
            }
            guard bytes[i] == UInt8(ascii: " ") else { violation("unexpected byte \(bytes[i]) in tag", bytes, at: i) }
            i += 1
            let attrStart = i
            while i < n, isNameByte(bytes[i]) { i += 1 }
            let name = String(decoding: bytes[attrStart..<i], as: UTF8.self).lowercased()
            guard i + 1 < n, bytes[i] == UInt8(ascii: "="), bytes[i + 1] == UInt8(ascii: "\"") else {
                violation("attribute '\(name)' without a double-quoted value", bytes, at: attrStart)
            }
            i += 2
            let valueStart = i
            while i < n, bytes[i] != UInt8(ascii: "\"") {
                if bytes[i] == UInt8(ascii: "<") || bytes[i] == UInt8(ascii: ">") {
                    violation("raw '\(Character(Unicode.Scalar(bytes[i])))' in attribute value", bytes, at: i)
                }
                i += 1
            }
            guard i < n else { violation("unterminated attribute value", bytes, at: attrStart) }
            checkAttribute(name, String(decoding: bytes[valueStart..<i], as: UTF8.self), bytes, at: attrStart)
            i += 1
        }
    }
}

/// Checks a diagnostic points inside the file (line ≥ 1, column ≥ 1).
/// A data file's reading, JSON or property list: every diagnostic checked, every item rendered and checked.
func checkDataFile(_ reading: DataFileReading, inputSize: Int) {
    switch reading {
    case .items(let items, let fileDiagnostics):
        checkDiagnostics(fileDiagnostics)
        for item in items {
            checkDiagnostics(item.diagnostics)
            renderAndCheck(item.document, inputSize: inputSize)
        }
    case .notContent:
        break
    case .invalid(let diagnostic):
        checkDiagnostics([diagnostic])
    }
}

func checkDiagnostics(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics {
        if diagnostic.location.line < 1 || diagnostic.location.column < 1 {
            fatalError("ORACLE: diagnostic at \(diagnostic.location.line):\(diagnostic.location.column): \(diagnostic.message)")
        }
        _ = diagnostic.formatted
    }
}
