import GalleyCore
import XCTest

@testable import GalleyApp

/// The messages between `galley lsp` and `galley serve`, without a socket:
/// what one side writes, the other reads back the same.
final class BufferLinkProtocolTests: XCTestCase {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// A header without its line break, as the server hands it to `parse`.
    private func parsed(_ request: BufferLinkProtocol.Request) -> BufferLinkProtocol.Request? {
        let header = BufferLinkProtocol.header(request)
        XCTAssertEqual(header.last, 0x0A, "a header is one line")
        XCTAssertEqual(header.filter { $0 == 0x0A }.count, 1, "a header is one line")
        return BufferLinkProtocol.parse(Array(header.dropLast()))
    }

    func testEveryRequestReadsBackAsItWasWritten() {
        let requests: [BufferLinkProtocol.Request] = [
            .hello, .vocabulary, .listen,
            .set(path: "Resources/speciesData.json", version: 3, length: 1_000_000),
            .edit(path: "a b/ペンギン.rtf", base: 2, version: 3, range: 10..<14, length: 0),
            .edit(path: "x.json", base: 0, version: 1, range: 5..<5, length: 7),
            .drop(path: "x.json"),
            .follow(path: "Resources/notes.txt", line: 12),
        ]
        for request in requests {
            XCTAssertEqual(parsed(request), request)
        }
    }

