import GalleyCore
import GalleyServer
import GalleySystem

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
        case refused(Refusal)
    }

    /// Why the editor was not opened; its status and the reason answered are decided here.
    enum Refusal: Equatable {
        /// The request does not come from Galley's own page.
        case notOwnPage
        case wrongToken
        /// The body is not `{"path": …, "line": …}`.
        case malformed
        case noDocument
        /// No editor is connected and none is configured.
        case noEditor
        /// The configured editor command could not be started.
        case cannotStart(program: String, errno: Int32)

        var status: Int {
            switch self {
            case .notOwnPage, .wrongToken: 403
            case .malformed: 400
            case .noDocument, .noEditor: 404
            case .cannotStart: 500
            }
        }

        var reason: String {
            switch self {
            case .notOwnPage: "the editor link is only for Galley's own page"
            case .wrongToken: "missing or wrong token"
            case .malformed: "expected {\"path\": …, \"line\": …}"
            case .noDocument: "no document at that path"
            case .noEditor: EditorLink.unavailable
            case .cannotStart(let program, let code): "\(SystemCallError(call: "posix_spawn", path: program, errno: code))"
            }
        }
    }

    /// Checks the request and, when it is the page's own, starts the editor
    /// on `root/path` if `isDocument(path)`.
    func open(_ request: HTTPRequest, allowedOrigins: Set<String>, root: String, isDocument: (String) -> Bool) -> Outcome {
        guard let origin = request.header("origin")?.lowercased(), allowedOrigins.contains(origin) else {
            return .refused(.notOwnPage)
        }
        guard let presented = request.header("x-galley-token"), Secret.matches(presented, token) else {
            return .refused(.wrongToken)
        }
        guard case .success(let json) = JSONReader.parse(request.body),
            let path = json.member("path")?.value.stringValue,
            case .number(let line)? = json.member("line")?.value.value, line >= 1, line < 10_000_000
        else {
            return .refused(.malformed)
        }
        var column = 1.0
        if case .number(let value)? = json.member("column")?.value.value, value >= 1, value < 10_000_000 { column = value }
        guard isDocument(path) else { return .refused(.noDocument) }
        if connectedEditors.open(path: path, line: Int(line), column: Int(column)) { return .opened }
        guard let command else { return .refused(.noEditor) }
        do throws(SystemCallError) {
            try command.launch(file: root.slashJoined(path), line: Int(line), column: Int(column))
            return .opened
        } catch {
            return .refused(.cannotStart(program: error.path ?? "", errno: error.errno))
        }
    }

}
