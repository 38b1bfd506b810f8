import GalleyCore
import GalleySystem

/// The messages between `galley lsp` and a running `galley serve` on the
/// daemon's Unix socket. Each request is one JSON line; a `set` is followed
/// by `length` raw bytes of text (no escaping of a 1 MB buffer on every
/// keystroke). Each request gets one JSON line back.
///
/// - `{"op":"hello"}` → `{"root": real path, "url": page origin}`
/// - `{"op":"set","path":P,"version":V,"length":N}` + N bytes → `{"diagnostics":[…],"pages":[…]}`,
///   or `{"sameDiagnostics":true,"pages":[…]}` when the diagnostics are those the
///   connection's last reply for P carried; V is the editor's count of the texts
///   it sent, so that later edits can name it
/// - `{"op":"edit","path":P,"base":B,"version":V,"start":S,"end":E,"length":N}` + N bytes:
///   bytes S..<E of text B become the N bytes → the same reply, or `{"stale":true}`
///   when the daemon does not hold B (the editor then sends the whole text)
/// - `{"op":"drop","path":P}` → the same, now from the file on disk
/// - `{"op":"vocabulary"}` → `{"tags":[…],"imageKey":K,"assets":[{"name","file","url","definition"}],`
///   `"strings":[{"key","values":[{"language","text","path","line","column"}]}]}`
/// - `{"op":"follow","path":P,"line":L}` → `{}`; pages that follow the editor scroll there
/// - `{"op":"listen"}` → no reply; from then on the connection carries
///   `{"event":"show","path":P,"line":L,"column":C}` for each Alt/Ctrl-click on a block
enum BufferLinkProtocol {
    /// Largest buffer a daemon takes, as for files on disk.
    static let maximumLength = ContentFolder.maximumFileSize

    enum Request: Equatable {
        case hello
        case set(path: RelativePath, version: Int, length: Int)
        case edit(path: RelativePath, base: Int, version: Int, range: Range<Int>, length: Int)
        case drop(path: RelativePath)
        case vocabulary
        case listen
        case follow(path: RelativePath, line: Int)

        /// How many bytes follow the request's line: a `set`'s text, an `edit`'s replacement.
        var payloadLength: Int {
            switch self {
            case .set(_, _, let length), .edit(_, _, _, _, let length): return length
            case .hello, .drop, .vocabulary, .follow, .listen: return 0
            }
        }
    }

    static func parse(_ line: [UInt8]) -> Request? {
        guard case .success(let json) = JSONReader.parse(line), let op = json.member("op")?.value.stringValue else { return nil }
        // Only a clean relative path names a file: never one that leaves the folder.
        let path = json.member("path")?.value.stringValue.flatMap { SafePath.isClean($0) ? RelativePath(rawValue: $0) : nil }
        func integer(_ key: String) -> Int? {
            guard case .number(let value)? = json.member(key)?.value.value, value >= 0, value <= Double(Int32.max), value == value.rounded()
            else { return nil }
            return Int(value)
        }
        switch op {
        case "hello": return .hello
        case "set":
            guard let path, let version = integer("version"), let length = integer("length"), length <= maximumLength else { return nil }
            return .set(path: path, version: version, length: length)
        case "edit":
            guard let path, let base = integer("base"), let version = integer("version"),
                let start = integer("start"), let end = integer("end"), start <= end, end <= maximumLength,
                let length = integer("length"), length <= maximumLength
            else { return nil }
            return .edit(path: path, base: base, version: version, range: start..<end, length: length)
        case "drop":
            guard let path else { return nil }
            return .drop(path: path)
        case "vocabulary": return .vocabulary
        case "listen": return .listen
        case "follow":
            guard let path, let line = integer("line") else { return nil }
            return .follow(path: path, line: line)
        default: return nil
        }
    }

    static func header(_ request: Request) -> [UInt8] {
        line { json in
            switch request {
            case .hello: json.field("op", "hello")
            case .set(let path, let version, let length):
                json.field("op", "set")
                json.field("path", path.rawValue)
                json.field("version", version)
                json.field("length", length)
            case .edit(let path, let base, let version, let range, let length):
                json.field("op", "edit")
                json.field("path", path.rawValue)
                json.field("base", base)
                json.field("version", version)
                json.field("start", range.lowerBound)
                json.field("end", range.upperBound)
                json.field("length", length)
            case .drop(let path):
                json.field("op", "drop")
                json.field("path", path.rawValue)
            case .vocabulary: json.field("op", "vocabulary")
            case .listen: json.field("op", "listen")
            case .follow(let path, let line):
                json.field("op", "follow")
                json.field("path", path.rawValue)
                json.field("line", line)
            }
        }
    }

    /// One JSON object, written by `fields`, and a line break.
    static func line(_ fields: (inout JSONWriter) -> Void) -> [UInt8] {
        var json = JSONWriter()
        json.beginObject()
        fields(&json)
        json.endObject()
        return json.bytes + [0x0A]
    }

    /// The answer to an `edit` of a text the daemon does not hold.
    static let staleReply = line { $0.field("stale", true) }

