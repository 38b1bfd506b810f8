import Foundation
import GalleyCore
import XCTest

@testable import GalleyApp

/// A save of one language's file compares, with the other languages'
/// copies, only the items it changed; what it finds is what comparing the
/// whole group finds.
final class WorkspaceLocalizationTests: XCTestCase {
    private var root = ""
    private let languages = ["de", "en", "ja"]
    private let items = 12

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-localized-\(UUID().uuidString)").path
        for language in languages {
            try write(language, images: Array(repeating: ["01", "02"], count: items))
        }
        try #"{"language": "en"}"#.write(toFile: root + "/galley.json", atomically: false, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// `language`'s data file: one item per entry of `images`, each with a
    /// paragraph saying `words` and those images with their captions.
    private func write(_ language: String, images: [[String]], words: String = "Text") throws {
        let entries = images.enumerated().map { item, names in
            let lines = [#""\#(words) \#(item)""#] + names.flatMap { [#""<image>\#($0)</image>""#, #""<caption>About \#($0)</caption>""#] }
            return #"{"name": "Article \#(item)", "imageName": "article\#(item)_", "detailText": [\#(lines.joined(separator: ", "))]}"#
        }
        let folder = root + "/\(language).lproj"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try ("[" + entries.joined(separator: ",\n") + "]").write(toFile: folder + "/data.json", atomically: false, encoding: .utf8)
    }

    private func warnings(_ workspace: Workspace, _ language: String) -> [Int] {
        workspace.documentIDs(ofFile: RelativePath(rawValue: "\(language).lproj/data.json")).enumerated().compactMap { item, id in
            let diagnostics = workspace.localizations.findings(of: id)?.diagnostics ?? []
            return diagnostics.contains { $0.id == .localizationMismatch } ? item : nil
        }
    }

    func testASaveComparesOnlyTheItemsItChanged() throws {
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        XCTAssertEqual(workspace.localizationItemsCompared, items, "the load compares the group whole")
        XCTAssertEqual(languages.flatMap { warnings(workspace, $0) }, [])

        // Words only, in one item: that item is compared, and finds nothing.
        var ja = Array(repeating: ["01", "02"], count: items)
        try write("ja", images: ja, words: "Texte")
        var before = workspace.localizationItemsCompared
        workspace.apply(changed: ["ja.lproj/data.json"], removed: [])
        XCTAssertEqual(workspace.localizationItemsCompared - before, items, "every item's words changed")
        before = workspace.localizationItemsCompared
        ja[4] = ["01"]
        try write("ja", images: ja, words: "Texte")
        workspace.apply(changed: ["ja.lproj/data.json"], removed: [])
        XCTAssertEqual(workspace.localizationItemsCompared - before, 1, "one item changed")
        XCTAssertEqual(warnings(workspace, "ja"), [4], "the copy that lost an image is told")

        // The reference language's item changes to match ja's: ja's warning goes, en is told it lacks de's image.
        before = workspace.localizationItemsCompared
        var en = Array(repeating: ["01", "02"], count: items)
        en[4] = ["01"]
        try write("en", images: en)
        workspace.apply(changed: ["en.lproj/data.json"], removed: [])
        XCTAssertEqual(workspace.localizationItemsCompared - before, 1)
        XCTAssertEqual(warnings(workspace, "ja"), [])
        XCTAssertEqual(warnings(workspace, "en"), [4], "en now lacks an image de has")
        XCTAssertEqual(warnings(workspace, "de"), [])

        // An item fewer: the group's shape changed, and it is compared whole.
        before = workspace.localizationItemsCompared
        try write("de", images: Array(en.dropLast()))
        workspace.apply(changed: ["de.lproj/data.json"], removed: [])
        XCTAssertEqual(workspace.localizationItemsCompared - before, items)
        XCTAssertEqual(warnings(workspace, "de"), [items - 2], "an item fewer is told on its last item")
        XCTAssertEqual(warnings(workspace, "en"), [])

        // What the saves found is what a fresh load of the same files finds.
        let fresh = Workspace(root: root)
        fresh.apply(.everything)
        for language in languages {
            let file = RelativePath(rawValue: "\(language).lproj/data.json")
            for (id, freshID) in zip(workspace.documentIDs(ofFile: file), fresh.documentIDs(ofFile: file)) {
                XCTAssertEqual(
                    workspace.localizations.findings(of: id), fresh.localizations.findings(of: freshID), "\(language)")
            }
        }
    }
}
