import GalleyCore
import XCTest

/// The test's shell: carries out the session's actions on previews it
/// makes up, keeping what it was asked, with no I/O.
private final class RecordingPreviews {
    struct Shown: Equatable {
        var text: String
        var version: Int
        var edit: BufferEdit?
        var path: RelativePath
    }

    let preview = PreviewID(number: 1, root: "/content", url: "http://127.0.0.1:9/")
    var started = false
    var shown: [Shown] = []
    var dropped: [RelativePath] = []
    var followed: [Int] = []
    var forgotten: [PreviewID] = []
    var attached: [AbsolutePath] = []
    var diagnostics: [Diagnostic] = []
    var vocabulary = EditorVocabulary(tags: ["image", "caption"], imageKey: "imageName", assets: [])
    var failing = false
    var forwardsClicks = false
    var workspaceFolders: [AbsolutePath] = []

    func attach(file path: AbsolutePath, workspaceFolders: [AbsolutePath]) -> PreviewLookup {
        attached.append(path)
        self.workspaceFolders = workspaceFolders
        if path.rawValue.hasPrefix("/usr/") { return .refused(.outsideWorkspace(file: path, workspaceFolders: workspaceFolders)) }
        guard path.rawValue.hasPrefix("/content/") else { return .none }
        return .found(preview, path: RelativePath(rawValue: String(path.rawValue.dropFirst("/content/".count))), started: started)
    }

    /// Carries out `action`: the event that answers it, if any.
    func perform(_ action: LanguageServerAction, sending sent: inout [OutgoingMessage]) -> LanguageServerEvent? {
        let gone = LanguageServerEvent.previewFailed(preview, .wentAway(root: preview.root))
        switch action {
        case .send(let message):
            sent.append(message)
            return nil
        case .attach(let uri, let file, let folders):
            return .attached(uri, attach(file: file, workspaceFolders: folders))
        case .show(let uri, let buffer):
            if failing { return gone }
            let text = String(decoding: buffer.text, as: UTF8.self)
            shown.append(Shown(text: text, version: buffer.version, edit: buffer.edit, path: buffer.path))
            return .previewed(uri, sent: buffer.version, PreviewFileState(diagnostics: diagnostics, pages: ["/doc/abc"]))
        case .drop(let uri, let path, _):
            dropped.append(path)
            return .previewed(uri, sent: nil, PreviewFileState(diagnostics: [], pages: ["/doc/abc"]))
        case .fetchVocabulary(let preview): return failing ? gone : .vocabulary(preview, vocabulary)
        case .follow(_, let line, _):
            followed.append(line)
            return nil
        case .forget(let preview):
            forgotten.append(preview)
            return nil
        case .forwardClicks:
            forwardsClicks = true
            return nil
        }
    }
}

final class LanguageServerSessionTests: XCTestCase {
    private let uri = "file:///content/Resources/data.json"
    private var previews = RecordingPreviews()
    private var session = LanguageServerSession(version: "1.0")
    private var nextID = 0

    /// What the session sends to the editor after `event`, its actions carried out as the app's shell does.
    private func drive(_ event: LanguageServerEvent) -> [OutgoingMessage] {
        var sent: [OutgoingMessage] = []
        func run(_ event: LanguageServerEvent) {
            for action in session.handle(event) {
                if let outcome = previews.perform(action, sending: &sent) { run(outcome) }
            }
        }
        run(event)
        return sent
    }

    /// The input fell idle: what the session then sends.
    @discardableResult
    private func idle() -> [OutgoingMessage] {
        drive(.inputIdle)
    }

    /// The messages the session answers `json` with, each as parsed JSON.
    @discardableResult
    private func send(_ json: String) -> [JSONNode] {
        drive(.message(IncomingMessage.decode(Array(json.utf8)))).map(Self.parse)
    }

    private static func parse(_ message: OutgoingMessage) -> JSONNode {
        guard case .success(let node) = JSONReader.parse(message.body(requestNumber: 1)) else {
            XCTFail("not JSON: \(message)")
            return JSONNode(.null, offset: 0)
        }
        return node
    }