    /// The state of a file; its diagnostics are `"sameDiagnostics":true`
    /// when they are `told`, what this connection was last told of the file
    /// (a large file's 200 warnings, written and read back at every
    /// keystroke, cost the two processes 7 M instructions).
    static func reply(_ state: PreviewFileState, sent: [Diagnostic]? = nil) -> [UInt8] {
        line { json in
            if state.diagnostics == sent {
                json.field("sameDiagnostics", true)
            } else {
                json.key("diagnostics")
                json.beginArray()
                for diagnostic in state.diagnostics {
                    json.beginObject()
                    diagnostic.writeFields(into: &json)
                    json.endObject()
                }
                json.endArray()
            }
            json.key("pages")
            json.beginArray()
            for page in state.pages { json.string(page) }
            json.endArray()
        }
    }

    static func reply(_ vocabulary: EditorVocabulary) -> [UInt8] {
        line { json in
            json.key("tags")
            json.beginArray()
            for tag in vocabulary.tags { json.string(tag) }
            json.endArray()
            json.field("imageKey", vocabulary.imageKey)
            json.key("assets")
            json.beginArray()
            for asset in vocabulary.assets {
                json.beginObject()
                json.field("name", asset.name)
                json.field("file", asset.file.rawValue)
                json.field("url", asset.url)
                json.field("definition", asset.definition.rawValue)
                json.endObject()
            }
            json.endArray()
            json.key("strings")
            json.beginArray()
            for string in vocabulary.strings {
                json.beginObject()
                json.field("key", string.key)
                json.key("values")
                json.beginArray()
                for value in string.values {
                    json.beginObject()
                    json.field("language", value.language)
                    json.field("text", value.text)
                    json.field("path", value.path.rawValue)
                    json.field("line", value.location.line)
                    json.field("column", value.location.column)
                    json.endObject()
                }
                json.endArray()
                json.endObject()
            }
            json.endArray()
        }
    }

    static func parseVocabulary(_ line: [UInt8]) -> EditorVocabulary? {
        guard case .success(let json) = JSONReader.parse(line), let imageKey = json.member("imageKey")?.value.stringValue else {
            return nil
        }
        let tags = json.member("tags")?.value.arrayValue?.compactMap(\.stringValue) ?? []
        let assets = (json.member("assets")?.value.arrayValue ?? []).compactMap { node -> EditorVocabulary.Asset? in
            guard let name = node.member("name")?.value.stringValue, let file = node.member("file")?.value.stringValue,
                let url = node.member("url")?.value.stringValue, let definition = node.member("definition")?.value.stringValue,
                SafePath.isClean(file), SafePath.isClean(definition)
            else { return nil }
            return EditorVocabulary.Asset(
                name: name, file: RelativePath(rawValue: file), url: url, definition: RelativePath(rawValue: definition))
        }
        let strings = (json.member("strings")?.value.arrayValue ?? []).compactMap { node -> EditorVocabulary.StringKey? in
            guard let key = node.member("key")?.value.stringValue else { return nil }
            let values = (node.member("values")?.value.arrayValue ?? []).compactMap { value -> EditorVocabulary.StringKey.Value? in
                guard let language = value.member("language")?.value.stringValue, let text = value.member("text")?.value.stringValue,
                    let path = value.member("path")?.value.stringValue, SafePath.isClean(path),
                    case .number(let line)? = value.member("line")?.value.value, line >= 1, line < 1e9,
                    case .number(let column)? = value.member("column")?.value.value, column >= 1, column < 1e9
                else { return nil }
                return EditorVocabulary.StringKey.Value(
                    language: language, text: text, path: RelativePath(rawValue: path),
                    location: SourceLocation(line: Int(line), column: Int(column)))
            }
            return EditorVocabulary.StringKey(key: key, values: values)
        }
        return EditorVocabulary(tags: tags, imageKey: imageKey, assets: assets, strings: strings)
    }

    static func showEvent(path: String, line: Int, column: Int) -> [UInt8] {
        Self.line { json in
            json.field("event", "show")
            json.field("path", path)
            json.field("line", line)
            json.field("column", column)
        }
    }

    static func parseShowEvent(_ line: [UInt8]) -> (path: RelativePath, line: Int, column: Int)? {
        guard case .success(let json) = JSONReader.parse(line), json.member("event")?.value.stringValue == "show",
            let path = json.member("path")?.value.stringValue, SafePath.isClean(path),
            case .number(let number)? = json.member("line")?.value.value, number >= 1, number < 1e9,
            case .number(let column)? = json.member("column")?.value.value, column >= 1, column < 1e9
        else { return nil }
        return (RelativePath(rawValue: path), Int(number), Int(column))
    }

    /// What the daemon says about a file after a `set`, `edit` or `drop`;
    /// nil for `{"stale":true}` as for a line it could not read.
    /// The state in a reply; `told` is what this connection was last told of the file.
    static func parseReply(_ line: [UInt8], sent: [Diagnostic]? = nil) -> PreviewFileState? {
        guard case .success(let json) = JSONReader.parse(line) else { return nil }
        let diagnostics: [Diagnostic]
        if case .bool(true)? = json.member("sameDiagnostics")?.value.value, let sent {
            diagnostics = sent
        } else if let entries = json.member("diagnostics")?.value.arrayValue {
            diagnostics = entries.compactMap(Diagnostic.init(json:))
        } else {
            return nil
        }
        let pages = json.member("pages")?.value.arrayValue?.compactMap(\.stringValue) ?? []
        return PreviewFileState(diagnostics: diagnostics, pages: pages)
    }
}
