import GalleyCore
import GalleyServer

/// `POST /api/open`: opens the author's editor at a document's source line,
/// through the `--editor` command or an editor connected with `galley lsp`.
///
/// Only the served page can use it: it must present the per-daemon secret,
/// which reaches pages only inside same-origin API answers, and come from
/// this server's own origin.
struct EditorLink: Sendable {
    static let path = "/api/open"

    let command: EditorCommand?
    let connectedEditors: EditorOpeners
    /// The per-daemon secret, new at every start.
    let token: String

    init(command: EditorCommand?, connectedEditors: EditorOpeners) {
        self.command = command
        self.connectedEditors = connectedEditors
        token = Secret.random()
    }

    /// Whether a click can open anything: a command, or a connected editor.
    var isAvailable: Bool { command != nil || !connectedEditors.isEmpty }

    static let unavailable = "no editor is configured; start galley serve with --editor, or connect one with galley lsp"

    /// What the document answers tell the page.
    var announcement: JSONFragment {
        var json = JSONWriter()
        json.beginObject()
        json.field("url", EditorLink.path)
        json.field("token", token)
        json.endObject()
        return JSONFragment(json)
    }

    enum Outcome: Equatable {
        case opened
        case refused(status: Int, reason: String)
    }

    /// Checks the request and, when it is the page's own, starts the editor
    /// on `root/path` if `isDocument(path)`.
    func open(_ request: HTTPRequest, allowedOrigins: Set<String>, root: String, isDocument: (String) -> Bool) -> Outcome {
        guard let origin = request.header("origin")?.lowercased(), allowedOrigins.contains(origin) else {
            return .refused(status: 403, reason: "the editor link is only for Galley's own page")
        }
        guard let presented = request.header("x-galley-token"), Secret.matches(presented, token) else {
            return .refused(status: 403, reason: "missing or wrong token")
        }
        guard case .success(let json) = JSONReader.parse(request.body),
              let path = json.member("path")?.value.stringValue,
              case .number(let line)? = json.member("line")?.value.value, line >= 1, line < 10_000_000 else {
            return .refused(status: 400, reason: "expected {\"path\": …, \"line\": …}")
        }
        var column = 1.0
        if case .number(let value)? = json.member("column")?.value.value, value >= 1, value < 10_000_000 { column = value }
        guard isDocument(path) else { return .refused(status: 404, reason: "no document at that path") }
        if connectedEditors.open(path: path, line: Int(line), column: Int(column)) { return .opened }
        guard let command else { return .refused(status: 404, reason: EditorLink.unavailable) }
        do {
            try command.launch(file: root.slashJoined(path), line: Int(line), column: Int(column))
            return .opened
        } catch {
            return .refused(status: 500, reason: "\(error)")
        }
    }

}
