import Foundation
import GalleyCore
import XCTest

@testable import GalleyApp

/// One save of the README's example, followed through the workspace: what
/// each layer compares, and what it only writes down.
final class WorkspaceSaveTests: XCTestCase {
    private var root = ""
    private let dataFile = "Resources/speciesData.json"
    /// The data file as the example has it.
    private var original = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-save-\(UUID().uuidString)").path
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Assets/Example").path
        try FileManager.default.copyItem(atPath: example, toPath: root)
        original = try String(contentsOfFile: root + "/" + dataFile, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The example's data file with `words` put at the start of the first
    /// string of the first item's text, as an author types into it.
    private func edited(_ words: String) throws -> String {
        let text = original
        let marker = try XCTUnwrap(text.range(of: #""detailText""#))
        let array = try XCTUnwrap(text.range(of: "[", range: marker.upperBound..<text.endIndex))
        let quote = try XCTUnwrap(text.range(of: "\"", range: array.upperBound..<text.endIndex))
        return text.replacingCharacters(in: quote.upperBound..<quote.upperBound, with: words)
    }

    private func save(_ text: String, in workspace: Workspace) throws -> WorkspaceChanges {
        try text.write(toFile: root + "/" + dataFile, atomically: false, encoding: .utf8)
        return workspace.apply(changed: [RelativePath(rawValue: dataFile)], removed: [])
    }

    func testASaveIsComparedForChangeOnceByTheReader() throws {
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        let documents = workspace.documentIDs(ofFile: RelativePath(rawValue: dataFile))
        XCTAssertGreaterThan(documents.count, 1, "the example has several articles, of which one is edited")
        // The first save reads the file again whole: what the reader compares with is kept from then on.
        _ = try save(try edited("First "), in: workspace)

        let before = workspace.changeComparisons
        let changes = try save(try edited("Second "), in: workspace)
        let after = workspace.changeComparisons
        XCTAssertEqual(changes.changed.map(\.id), [documents[0]], "only the edited article is told")
        XCTAssertTrue(changes.changed[0].html.contains("Second "))
        XCTAssertEqual(after.byReader - before.byReader, 1, "the reader did not say what changed")
        XCTAssertEqual(after.byIndex - before.byIndex, 0, "the index compared the documents again")
        XCTAssertEqual(after.byPage - before.byPage, 0, "the rendering was compared with the published page again")

        // The same bytes again: the reader finds nothing changed, and nothing is rendered or compared after it.
        let again = try save(try edited("Second "), in: workspace).changed
        XCTAssertEqual(again.count, 0)
        XCTAssertEqual(workspace.changeComparisons.byIndex, after.byIndex)
        XCTAssertEqual(workspace.changeComparisons.byPage, after.byPage)
    }

    /// A folder of many articles keeps no reading to resume from at its load
    /// (that was most of a large folder's memory); a file's first save reads
    /// it whole and keeps it, so the next saves of it resume.
    func testTheLoadOfManyFilesKeepsNoReadingToResumeFrom() throws {
        let files = (0..<(SourceCache.mostFilesKeptForResuming + 6)).map { "Many/articles\($0).json" }
        try FileManager.default.createDirectory(atPath: root + "/Many", withIntermediateDirectories: true)
        for file in files { try original.write(toFile: root + "/" + file, atomically: false, encoding: .utf8) }
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        XCTAssertGreaterThan(original.utf8.count, 4 * 1024, "the files are large enough to be kept when read alone")
        XCTAssertEqual(workspace.sources.resumableReadingCount, 0)

        try edited("First ").write(toFile: root + "/" + files[0], atomically: false, encoding: .utf8)
        let first = workspace.apply(changed: [RelativePath(rawValue: files[0])], removed: [])
        XCTAssertEqual(first.changed.count, 1, "the first save, read whole, shows the edited article")
        XCTAssertEqual(workspace.sources.resumableReadingCount, 1)
        let parsed = workspace.sources.bytesParsed
        try edited("Second ").write(toFile: root + "/" + files[0], atomically: false, encoding: .utf8)
        XCTAssertTrue(workspace.apply(changed: [RelativePath(rawValue: files[0])], removed: []).changed[0].html.contains("Second "))
        XCTAssertLessThan(workspace.sources.bytesParsed - parsed, original.utf8.count / 2, "the second save resumes")
    }

    /// A file read ahead of its writer's close: its close with the same bytes finds nothing more to tell, and
    /// another version read ahead and undone shows the documents as they were, with nothing rendered from the
    /// undone text. A write far from the last size is not read ahead.
    func testAReadAheadIsConfirmedByTheCloseOrUndone() throws {
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        let path = RelativePath(rawValue: dataFile)
        let article = try XCTUnwrap(workspace.documentIDs(ofFile: path).first)
        _ = try save(try edited("First "), in: workspace) // read whole; kept from then on

        try edited("Ahead ").write(toFile: root + "/" + dataFile, atomically: false, encoding: .utf8)
        let ahead = try XCTUnwrap(workspace.readAhead(path, after: nil))
        XCTAssertEqual(ahead.changes.changed.map(\.id), [article])
        XCTAssertTrue(ahead.changes.changed[0].html.contains("Ahead "))
        let before = workspace.changeComparisons
        XCTAssertTrue(workspace.apply(changed: [path], removed: []).isEmpty, "the close found more than the read-ahead took in")
        XCTAssertEqual(workspace.changeComparisons.byIndex, before.byIndex)
        XCTAssertEqual(workspace.changeComparisons.byPage, before.byPage)

        try edited("Undone ").write(toFile: root + "/" + dataFile, atomically: false, encoding: .utf8)
        let undone = workspace.undo(try XCTUnwrap(workspace.readAhead(path, after: nil)))
        let shown = try XCTUnwrap(undone.changed.first { $0.id == article })
        XCTAssertTrue(shown.html.contains("Ahead ") && !shown.html.contains("Undone "), "the undo did not go back to the last reading")

        try (edited("Ahead ") + String(repeating: " ", count: ReadAhead.largestSizeChange + 1))
            .write(toFile: root + "/" + dataFile, atomically: false, encoding: .utf8)
        XCTAssertTrue(workspace.readAhead(path, after: nil) == nil, "a write far from the last size was read ahead")
    }
}
