import GalleyCore
import GalleyServer

/// A diagnostic as the page shows it: with the block it concerns.
struct PageDiagnostic: Equatable {
    var diagnostic: Diagnostic
    var blockID: String?
}

/// A document as served: its rendering, diagnostics and prebuilt API body.
struct PublishedDocument {
    var id: String
    var path: String
    var item: Int?
    var title: String
    var kind: DocumentKind
    var version: Int
    var html: String
    /// The opening tag of the article in `html`, and where each of its
    /// children sits, for answering a page with only what changed.
    var articleTag: String
    var elements: [RenderedDocument.Element]
    var css: String
    /// `{"deviceWidth": …, "appearance": …}` from `galley.json`.
    var layout: String
    /// The BCP 47 tag of the content's language, for `lang` (see `DocumentLanguage`).
    var language: String?
    /// Shown from an editor's unsaved buffer rather than the file on disk.
    var unsaved = false
    /// The block the author's cursor rests on, for pages that follow the editor.
    var follow: Follow?
    struct Follow: Equatable {
        var line: Int
        /// New for every cursor move, so a page scrolls once per move.
        var serial: Int
    }
    var diagnostics: [PageDiagnostic]

    var errorCount: Int { diagnostics.filter { $0.diagnostic.severity == .error }.count }
    var warningCount: Int { diagnostics.filter { $0.diagnostic.severity == .warning }.count }

    /// Whether anything a page shows differs from `other`.
    func looksDifferent(from other: PublishedDocument) -> Bool {
        html != other.html || diagnostics != other.diagnostics || title != other.title || css != other.css || layout != other.layout
            || language != other.language || unsaved != other.unsaved
    }

    /// The `/api/documents/{id}` body: with the whole `html`, or with a
    /// `patch` (a `DocumentPatch`) in its place.
    func body(boot: String, editor: String?, patch: String? = nil) -> SharedBody {
        var json = "{\"boot\":\(JSONText.quoted(boot)),\"id\":\(JSONText.quoted(id)),\"path\":\(JSONText.quoted(path)),"
        json += "\"item\":\(JSONText.number(item)),\"title\":\(JSONText.quoted(title)),\"kind\":\(JSONText.quoted(kind.rawValue)),"
        json += "\"version\":\(version),\"unsaved\":\(unsaved),"
        json += patch.map { "\"patch\":\($0)," } ?? "\"html\":\(JSONText.quoted(html)),"
        json += follow.map { "\"follow\":{\"line\":\($0.line),\"serial\":\($0.serial)}," } ?? ""
        json += "\"css\":\(JSONText.quoted(css)),\"layout\":\(layout),\"language\":\(JSONText.quoted(language)),\"editor\":\(editor ?? "null"),\"diagnostics\":["
        json += diagnostics.map(PublishedDocument.diagnosticJSON).joined(separator: ",")
        json += "]}"
        return SharedBody(json)
    }

    static func diagnosticJSON(_ entry: PageDiagnostic) -> String {
        let diagnostic = entry.diagnostic
        return "{\"path\":\(JSONText.quoted(diagnostic.path)),\"line\":\(diagnostic.location.line),\"column\":\(diagnostic.location.column),"
            + "\"severity\":\(JSONText.quoted(diagnostic.severity.rawValue)),\"message\":\(JSONText.quoted(diagnostic.message)),"
            + "\"block\":\(JSONText.quoted(entry.blockID))}"
    }

    /// This document's entry in the `/api/documents` list.
    var summaryJSON: String {
        "{\"id\":\(JSONText.quoted(id)),\"path\":\(JSONText.quoted(path)),\"item\":\(JSONText.number(item)),"
            + "\"title\":\(JSONText.quoted(title)),\"kind\":\(JSONText.quoted(kind.rawValue)),\"version\":\(version),\"unsaved\":\(unsaved),"
            + "\"errors\":\(errorCount),\"warnings\":\(warningCount)}"
    }
}
