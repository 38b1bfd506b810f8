import GalleyCore

/// Diagnostics as a SARIF 2.1.0 log (OASIS Static Analysis Results
/// Interchange Format), which code-scanning tools read: one run of the
/// tool `galley`, a rule per diagnostic id, a result per diagnostic with
/// its region, and its fix-its as SARIF fixes.
enum SARIFReport {
    static let schema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

    static func json(for diagnostics: [CheckedDiagnostic]) -> JSONWriter {
        let ruleIDs = DiagnosticID.allCases.filter { id in diagnostics.contains { $0.diagnostic.id == id } }
        var json = JSONWriter()
        json.beginObject()
        json.field("$schema", schema)
        json.field("version", "2.1.0")
        json.key("runs")
        json.beginArray()
        json.beginObject()
        json.key("tool")
        json.beginObject()
        json.key("driver")
        json.beginObject()
        json.field("name", "galley")
        json.field("version", GalleyVersion.current)
        json.key("rules")
        json.beginArray()
        for id in ruleIDs {
            json.beginObject()
            json.field("id", id.rawValue)
            message("shortDescription", id.summary, into: &json)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        json.endObject()
        // Galley's columns count Unicode scalars, not UTF-16 units (SARIF's default).
        json.field("columnKind", "unicodeCodePoints")
        json.key("results")
        json.beginArray()
        for checked in diagnostics {
            write(checked.diagnostic, file: checked.shownPath, ruleIndex: ruleIDs.firstIndex(of: checked.diagnostic.id) ?? 0, into: &json)
        }
        json.endArray()
        json.endObject()
        json.endArray()
        json.endObject()
        return json
    }

    private static func write(_ diagnostic: Diagnostic, file: String, ruleIndex: Int, into json: inout JSONWriter) {
        json.beginObject()
        json.field("ruleId", diagnostic.id.rawValue)
        json.field("ruleIndex", ruleIndex)
        json.field("level", diagnostic.severity.rawValue)
        message("message", diagnostic.message, into: &json)
        json.key("locations")
        json.beginArray()
        json.beginObject()
        json.key("physicalLocation")
        json.beginObject()
        artifact(file, into: &json)
        region("region", diagnostic.range, into: &json)
        json.endObject()
        json.endObject()
        json.endArray()
        json.key("fixes")
        json.beginArray()
        for fixIt in diagnostic.fixIts {
            json.beginObject()
            message("description", fixIt.message, into: &json)
            json.key("artifactChanges")
            json.beginArray()
            json.beginObject()
            artifact(file, into: &json)
            json.key("replacements")
            json.beginArray()
            for edit in fixIt.edits {
                json.beginObject()
                region("deletedRegion", edit.range, into: &json)
                json.key("insertedContent")
                json.beginObject()
                json.field("text", edit.replacement)
                json.endObject()
                json.endObject()
            }
            json.endArray()
            json.endObject()
            json.endArray()
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    private static func message(_ key: String, _ text: String, into json: inout JSONWriter) {
        json.key(named: key)
        json.beginObject()
        json.field("text", text)
        json.endObject()
    }

    /// The file as a relative URI reference (SARIF's `artifactLocation`).
    private static func artifact(_ path: String, into json: inout JSONWriter) {
        json.key("artifactLocation")
        json.beginObject()
        json.field("uri", URLPath.encode(path))
        json.endObject()
    }

    private static func region(_ key: String, _ range: SourceRange, into json: inout JSONWriter) {
        json.key(named: key)
        json.beginObject()
        json.field("startLine", range.start.line)
        json.field("startColumn", range.start.column)
        json.field("endLine", range.end.line)
        json.field("endColumn", range.end.column)
        json.endObject()
    }
}
