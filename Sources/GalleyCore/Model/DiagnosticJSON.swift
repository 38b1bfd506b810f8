/// How a diagnostic is told in JSON: the one form the page's API,
/// `check --json` and the daemon's editor link share.
///
/// `{"path", "line", "column", "endLine", "endColumn", "severity", "id",
/// "message", "fixIts": [{"message", "edits": [{"line", "column",
/// "endLine", "endColumn", "text"}]}]}`, and `"lineCounts"` for a
/// diagnostic that has them.
extension Diagnostic {
    package func writeFields(into json: inout JSONWriter) {
        writeFields(into: &json, naming: path.rawValue)
    }

    /// The same fields with the file named `file`: as `galley check` names
    /// it, from where it runs.
    package func writeFields(into json: inout JSONWriter, naming file: String) {
        json.field("path", file)
        Self.write(range, into: &json)
        json.field("severity", severity.rawValue)
        json.field("id", id.rawValue)
        json.field("message", message)
        json.key("fixIts")
        json.beginArray()
        for fixIt in fixIts {
            json.beginObject()
            json.field("message", fixIt.message)
            json.key("edits")
            json.beginArray()
            for edit in fixIt.edits {
                json.beginObject()
                Self.write(edit.range, into: &json)
                json.field("text", edit.replacement)
                json.endObject()
            }
            json.endArray()
            json.endObject()
        }
        json.endArray()
        if !lineCounts.isEmpty {
            json.key("lineCounts")
            json.beginArray()
            for count in lineCounts { json.number(count) }
            json.endArray()
        }
    }

    private static func write(_ range: SourceRange, into json: inout JSONWriter) {
        json.field("line", range.start.line)
        json.field("column", range.start.column)
        json.field("endLine", range.end.line)
        json.field("endColumn", range.end.column)
    }

    /// The diagnostic `writeFields` wrote, or nil for anything else.
    package init?(json node: JSONNode) {
        guard let path = node.member("path")?.value.stringValue, let message = node.member("message")?.value.stringValue,
            let severity = node.member("severity")?.value.stringValue.flatMap(Severity.init(rawValue:)),
            let id = node.member("id")?.value.stringValue.flatMap(DiagnosticID.init(rawValue:)),
            let range = Self.range(in: node)
        else { return nil }
        var fixIts: [FixIt] = []
        for fixIt in node.member("fixIts")?.value.arrayValue ?? [] {
            guard let fixMessage = fixIt.member("message")?.value.stringValue else { return nil }
            var edits: [TextEdit] = []
            for edit in fixIt.member("edits")?.value.arrayValue ?? [] {
                guard let editRange = Self.range(in: edit), let text = edit.member("text")?.value.stringValue else { return nil }
                edits.append(TextEdit(range: editRange, replacement: text))
            }
            fixIts.append(FixIt(message: fixMessage, edits: edits))
        }
        self.init(path: RelativePath(rawValue: path), id: id, range: range, severity: severity, message: message, fixIts: fixIts)
        for count in node.member("lineCounts")?.value.arrayValue ?? [] {
            guard case .number(let value) = count.value, value >= 0, value < 1e9, value == value.rounded() else { return nil }
            lineCounts.append(Int(value))
        }
    }

    private static func range(in node: JSONNode) -> SourceRange? {
        func position(_ key: String) -> Int? {
            guard case .number(let value)? = node.member(key)?.value.value, value >= 1, value < 1e9, value == value.rounded() else {
                return nil
            }
            return Int(value)
        }
        guard let line = position("line"), let column = position("column"),
            let endLine = position("endLine"), let endColumn = position("endColumn")
        else { return nil }
        return SourceRange(SourceLocation(line: line, column: column), SourceLocation(line: endLine, column: endColumn))
    }
}
