import Foundation
import GalleyCore
import XCTest

@testable import GalleyApp

/// Keystrokes into an editor's buffer, through the workspace: the edit's
/// range is carried to the reader, and no keystroke copies the buffer whole.
final class WorkspaceKeystrokeTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-keystroke-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Types `keys` one at a time at `offset` of the buffer of `path`, then
    /// deletes the first of them; returns the buffer's text as the editor has it.
    private func type(_ keys: String, at offset: Int, into text: [UInt8], of path: RelativePath, in workspace: Workspace) throws -> [UInt8]
    {
        var text = text
        var at = offset
        for key in keys.utf8 {
            XCTAssertNotNil(workspace.editBuffer(for: path, replacing: at..<at, with: [key]))
            text.insert(key, at: at)
            at += 1
        }
        XCTAssertNotNil(workspace.editBuffer(for: path, replacing: offset..<(offset + 1), with: []))
        text.remove(at: offset)
        return text
    }

    /// The documents of a workspace that reads `text` from the disk, whole.
    private func freshDocuments(of path: RelativePath, _ text: [UInt8]) throws -> [PublishedDocument] {
        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("galley-keystroke-fresh-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: root, toPath: fresh)
        defer { try? FileManager.default.removeItem(atPath: fresh) }
        try Data(text).write(to: URL(fileURLWithPath: fresh + "/" + path.rawValue))
        let workspace = Workspace(root: fresh)
        workspace.apply(.everything)
        return workspace.allDocuments
    }

    func testKeystrokesInTheExamplesDataFileCopyNoWholeBufferAndReadAsTheWholeText() throws {
        try FileManager.default.removeItem(atPath: root)
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/Example").path
        try FileManager.default.copyItem(atPath: example, toPath: root)
        let path: RelativePath = "Resources/speciesData.json"
        let original = try Array(Data(contentsOf: URL(fileURLWithPath: root + "/" + path.rawValue)))
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        workspace.setBuffer(original, for: path)

        let marker = try XCTUnwrap(original.firstRange(of: Array(#""detailText""#.utf8)))
        let quote = try XCTUnwrap(original[marker.upperBound...].firstIndex(of: UInt8(ascii: "\"")))
        let parsed = workspace.bytesParsed
        let typed = try type("Keys ", at: quote + 1, into: original, of: path, in: workspace)
        XCTAssertEqual(workspace.sources.bytesCopiedByEdits, 0, "a keystroke copied the buffer")
        // Six keystrokes, each reading one string of the file, not the file.
        XCTAssertLessThan(workspace.bytesParsed - parsed, original.count, "the keystrokes read the file whole")
        XCTAssertTrue(workspace.allDocuments.contains { $0.html.contains("eys ") })

        let fresh = try freshDocuments(of: path, typed)
        XCTAssertEqual(workspace.allDocuments.map(\.html), fresh.map(\.html))
        XCTAssertEqual(workspace.allDocuments.map(\.diagnostics), fresh.map(\.diagnostics))
    }

    func testAKeystrokeInAMegabyteRichTextBufferCopiesNoWholeBufferAndReadsAsTheWholeText() throws {
        let paragraphs = (0..<15_000).map { index in "\\f0\\b Section \(index)\\b0  \\i emphasis\\i0  plain text \\u12467?\\u12460? \\\n" }
        let original = Array(("{\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}\n\\pard\\f0\\fs24 " + paragraphs.joined() + "}").utf8)
        XCTAssertGreaterThan(original.count, 1_000_000)
        let path: RelativePath = "long.rtf"
        try Data(original).write(to: URL(fileURLWithPath: root + "/" + path.rawValue))
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        workspace.setBuffer(original, for: path)

        let at = try XCTUnwrap(original.firstRange(of: Array("Section 9000".utf8))).lowerBound
        let parsed = workspace.bytesParsed
        let typed = try type("new ", at: at, into: original, of: path, in: workspace)
        XCTAssertEqual(workspace.sources.bytesCopiedByEdits, 0, "a keystroke copied the buffer")
        XCTAssertLessThan(
            workspace.bytesParsed - parsed, 5 * 3 * RTFReader.checkpointSpacing, "more than the edited paragraphs were parsed")

        let fresh = try freshDocuments(of: path, typed)
        XCTAssertTrue(fresh.allSatisfy { $0.html.contains("ew Section 9000") })
        XCTAssertEqual(workspace.allDocuments.map(\.html), fresh.map(\.html))
        XCTAssertEqual(workspace.allDocuments.map(\.diagnostics), fresh.map(\.diagnostics))
    }

    func testABufferSetWholeAgainIsReadAsTheNewText() throws {
        let paragraphs = (0..<400).map { "\\b Section \($0)\\b0  plain text\\par\n" }
        let original = Array(("{\\rtf1\\ansi\n" + paragraphs.joined() + "}").utf8)
        let path: RelativePath = "set.rtf"
        try Data(original).write(to: URL(fileURLWithPath: root + "/" + path.rawValue))
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        workspace.setBuffer(original, for: path)
        var text = try type("ab", at: 200, into: original, of: path, in: workspace)
        // An editor that sends the whole text, then edits it again.
        text.replaceSubrange(3000..<3010, with: Array("whole text".utf8))
        workspace.setBuffer(text, for: path)
        text = try type("cd", at: 100, into: text, of: path, in: workspace)
        let fresh = try freshDocuments(of: path, text)
        XCTAssertTrue(fresh.allSatisfy { $0.html.contains("whole text") })
        XCTAssertEqual(workspace.allDocuments.map(\.html), fresh.map(\.html))
        XCTAssertEqual(workspace.allDocuments.map(\.diagnostics), fresh.map(\.diagnostics))
    }
}