    func testRequestsThatCouldHurtAreRefused() {
        let refused = [
            #"{"op":"set","path":"../outside.json","version":1,"length":3}"#,
            #"{"op":"set","path":"/etc/passwd","version":1,"length":3}"#,
            #"{"op":"set","path":"x.json","version":1,"length":-1}"#,
            #"{"op":"set","path":"x.json","version":1.5,"length":3}"#,
            #"{"op":"set","path":"x.json","version":1,"length":99999999999}"#,
            #"{"op":"set","path":"x.json","version":1}"#,
            #"{"op":"edit","path":"x.json","base":1,"version":2,"start":9,"end":3,"length":0}"#,
            #"{"op":"edit","path":"x.json","base":1,"version":2,"start":0,"end":3}"#,
            #"{"op":"drop"}"#,
            #"{"op":"follow","path":"x.json","line":"7"}"#,
            #"{"op":"format the disk"}"#,
            #"{"path":"x.json"}"#,
            #"{"op":"hello""#,
            "",
        ]
        for line in refused {
            XCTAssertNil(BufferLinkProtocol.parse(bytes(line)), line)
        }
        let tooLong = BufferLinkProtocol.maximumLength + 1
        XCTAssertNil(BufferLinkProtocol.parse(bytes(#"{"op":"set","path":"x.json","version":1,"length":\#(tooLong)}"#)))
        XCTAssertNotNil(BufferLinkProtocol.parse(bytes(#"{"op":"set","path":"x.json","version":1,"length":\#(tooLong - 1)}"#)))
    }

    func testAReplyCarriesDiagnosticsAsFieldsAndThePages() throws {
        let range = SourceRange(SourceLocation(line: 3, column: 5), SourceLocation(line: 3, column: 10))
        let fix = FixIt.replacing(range, with: "image", message: "change 'imgae' to 'image'")
        let state = PreviewFileState(
            diagnostics: [
                Diagnostic(
                    path: "x.json", id: .unknownTag, range: range, severity: .warning, message: "unknown tag 'imgae'", fixIts: [fix]),
                Diagnostic(
                    path: "x.json", id: .jsonSyntax, at: SourceLocation(line: 1, column: 1), severity: .error, message: "expected a value"),
            ],
            pages: ["/doc/abc", "/doc/def"]
        )
        let reply = BufferLinkProtocol.reply(state)
        XCTAssertEqual(reply.last, 0x0A)
        XCTAssertEqual(BufferLinkProtocol.parseReply(Array(reply.dropLast())), state)
        XCTAssertEqual(
            BufferLinkProtocol.parseReply(bytes(#"{"diagnostics":[],"pages":[]}"#)), PreviewFileState(diagnostics: [], pages: []))
    }

    func testDiagnosticsTheConnectionWasToldAreNotWrittenAgain() {
        let sent = [
            Diagnostic(
                path: "x.json", id: .missingImage, at: SourceLocation(line: 7, column: 3), severity: .warning,
                message: "no image named 'sugi'")
        ]
        let same = PreviewFileState(diagnostics: sent, pages: ["/doc/abc"])
        let reply = Array(BufferLinkProtocol.reply(same, sent: sent).dropLast())
        XCTAssertEqual(String(decoding: reply, as: UTF8.self), #"{"sameDiagnostics":true,"pages":["/doc/abc"]}"#)
        XCTAssertEqual(BufferLinkProtocol.parseReply(reply, sent: sent), same)
        // Without what it was told, the link cannot read the reply (and says so).
        XCTAssertNil(BufferLinkProtocol.parseReply(reply))
        // Other diagnostics (here: one line further down) are written whole.
        let moved = PreviewFileState(
            diagnostics: [
                Diagnostic(
                    path: "x.json", id: .missingImage, at: SourceLocation(line: 8, column: 3), severity: .warning,
                    message: "no image named 'sugi'")
            ], pages: ["/doc/abc"])
        XCTAssertEqual(BufferLinkProtocol.parseReply(Array(BufferLinkProtocol.reply(moved, sent: sent).dropLast()), sent: sent), moved)
    }

    func testAStaleReplyIsNotAFileState() {
        XCTAssertNil(BufferLinkProtocol.parseReply(Array(BufferLinkProtocol.staleReply.dropLast())))
        XCTAssertNil(BufferLinkProtocol.parseReply(bytes("not json")))
    }

    func testTheVocabularyReadsBackAsItWasWritten() {
        let vocabulary = EditorVocabulary(
            tags: ["image", "caption", "h"], imageKey: "imageName",
            assets: [
                EditorVocabulary.Asset(
                    name: "lpenguin_02", file: "Assets.xcassets/lpenguin_02.imageset/lpenguin_02.jpg",
                    url: "/files/Assets.xcassets/lpenguin_02.imageset/lpenguin_02.jpg?v=1",
                    definition: "Assets.xcassets/lpenguin_02.imageset/Contents.json"),
                EditorVocabulary.Asset(name: "odd \"name\"", file: "odd.heic", url: "", definition: "odd.heic"),
            ])
        XCTAssertEqual(BufferLinkProtocol.parseVocabulary(Array(BufferLinkProtocol.reply(vocabulary).dropLast())), vocabulary)
        XCTAssertNil(BufferLinkProtocol.parseVocabulary(bytes(#"{"tags":[]}"#)), "a vocabulary without its image key")
    }

    func testAVocabularyDropsAssetsThatPointOutsideTheFolder() {
        // "Go to definition" opens an asset's file under the preview's root: a
        // daemon's answer must not name one outside it.
        let line = bytes(
            #"{"tags":[],"imageKey":"imageName","assets":["#
                + #"{"name":"a","file":"a.png","url":"","definition":"/etc/passwd"},"#
                + #"{"name":"b","file":"../b.png","url":"","definition":"b.png"},"#
                + #"{"name":"c","file":"c.png","url":"","definition":"c.png"}]}"#)
        XCTAssertEqual(BufferLinkProtocol.parseVocabulary(line)?.assets.map(\.name), ["c"])
    }

    func testAShowEventReadsBackAndRefusesPlacesOutsideTheFolder() {
        let event = BufferLinkProtocol.showEvent(path: "Resources/speciesData.json", line: 107, column: 13)
        let shown = BufferLinkProtocol.parseShowEvent(Array(event.dropLast()))
        XCTAssertEqual(shown?.path, "Resources/speciesData.json")
        XCTAssertEqual(shown?.line, 107)
        XCTAssertEqual(shown?.column, 13)
        for line in [
            #"{"event":"show","path":"../x","line":1,"column":1}"#,
            #"{"event":"show","path":"x","line":0,"column":1}"#,
            #"{"event":"show","path":"x","line":1,"column":1e12}"#,
            #"{"event":"hide","path":"x","line":1,"column":1}"#,
        ] {
            XCTAssertNil(BufferLinkProtocol.parseShowEvent(bytes(line)), line)
        }
    }
}