    private func request(_ method: String, _ params: String = "{}") -> [JSONNode] {
        nextID += 1
        return send(#"{"jsonrpc":"2.0","id":\#(nextID),"method":"\#(method)","params":\#(params)}"#)
    }

    private func notify(_ method: String, _ params: String = "{}") -> [JSONNode] {
        send(#"{"jsonrpc":"2.0","method":"\#(method)","params":\#(params)}"#)
    }

    private func initialize(encodings: [String] = []) {
        let offered = encodings.map { "\"\($0)\"" }.joined(separator: ",")
        _ = request(
            "initialize", #"{"capabilities":{"general":{"positionEncodings":[\#(offered)]},"window":{"showDocument":{"support":true}}}}"#)
    }

    private func open(_ text: String) {
        let escaped = String(decoding: JSONOutput.string(text).bytes, as: UTF8.self)
        _ = notify("textDocument/didOpen", #"{"textDocument":{"uri":"\#(uri)","version":1,"text":\#(escaped)}}"#)
    }

    private func change(_ range: (Int, Int, Int, Int), _ text: String, version: Int) {
        _ = notify(
            "textDocument/didChange",
            #"{"textDocument":{"uri":"\#(uri)","version":\#(version)},"#
                + #""contentChanges":[{"range":{"start":{"line":\#(range.0),"character":\#(range.1)},"#
                + #""end":{"line":\#(range.2),"character":\#(range.3)}},"text":"\#(text)"}]}"#
        )
    }

    private func errorCode(_ message: JSONNode?) -> Double? {
        guard case .number(let code)? = message?.member("error")?.value.member("code")?.value.value else { return nil }
        return code
    }

    private func number(_ node: JSONNode?) -> Double? {
        guard case .number(let value)? = node?.value else { return nil }
        return value
    }

    // MARK: - JSON-RPC

    func testMalformedBodiesGetTheirJSONRPCErrors() {
        XCTAssertEqual(errorCode(send(#"{"jsonrpc":"2.0","id":7,"method":"#).first), -32700)
        let wrongVersion = send(#"{"jsonrpc":"1.0","id":8,"method":"shutdown"}"#).first
        XCTAssertEqual(errorCode(wrongVersion), -32600)
        XCTAssertEqual(number(wrongVersion?.member("id")?.value), 8, "the id is echoed when it can be read")
        let objectID = send(#"{"jsonrpc":"2.0","id":{"a":1},"method":"shutdown"}"#).first
        XCTAssertEqual(errorCode(objectID), -32600)
        XCTAssertEqual(objectID?.member("id")?.value.value, .null)
        XCTAssertEqual(errorCode(send("[1,2]").first), -32600)
        XCTAssertEqual(errorCode(send(#"{"jsonrpc":"2.0","params":{}}"#).first), -32600)
        XCTAssertEqual(send(#"{"jsonrpc":"2.0","id":"galley-1","result":null}"#).count, 0, "an answer to our request needs none")
    }

    func testRequestsBeforeInitializeAfterShutdownAndUnknownMethods() {
        XCTAssertEqual(errorCode(request("shutdown").first), -32002)
        initialize()
        XCTAssertEqual(errorCode(request("initialize").first), -32600)
        XCTAssertEqual(errorCode(request("galley/nonsense").first), -32601)
        XCTAssertEqual(errorCode(request("textDocument/hover", #"{"textDocument":{"uri":"x"}}"#).first), -32602)
        XCTAssertEqual(notify("$/setTrace", #"{"value":"off"}"#).count, 0)
        XCTAssertEqual(request("shutdown").first?.member("result")?.value.value, .null)
        XCTAssertEqual(errorCode(request("shutdown").first), -32600)
        XCTAssertNil(session.exitStatus)
        _ = notify("exit")
        XCTAssertEqual(session.exitStatus, 0)
    }

    func testExitWithoutShutdownIsStatusOne() {
        initialize()
        _ = notify("exit")
        XCTAssertEqual(session.exitStatus, 1)
    }

    func testInitializeNegotiatesTheEncodingAndOffersIncrementalSync() {
        let answer = request("initialize", #"{"capabilities":{"general":{"positionEncodings":["utf-16","utf-8"]}}}"#).first
        let capabilities = answer?.member("result")?.value.member("capabilities")?.value
        XCTAssertEqual(capabilities?.member("positionEncoding")?.value.stringValue, "utf-8")
        XCTAssertEqual(number(capabilities?.member("textDocumentSync")?.value.member("change")?.value), 2)
        XCTAssertEqual(session.encoding, .utf8)
    }

    // MARK: - Buffers and previews

    func testAFileThePreviewsRefuseIsSaidOnceAndGetsNoPreview() {
        let folders = #"[{"uri":"file:///content","name":"c"},{"uri":"file:///other%20one","name":"o"}]"#
        _ = request("initialize", #"{"capabilities":{},"rootUri":"file:///ignored","workspaceFolders":\#(folders)}"#)
        let outside = #"{"textDocument":{"uri":"file:///usr/share/doc/notes.txt","version":1,"text":"hello"}}"#
        let first = notify("textDocument/didOpen", outside)
        XCTAssertEqual(previews.workspaceFolders, ["/content", "/other one"], "every workspace folder, not only the first")
        let warnings = first.filter { $0.member("method")?.value.stringValue == "window/showMessage" }
        XCTAssertEqual(warnings.count, 1)
        XCTAssertEqual(number(warnings.first?.member("params")?.value.member("type")?.value), 2)
        let message = warnings.first?.member("params")?.value.member("message")?.value.stringValue ?? ""
        XCTAssertTrue(message.contains("'/usr/share/doc/notes.txt' is outside it"), message)
        _ = notify("textDocument/didClose", #"{"textDocument":{"uri":"file:///usr/share/doc/notes.txt"}}"#)
        XCTAssertEqual(notify("textDocument/didOpen", outside).count, 0, "said once")
        idle()
        XCTAssertEqual(previews.shown, [])
        open("{}")
        idle()
        XCTAssertEqual(previews.shown.map(\.path), ["Resources/data.json"], "the workspace's own files are still previewed")
    }

    func testRootURIIsTheWorkspaceWithoutWorkspaceFolders() {
        _ = request("initialize", #"{"capabilities":{},"rootUri":"file:///content"}"#)
        open("{}")
        XCTAssertEqual(previews.workspaceFolders, ["/content"])
    }

    func testABurstOfChangesReachesThePreviewAsOneEditOfTheTextItHolds() {
        initialize()
        open("{\n  \"a\": \"日本\"\n}\n")
        XCTAssertEqual(previews.attached, ["/content/Resources/data.json"])
        idle()
        XCTAssertEqual(previews.shown.last, .init(text: "{\n  \"a\": \"日本\"\n}\n", version: 1, edit: nil, path: "Resources/data.json"))
        // UTF-16 columns: after 日 (one unit, three bytes).
        change((1, 9, 1, 9), "x", version: 2)
        change((1, 11, 1, 11), "y", version: 3)
        change((0, 0, 0, 0), " ", version: 4)
        XCTAssertEqual(previews.shown.count, 1, "changes wait for the flush")
        idle()
        let last = previews.shown.last
        XCTAssertEqual(last?.text, " {\n  \"a\": \"日x本y\"\n}\n")
        XCTAssertEqual(last?.version, 2)
        XCTAssertEqual(last?.edit?.base, 1)
        let old = Array("{\n  \"a\": \"日本\"\n}\n".utf8)
        XCTAssertEqual(last?.edit?.applied(to: old).map { String(decoding: $0, as: UTF8.self) }, last?.text)
        XCTAssertEqual(last?.edit?.range, 0..<(old.count - 4), "from the first change to the last")
    }

    func testDiagnosticsArePublishedWithRangesInTheNegotiatedEncoding() {
        initialize()
        let written = SourceRange(SourceLocation(line: 2, column: 8), SourceLocation(line: 2, column: 13))
        previews.diagnostics = [
            Diagnostic(
                path: "Resources/data.json", id: .unknownKey, range: written, severity: .warning, message: "unknown key 'x'",
                fixIts: [.replacing(written, with: "\"abd\"", message: "Change 'abc' to 'abd'")])
        ]
        open("{\n  \"😀\": \"abc\"\n}\n")
        let published = idle().map(Self.parse).first { $0.member("method")?.value.stringValue == "textDocument/publishDiagnostics" }
        let diagnostic = published?.member("params")?.value.member("diagnostics")?.value.arrayValue?.first
        let range = diagnostic?.member("range")?.value
        // Column 8 is after `  "😀": ` (scalars); in UTF-16 the emoji takes two units.
        XCTAssertEqual(number(range?.member("start")?.value.member("character")?.value), 8)
        XCTAssertEqual(number(range?.member("end")?.value.member("character")?.value), 13, "the whole string")
        XCTAssertEqual(number(diagnostic?.member("severity")?.value), 2)
        XCTAssertEqual(diagnostic?.member("code")?.value.stringValue, "unknown-key")
        let fix = diagnostic?.member("data")?.value.member("fixIts")?.value.arrayValue?.first
        XCTAssertEqual(fix?.member("title")?.value.stringValue, "Change 'abc' to 'abd'")
        let edit = fix?.member("edits")?.value.arrayValue?.first
        XCTAssertEqual(number(edit?.member("range")?.value.member("end")?.value.member("character")?.value), 13)
        XCTAssertEqual(edit?.member("newText")?.value.stringValue, "\"abd\"")
    }

    func testAPreviewThatFailsIsForgottenAndLookedForAgain() {
        initialize()
        open("{}")
        previews.failing = true
        let messages = idle().map(Self.parse)
        XCTAssertEqual(previews.forgotten, [previews.preview])
        XCTAssertEqual(messages.first?.member("method")?.value.stringValue, "window/showMessage")
        XCTAssertTrue(messages.first?.member("params")?.value.member("message")?.value.stringValue?.contains("went away") == true)
        previews.failing = false
        change((0, 1, 0, 1), "\\n", version: 2)
        idle()
        XCTAssertEqual(previews.attached.count, 2)
        XCTAssertEqual(previews.shown.last?.edit, nil, "a new preview gets the whole text")
        XCTAssertEqual(previews.shown.last?.text, "{\n}")
    }

    func testAPreviewStartedForTheFileIsAnnouncedOnce() {
        previews.started = true
        initialize()
        open("{}")
        let methods = idle().map { Self.parse($0).member("method")?.value.stringValue }
        XCTAssertEqual(methods, ["window/showMessage", "window/showDocument", "textDocument/publishDiagnostics"])
        change((0, 1, 0, 1), " ", version: 2)
        XCTAssertEqual(idle().count, 1)
    }

    func testSaveAndCloseShowTheFileAgain() {
        initialize()
        open("{}")
        _ = notify("textDocument/didSave", #"{"textDocument":{"uri":"\#(uri)"}}"#)
        XCTAssertEqual(previews.dropped, ["Resources/data.json"])
        XCTAssertEqual(idle().count, 0, "the save took the pending change")
        let closed = notify("textDocument/didClose", #"{"textDocument":{"uri":"\#(uri)"}}"#)
        XCTAssertEqual(previews.dropped.count, 2)
        XCTAssertEqual(closed.first?.member("params")?.value.member("diagnostics")?.value.arrayValue, [])
    }

    func testFilesNoPreviewCoversAreNotSent() {
        initialize()
        _ = notify("textDocument/didOpen", #"{"textDocument":{"uri":"file:///elsewhere/a.json","version":1,"text":"{}"}}"#)
        XCTAssertEqual(idle().count, 0)
        XCTAssertEqual(previews.shown, [])
    }

    // MARK: - The session decides, the shell does

    private static func publishDiagnostics(_ uri: String, version: Int?) -> LanguageServerAction {
        let version: [(String, JSONOutput)] = version.map { [("version", .int($0))] } ?? []
        return .send(
            .notification(
                method: "textDocument/publishDiagnostics",
                params: .object([("uri", .string(uri))] + version + [("diagnostics", .array([]))])))
    }

    /// Step by step, each event gives exactly these actions: no preview is
    /// reached, nothing is written; outcomes are events like any other.
    func testEachEventGivesItsActions() {
        initialize()
        let document = DocumentURI(rawValue: uri)
        let file: AbsolutePath = "/content/Resources/data.json"
        let path: RelativePath = "Resources/data.json"
        let preview = previews.preview
        let state = PreviewFileState(diagnostics: [], pages: ["/doc/abc"])
        func message(_ json: String) -> LanguageServerEvent { .message(IncomingMessage.decode(Array(json.utf8))) }
        func buffer(_ text: String, version: Int, edit: BufferEdit? = nil) -> LanguageServerAction {
            .show(document, BufferShow(text: Array(text.utf8), version: version, edit: edit, path: path, preview: preview))
        }
        let typeSpace = message(
            #"{"jsonrpc":"2.0","method":"textDocument/didChange","#
                + #""params":{"textDocument":{"uri":"\#(uri)","version":2},"#
                + #""contentChanges":[{"range":{"start":{"line":0,"character":1},"end":{"line":0,"character":1}},"text":" "}]}}"#)
        let position = #""textDocument":{"uri":"\#(uri)"},"position":{"line":0,"character":1}"#
        let lost = "Galley lost the preview of /content (the galley daemon for /content went away); the next change looks for one again"
        let steps: [(event: LanguageServerEvent, actions: [LanguageServerAction])] = [
            (
                message(
                    #"{"jsonrpc":"2.0","method":"textDocument/didOpen","#
                        + #""params":{"textDocument":{"uri":"\#(uri)","version":1,"text":"{}"}}}"#),
                [.attach(document, file: file, workspaceFolders: [])]
            ),
            (.attached(document, .found(preview, path: path, started: false)), []),
            (.inputIdle, [buffer("{}", version: 1)]),
            (.previewed(document, sent: 1, state), [Self.publishDiagnostics(uri, version: 1)]),
            (typeSpace, []),
            (.inputIdle, [buffer("{ }", version: 2, edit: BufferEdit(base: 1, range: 1..<1, replacement: [0x20]))]),
            (
                .previewFailed(preview, .wentAway(root: preview.root)),
                [
                    .forget(preview),
                    .send(
                        .notification(
                            method: "window/showMessage",
                            params: .object([("type", .int(2)), ("message", .string(lost))]))),
                ]
            ),
            (.previewFailed(preview, .closed(root: preview.root)), []),
            (
                message(#"{"jsonrpc":"2.0","id":5,"method":"textDocument/hover","params":{\#(position)}}"#),
                [.send(.result(id: .number(5), .null))]
            ),
            (typeSpace, []),
            (.inputIdle, [.attach(document, file: file, workspaceFolders: [])]),
            (.attached(document, .found(preview, path: path, started: false)), [buffer("{  }", version: 3)]),
            (message(#"{"jsonrpc":"2.0","id":6,"method":"textDocument/hover","params":{\#(position)}}"#), [.fetchVocabulary(preview)]),
            (.vocabulary(preview, previews.vocabulary), [.send(.result(id: .number(6), .null))]),
            (
                message(#"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"\#(uri)"}}}"#),
                [.drop(document, path: path, in: preview), Self.publishDiagnostics(uri, version: nil)]
            ),
            (.previewed(document, sent: nil, state), []),
        ]
        for (index, step) in steps.enumerated() {
            XCTAssertEqual(session.handle(step.event), step.actions, "step \(index)")
        }
        XCTAssertEqual(previews.attached, [], "the test's previews were never used")
    }

    /// What each answer to `attach` makes the session say and do.
    func testEachWayOfFindingAPreviewGivesItsActions() {
        request("initialize", #"{"capabilities":{"window":{"showDocument":{"support":true}}}}"#)
        let document = DocumentURI(rawValue: uri)
        let path: RelativePath = "Resources/data.json"
        let preview = previews.preview
        func opened() -> LanguageServerEvent {
            let params = #"{"textDocument":{"uri":"\#(uri)","version":1,"text":"{}"}}"#
            return .message(IncomingMessage.decode(Array(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":\#(params)}"#.utf8)))
        }
        func showMessage(_ type: Int, _ text: String) -> LanguageServerAction {
            .send(.notification(method: "window/showMessage", params: .object([("type", .int(type)), ("message", .string(text))])))
        }
        let refusal = PreviewRefusal.tooWide(folder: "/")
        let steps: [(event: LanguageServerEvent, actions: [LanguageServerAction])] = [
            (opened(), [.attach(document, file: "/content/Resources/data.json", workspaceFolders: [])]),
            (.attached(document, .none), []),
            (.inputIdle, []),
            (opened(), [.attach(document, file: "/content/Resources/data.json", workspaceFolders: [])]),
            (
                .attached(document, .failed(folder: "/content", error: NoFreePort())),
                [showMessage(1, "Galley could not start a preview of /content: no port")]
            ),
            (opened(), [.attach(document, file: "/content/Resources/data.json", workspaceFolders: [])]),
            (.attached(document, .refused(refusal)), [showMessage(2, refusal.description)]),
            (opened(), [.attach(document, file: "/content/Resources/data.json", workspaceFolders: [])]),
            (.attached(document, .refused(refusal)), []),
            (.attached(document, .found(preview, path: path, started: true)), []),
            (opened(), [.attach(document, file: "/content/Resources/data.json", workspaceFolders: [])]),
            (.attached(document, .found(preview, path: path, started: true)), []),
            (.inputIdle, [.show(document, BufferShow(text: Array("{}".utf8), version: 1, edit: nil, path: path, preview: preview))]),
            (
                .previewed(document, sent: 1, PreviewFileState(diagnostics: [], pages: ["/doc/abc"])),
                [
                    showMessage(3, "Galley preview: http://127.0.0.1:9/doc/abc"),
                    .send(
                        .request(
                            method: "window/showDocument",
                            params: .object([("uri", .string("http://127.0.0.1:9/doc/abc")), ("external", .bool(true))]))),
                    Self.publishDiagnostics(uri, version: 1),
                ]
            ),
        ]
        for (index, step) in steps.enumerated() {
            XCTAssertEqual(session.handle(step.event), step.actions, "step \(index)")
        }
    }

    /// Every change of one `didChange`, in UTF-16 columns over CRLF lines,
    /// reaches the preview as the one byte range they touched.
    func testTheChangesOfADidChangeReachThePreviewAsTheirRange() {
        initialize()
        let old = "{\r\n  \"a\": \"😀日本\"\r\n}\r\n"
        open(old)
        idle()
        func change(_ range: (Int, Int, Int, Int), _ text: String) -> String {
            let escaped = String(decoding: JSONOutput.string(text).bytes, as: UTF8.self)
            let start = #"{"line":\#(range.0),"character":\#(range.1)}"#
            let end = #"{"line":\#(range.2),"character":\#(range.3)}"#
            return #"{"range":{"start":\#(start),"end":\#(end)},"text":\#(escaped)}"#
        }
        // 日 is UTF-16 column 10 (after the emoji's two units); then a line break
        // above it; then from before the closing quote to past the `}` a line below.
        let changes = [change((1, 10, 1, 11), "x"), change((0, 1, 0, 1), "\r\n"), change((2, 12, 3, 1), "")].joined(separator: ",")
        notify("textDocument/didChange", #"{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[\#(changes)]}"#)
        idle()
        let new = "{\r\n\r\n  \"a\": \"😀x本\r\n"
        let last = previews.shown.last
        XCTAssertEqual(last?.text, new)
        XCTAssertEqual(last?.edit?.base, 1)
        XCTAssertEqual(last?.edit?.applied(to: Array(old.utf8)).map { String(decoding: $0, as: UTF8.self) }, new)
        XCTAssertEqual(last?.edit?.range, 1..<(old.utf8.count - 2), "from the first byte changed to the last, the final CRLF untouched")
    }

    /// A keystroke into a 1 MB buffer edits it in place and sends the
    /// preview only what changed; a preview that kept the text (as one in
    /// the same process would) makes the next keystroke copy it, and the
    /// counter sees that.
    func testAKeystrokeIntoAOneMegabyteBufferCopiesNoWholeBuffer() {
        initialize()
        let item = "\"" + String(repeating: "a", count: 96) + "\",\r\n"
        open("{\"body\": [\r\n" + String(repeating: item, count: 10_000) + "\"end\"]}")
        idle()
        let opened = session.wholeTextCopies
        XCTAssertEqual(opened, 1, "the open writes the text once")
        change((5_000, 3, 5_000, 3), "x", version: 2)
        let actions = session.handle(.inputIdle)
        XCTAssertEqual(session.wholeTextCopies, opened, "the keystroke edited the buffer in place")
        guard case .show(_, let buffer)? = actions.first else { return XCTFail("\(actions.count) actions, no show") }
        XCTAssertGreaterThan(buffer.text.count, 1_000_000)
        XCTAssertEqual(buffer.edit?.replacement.count, 1, "the preview is sent the keystroke, not the text")
        change((5_000, 4, 5_000, 4), "y", version: 3)
        XCTAssertEqual(session.wholeTextCopies, opened + 1, "the text the preview kept was copied, not changed under it")
        withExtendedLifetime(actions) {}
        change((5_000, 5, 5_000, 5), "z", version: 4)
        XCTAssertEqual(session.wholeTextCopies, opened + 1)
    }

    // MARK: - Knowledge

    func testAQuickFixComesFromTheFixItsInTheDiagnosticsData() {
        initialize()
        open("{\"body\": [\"<imgae>01</imgae>\"]}")
        let range = #"{"start":{"line":0,"character":10},"end":{"line":0,"character":29}}"#
        let bare = #"{"range":\#(range),"message":"'<imgae>' matches no block kind; did you mean '<image>'?""#
        let diagnostic =
            bare
            + #","data":{"fixIts":[{"title":"Change 'imgae' to 'image'","#
            + #""edits":[{"range":\#(range),"newText":"\"<image>01</image>\""}]}]}}"#
        let none = request("textDocument/codeAction", #"{"textDocument":{"uri":"\#(uri)"},"context":{"diagnostics":[\#(bare)}]}}"#).first
        XCTAssertEqual(none?.member("result")?.value.arrayValue?.count, 0, "the message is never parsed for a fix")
        let answer = request(
            "textDocument/codeAction",
            #"{"textDocument":{"uri":"\#(uri)"},"range":{"start":{"line":0,"character":10},"end":{"line":0,"character":10}},"#
                + #""context":{"diagnostics":[\#(diagnostic)]}}"#
        ).first
        let action = answer?.member("result")?.value.arrayValue?.first
        XCTAssertEqual(action?.member("kind")?.value.stringValue, "quickfix")
        let edit = action?.member("edit")?.value.member("changes")?.value.member(uri)?.value.arrayValue?.first
        XCTAssertEqual(edit?.member("newText")?.value.stringValue, "\"<image>01</image>\"")
        XCTAssertEqual(
            action?.member("diagnostics")?.value.arrayValue?.first?.member("message")?.value.stringValue,
            "'<imgae>' matches no block kind; did you mean '<image>'?", "the client's diagnostic is echoed")
    }

    func testDocumentHighlightSendsPendingTextFirstAndFollowsTheBlock() {
        initialize()
        open("{\n\"body\": [\n\"<caption>a</caption>\"\n]}")
        idle()
        change((0, 1, 0, 1), "\\n", version: 2)
        let answer = request("textDocument/documentHighlight", #"{"textDocument":{"uri":"\#(uri)"},"position":{"line":3,"character":4}}"#)
        XCTAssertEqual(previews.shown.count, 2, "the preview has the lines the cursor is in")
        XCTAssertEqual(previews.followed, [4])
        let range = answer.last?.member("result")?.value.arrayValue?.first?.member("range")?.value
        XCTAssertEqual(number(range?.member("start")?.value.member("line")?.value), 3)
    }

    func testCompletionOffersTagsInAString() {
        initialize()
        open("{\"body\": [\"<\"]}")
        let answer = request("textDocument/completion", #"{"textDocument":{"uri":"\#(uri)"},"position":{"line":0,"character":12}}"#).first
        let labels = answer?.member("result")?.value.arrayValue?.compactMap { $0.member("label")?.value.stringValue }
        XCTAssertEqual(labels, ["<image>", "<caption>"])
    }

    func testAClickOnThePageShowsTheLineStart() {
        let message = Self.parse(LanguageServerSession.showLine(12, of: "Resources/a b.json", in: "/content"))
        XCTAssertEqual(message.member("method")?.value.stringValue, "window/showDocument")
        XCTAssertEqual(message.member("params")?.value.member("uri")?.value.stringValue, "file:///content/Resources/a%20b.json")
        XCTAssertEqual(number(message.member("params")?.value.member("selection")?.value.member("start")?.value.member("line")?.value), 11)
    }

    // MARK: - The app's strings in galley.json

    private let configURI = "file:///content/galley.json"

    private func openConfig(_ text: String) {
        previews.vocabulary.strings = [
            EditorVocabulary.StringKey(
                key: "title-HelpView",
                values: [
                    .init(language: "en", text: "Help", path: "en.lproj/Localizable.strings", location: SourceLocation(line: 1, column: 1)),
                    .init(language: "ja", text: "ヘルプ", path: "Localizable.xcstrings", location: SourceLocation(line: 18, column: 9)),
                ]),
            EditorVocabulary.StringKey(
                key: "title-Credits",
                values: [
                    .init(
                        language: "en", text: "Credits", path: "en.lproj/Localizable.strings", location: SourceLocation(line: 2, column: 1))
                ]),
        ]
        let escaped = String(decoding: JSONOutput.string(text).bytes, as: UTF8.self)
        _ = notify("textDocument/didOpen", #"{"textDocument":{"uri":"\#(configURI)","version":1,"text":\#(escaped)}}"#)
    }

    func testATitleCompletesTheKeysOfTheAppsStrings() {
        initialize()
        openConfig("{\"titles\": {\"Help.rtf\": \"ti\"}}")
        let answer = request("textDocument/completion", #"{"textDocument":{"uri":"\#(configURI)"},"position":{"line":0,"character":27}}"#)
            .first
        let items = answer?.member("result")?.value.arrayValue ?? []
        XCTAssertEqual(items.compactMap { $0.member("label")?.value.stringValue }, ["title-HelpView", "title-Credits"])
        XCTAssertEqual(items.first?.member("detail")?.value.stringValue, "en: Help · ja: ヘルプ")
        // A key of galley.json is not a title: it completes galley.json's keys.
        let keys = request("textDocument/completion", #"{"textDocument":{"uri":"\#(configURI)"},"position":{"line":0,"character":3}}"#)
            .first
        XCTAssertTrue(keys?.member("result")?.value.arrayValue?.contains { $0.member("label")?.value.stringValue == "titles" } ?? false)
    }

    func testHoverOnATitleKeyShowsEachLanguagesValue() {
        initialize()
        openConfig("{\"titles\": {\"Help.rtf\": \"title-HelpView\", \"Other.rtf\": \"Plain\"}}")
        let answer = request("textDocument/hover", #"{"textDocument":{"uri":"\#(configURI)"},"position":{"line":0,"character":29}}"#).first
        let markdown = answer?.member("result")?.value.member("contents")?.value.member("value")?.value.stringValue
        XCTAssertEqual(
            markdown,
            "**title-HelpView**, a key of the app's strings:\n\n- `en`: Help (`en.lproj/Localizable.strings:1:1`)\n- `ja`: ヘルプ "
                + "(`Localizable.xcstrings:18:9`)"
        )
        // A title that is no key has nothing to show.
        let plain = request("textDocument/hover", #"{"textDocument":{"uri":"\#(configURI)"},"position":{"line":0,"character":58}}"#).first
        XCTAssertEqual(plain?.member("result")?.value.value, .null)
        // Its definitions are its entries, one per language, at their lines.
        let definitions = request(
            "textDocument/definition", #"{"textDocument":{"uri":"\#(configURI)"},"position":{"line":0,"character":29}}"#
        ).first
        let locations = definitions?.member("result")?.value.arrayValue ?? []
        XCTAssertEqual(
            locations.compactMap { $0.member("uri")?.value.stringValue },
            ["file:///content/en.lproj/Localizable.strings", "file:///content/Localizable.xcstrings"])
        XCTAssertEqual(locations.map { number($0.member("range")?.value.member("start")?.value.member("line")?.value) }, [0, 17])
    }
}

final class ChangedSpanTests: XCTestCase {
    /// Random bursts of edits: the one edit made of them turns the old text into the new.
    func testTheEditOfABurstTurnsTheOldTextIntoTheNew() {
        var random = SeededRandom(seed: 27)
        for _ in 0..<500 {
            let old = (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 97...100, using: &random) }
            var text = old
            var span = ChangedSpan(length: old.count)
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let start = Int.random(in: 0...text.count, using: &random)
                let end = Int.random(in: start...text.count, using: &random)
                let inserted = (0..<Int.random(in: 0...4, using: &random)).map { _ in UInt8.random(in: 97...100, using: &random) }
                span.record(start..<end, inTextOf: text.count)
                text.replaceSubrange(start..<end, with: inserted)
            }
            let edit = span.edit(base: 1, to: text)
            XCTAssertEqual(edit.applied(to: old), text, "\(old) → \(text)")
            XCTAssertLessThanOrEqual(edit.replacement.count, text.count)
        }
    }

    func testNoChangeIsAnEmptyEdit() {
        let span = ChangedSpan(length: 5)
        XCTAssertEqual(span.edit(base: 3, to: Array("abcde".utf8)).range, 5..<5)
    }
}

/// A start that fails as the daemon's own start error would, told by its description.
private struct NoFreePort: Error, CustomStringConvertible {
    var description: String { "no port" }
}
