import GalleyCore
import GalleySystem
import XCTest

@testable import GalleyApp

/// The workspace on real files in a temporary folder (no watcher, no HTTP).
final class WorkspaceTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-workspace-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    private func write(_ path: String, _ data: Data) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    private func png(width: UInt8) -> Data {
        Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, width, 0, 0, 0, 10])
    }

    private let data = #"[{"name": "P", "imageName": "p", "detailText": ["<image>01</image>", "<image>02</image>", "<image>03</image>"]}]"#

    func testAssetsResolveFromImageSetsLargestScaleThenPlainFiles() throws {
        try write("Resources/data.json", data)
        try write(
            "Assets.xcassets/p_01.imageset/Contents.json",
            #"{"images": [{"filename": "small.png", "scale": "1x"}, {"filename": "big.png", "scale": "2x"}]}"#)
        try write("Assets.xcassets/p_01.imageset/small.png", png(width: 1))
        try write("Assets.xcassets/p_01.imageset/big.png", png(width: 2))
        try write("images/p_02.png", png(width: 3))
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        let document = try XCTUnwrap(workspace.allDocuments.first)
        XCTAssertTrue(document.html.contains("/files/Assets.xcassets/p_01.imageset/big.png?v="))
        XCTAssertTrue(document.html.contains("width=\"2\" height=\"10\""))
        XCTAssertTrue(document.html.contains("/files/images/p_02.png?v="))
        XCTAssertEqual(
            document.diagnostics.map(\.diagnostic.formatted),
            [
                "Resources/data.json:1:91: warning: no image set or image file named 'p_03'; did you mean 'p_01'?"
            ])
        XCTAssertNotNil(document.diagnostics.first?.blockID)
    }

    func testASavedStringsFileRendersOnlyTheDocumentsItTitles() throws {
        try write("Resources/data.json", data)
        try write("galley.json", #"{"titles": {"*.lproj/Help.txt": "title-HelpView"}}"#)
        try write("en.lproj/Help.txt", "Help text.")
        try write("ja.lproj/Help.txt", "ヘルプの本文。")
        try write("en.lproj/Localizable.strings", #""title-HelpView" = "Help";"#)
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        XCTAssertEqual(
            Dictionary(uniqueKeysWithValues: workspace.allDocuments.map { ($0.path, $0.title) }),
            ["Resources/data.json": "P", "en.lproj/Help.txt": "Help", "ja.lproj/Help.txt": "title-HelpView"])
        try write("ja.lproj/Localizable.strings", #""title-HelpView" = "ヘルプ";"#)
        let changes = workspace.apply(changed: ["ja.lproj/Localizable.strings"], removed: [])
        // English looks the same: only the Japanese page is told.
        XCTAssertEqual(changes.changed.map { "\($0.path) \($0.title)" }, ["ja.lproj/Help.txt ヘルプ"])
        XCTAssertEqual(workspace.allDiagnostics.filter { $0.id == .missingTranslation }, [])
        XCTAssertTrue(workspace.apply(changed: ["ja.lproj/Localizable.strings"], removed: []).changed.isEmpty)
    }

    func testImagesCopiedAcrossTextEditsFollowTheirFiles() throws {
        try write("data.json", data)
        try write("p_01.png", png(width: 1))
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        // A text edit copies the image blocks from the last rendering, and keeps their warnings.
        try write(
            "data.json", data.replacingOccurrences(of: #""<image>01</image>", "#, with: #""<image>01</image>", "A new paragraph.", "#))
        workspace.apply(changed: ["data.json"], removed: [])
        var document = try XCTUnwrap(workspace.allDocuments.first)
        XCTAssertTrue(document.html.contains("A new paragraph.") && document.html.contains("width=\"1\" height=\"10\""))
        XCTAssertEqual(
            document.diagnostics.map(\.diagnostic.message),
            ["p_02", "p_03"].map { "no image set or image file named '\($0)'; did you mean 'p_01'?" })
        // Then the image changes, and the next text edit must not bring the old one back.
        try write("p_01.png", png(width: 9))
        workspace.apply(changed: ["p_01.png"], removed: [])
        try write("data.json", data)
        workspace.apply(changed: ["data.json"], removed: [])
        document = try XCTUnwrap(workspace.allDocuments.first)
        XCTAssertFalse(document.html.contains("A new paragraph."))
        XCTAssertTrue(document.html.contains("width=\"9\" height=\"10\""))
        try FileManager.default.removeItem(atPath: root + "/p_01.png")
        workspace.apply(changed: [], removed: ["p_01.png"])
        document = try XCTUnwrap(workspace.allDocuments.first)
        XCTAssertFalse(document.html.contains("width=\"9\""))
        XCTAssertEqual(document.diagnostics.count, 3, "every image is missing now")
    }

    /// 10,000 documents kept 10,000 copies of the 3.7 KB style sheet (42 MB) before.
    func testTheCaptionContrastIsSaidOnceOnTheFirstDocumentToUseTheKindAndFollowsIt() throws {
        let captioned =
            #"[{"name": "A", "imageName": "a", "detailText": ["text", "<caption>c</caption>"]}, {"name": "B", "imageName": "a", "#
            + #""detailText": ["<caption>d</caption>"]}]"#
        try write("a.json", #"[{"name": "Plain", "imageName": "a", "detailText": ["no caption"]}]"#)
        try write("b.json", captioned)
        try write("c.json", captioned)
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        func carriers() -> [String] {
            workspace.allDocuments.filter { $0.diagnostics.contains { $0.diagnostic.id == .lowContrast } }.map(\.title)
        }
        func contrast(_ title: String) -> PageDiagnostic? {
            workspace.allDocuments.first { $0.title == title }?.diagnostics.first { $0.diagnostic.id == .lowContrast }
        }
        // a.json comes first but has no caption: b.json's first item, at its caption, and marked on no block.
        XCTAssertEqual(carriers(), ["A"])
        XCTAssertEqual(contrast("A")?.diagnostic.location, SourceLocation(line: 1, column: 57))
        XCTAssertNil(contrast("A")?.blockID)
        // b.json no longer reads: its last good documents show its error, c.json's the contrast.
        try write("b.json", "[")
        workspace.apply(changed: ["b.json"], removed: [])
        XCTAssertEqual(
            workspace.allDocuments.filter { $0.path == "c.json" && $0.diagnostics.contains { $0.diagnostic.id == .lowContrast } }.map(
                \.item), [0])
        XCTAssertFalse(
            workspace.allDocuments.contains { $0.path == "b.json" && $0.diagnostics.contains { $0.diagnostic.id == .lowContrast } })
        // a.json gains a caption: it says it now, and c.json no longer does.
        try write("b.json", captioned)
        try write("a.json", #"[{"name": "Plain", "imageName": "a", "detailText": ["<caption>now</caption>"]}]"#)
        workspace.apply(changed: ["a.json", "b.json"], removed: [])
        XCTAssertEqual(carriers(), ["Plain"])
        // A galley.json takes it to its own start, still carried by that one page.
        try write("galley.json", #"{"device": {"width": 390}}"#)
        workspace.apply(changed: ["galley.json"], removed: [])
        XCTAssertEqual(carriers(), ["Plain"])
        XCTAssertEqual(contrast("Plain")?.diagnostic.path, "galley.json")
        XCTAssertEqual(workspace.diagnostics(ofFile: "galley.json").map(\.id), [.lowContrast])
        // An item put before it in its file: the caption's first user is now the file's second document.
        try write(
            "a.json",
            #"[{"name": "First", "imageName": "a", "detailText": ["no caption"]}, {"name": "Plain", "imageName": "a", "detailText": "#
                + #"["<caption>now</caption>"]}]"#
        )
        workspace.apply(changed: ["a.json"], removed: [])
        XCTAssertEqual(carriers(), ["Plain"])
        XCTAssertEqual(workspace.allDocuments.first { $0.title == "Plain" }?.item, 1)
    }

    func testACaptionPastItsKindsLineLimitIsWarnedAboutAtItsBlockAndComesAndGoesWithTheLimit() throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf") else {
            throw XCTSkip("fonts-liberation is not installed")
        }
        let long = "A little penguin rests on the rocks at dusk, waiting for the others to come ashore"
        try write(
            "data.json",
            #"[{"name": "A", "imageName": "a", "detailText": ["<image>01</image>", "<caption>"# + long
                + #"</caption>", "<image>02</image>", "<caption>Short</caption>"]}]"#)
        try write(
            "galley.json", #"{"kinds": [{"name": "image"}, {"name": "caption", "follows": ["image"], "maxLines": 2}, {"name": "body"}]}"#)
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        func limits() -> [PageDiagnostic] {
            workspace.allDocuments.flatMap(\.diagnostics).filter { $0.diagnostic.id == .lineLimit }
        }
        // Baskerville's stand-in at 16 pt scaled by Body: 21.6 pt at xxxLarge, where 83 characters take three lines of 358 pt.
        XCTAssertEqual(
            limits().map(\.diagnostic.formatted),
            ["data.json:1:70: warning: 'caption' text wraps to 3 lines from text size xxxLarge (limit 2) at 390 pt"])
        XCTAssertEqual(limits().first?.diagnostic.lineCounts.count, 12)
        XCTAssertNotNil(limits().first?.blockID, "the page marks the caption")
        // A wider device and the warning goes; no limit and it does not come back.
        try write(
            "galley.json",
            #"{"kinds": [{"name": "image"}, {"name": "caption", "follows": ["image"], "maxLines": 2}, {"name": "body"}], "device": "#
                + #"{"width": 1024}}"#
        )
        workspace.apply(changed: ["galley.json"], removed: [])
        XCTAssertEqual(limits().count, 0)
        try write("galley.json", #"{"device": {"width": 390}}"#)
        workspace.apply(changed: ["galley.json"], removed: [])
        XCTAssertEqual(limits().count, 0)
    }

    /// A rich-text document's lines are as tall as the face that draws each
    /// font it names: a font file put in `galley.json`'s `fonts` folder
    /// renders the documents again, with that face's line height (Linux
    /// Libertine O's 1.14 em, named by its PostScript name, which no
    /// installed face answers to).
    func testARichTextDocumentsLinesFollowTheAppsFontFiles() throws {
        let libertine = "/usr/share/fonts/opentype/linux-libertine/LinLibertine_R.otf"
        guard FileManager.default.fileExists(atPath: libertine) else { throw XCTSkip("fonts-linuxlibertine is not installed") }
        try write("galley.json", #"{"fonts": "Fonts"}"#)
        try write("Help.rtf", #"{\rtf1{\fonttbl\f0 LinLibertineO;}\f0 In the app's own face.\par}"#)
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        func paragraph() throws -> String {
            let html = try XCTUnwrap(workspace.allDocuments.first).html
            return String(try XCTUnwrap(html.split(separator: "<p").dropFirst().first))
        }
        let standIn = try paragraph()
        XCTAssertFalse(standIn.contains("line-height:1.14;"), standIn)
        try write("Fonts/LinLibertine_R.otf", try Data(contentsOf: URL(fileURLWithPath: libertine)))
        workspace.apply(changed: ["Fonts/LinLibertine_R.otf"], removed: [])
        let bundled = try paragraph()
        XCTAssertTrue(bundled.hasPrefix(#" style="line-height:1.14;font-family:'LinLibertineO',"#), bundled)
        workspace.apply(changed: [], removed: ["Fonts/LinLibertine_R.otf"])
        XCTAssertEqual(try paragraph(), standIn)
    }

    func testDocumentsShareOneStyleSheetInMemory() throws {
        for index in 0..<3 {
            try write("part/a\(index).json", #"[{"name": "A"# + "\(index)" + #"", "detailText": ["Text"]}]"#)
        }
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        let documents = workspace.allDocuments
        XCTAssertEqual(documents.count, 3)
        let storage = Set(
            documents.map { document in
                document.css.css.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) } ?? 0
            })
        XCTAssertEqual(storage.count, 1, "each document has its own copy of the style sheet")
        XCTAssertFalse(storage.contains(0))
    }

    /// The work of a served load, counted: no document's HTML is made until
    /// it is asked for, except where a problem points at a block (the block
    /// ids are the rendering's); every problem is found all the same.
    func testServedDocumentsAreRenderedWhenAskedForUnlessAProblemPointsAtABlock() throws {
        try write("p_01.png", png(width: 1))
        try write("fine.json", #"[{"name": "Fine", "imageName": "p", "detailText": ["Pelicans glide.", "<image>01</image>"]}]"#)
        try write("missing.json", #"[{"name": "Missing", "imageName": "p", "detailText": ["Gulls.", "<image>02</image>"]}]"#)
        try write("notes.txt", "Plain notes.")
        let workspace = Workspace(root: root, output: .served)
        workspace.apply(.everything)
        XCTAssertEqual(workspace.allDocuments.filter(\.isRendered).map(\.path), ["missing.json"])
        let missing = try XCTUnwrap(workspace.allDocuments.first { $0.path == "missing.json" })
        XCTAssertEqual(
            missing.diagnostics.map(\.diagnostic.formatted),
            ["missing.json:1:65: warning: no image set or image file named 'p_02'; did you mean 'p_01'?"])
        XCTAssertNotNil(missing.diagnostics.first?.blockID)
        let fine = try XCTUnwrap(workspace.allDocuments.first { $0.path == "fine.json" })
        XCTAssertEqual(fine.diagnostics, [])
        XCTAssertTrue(fine.html.contains("Pelicans glide.") && fine.html.contains("/files/p_01.png?v="), fine.html)
        XCTAssertTrue(fine.isRendered)
        XCTAssertEqual(workspace.allDocuments.filter(\.isRendered).map(\.path), ["fine.json", "missing.json"])
        // Rendered as it would have been at once: as `render` makes it, where every document is.
        let written = Workspace(root: root, output: .checking)
        written.apply(.everything)
        XCTAssertEqual(written.allDocuments.first { $0.path == "fine.json" }?.html, fine.html)
        // The next save of a document asked for copies its blocks, so that its pages get a patch.
        try write("fine.json", #"[{"name": "Fine", "imageName": "p", "detailText": ["Pelicans glide low.", "<image>01</image>"]}]"#)
        let saved = try XCTUnwrap(workspace.apply(changed: ["fine.json"], removed: []).changed.first)
        XCTAssertTrue(saved.rendered.changes?.basis == fine.rendered.identity)
        XCTAssertTrue(saved.html.contains("Pelicans glide low."))
    }

    /// A document whose warning points at a block is rendered at load for
    /// the block's id, and keeps no HTML until a page asks: the rendering
    /// made then has the block the warning names.
    func testAWarnedDocumentKeepsNoHTMLUntilAskedAndItsRenderingHasTheMarkedBlock() throws {
        try write("warned.json", #"[{"name": "Warned", "imageName": "p", "detailText": ["Gulls.", "<imgae>02</imgae>"]}]"#)
        let workspace = Workspace(root: root, output: .served)
        workspace.apply(.everything)
        let warned = try XCTUnwrap(workspace.allDocuments.first)
        XCTAssertEqual(warned.diagnostics.map(\.diagnostic.id), [.unknownTag])
        let blockID = try XCTUnwrap(warned.diagnostics.first?.blockID)
        XCTAssertFalse(warned.isRendered, "no page asked for it")
        XCTAssertTrue(warned.rendered.blockIDs.contains(blockID), "\(blockID) in \(warned.rendered.blockIDs)")
        XCTAssertTrue(warned.isRendered)
    }

    func testChangedImageRerendersItsUsersWithANewURL() throws {
        try write("data.json", data)
        try write("p_01.png", png(width: 1))
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        let before = try XCTUnwrap(workspace.allDocuments.first)
        try write("p_01.png", png(width: 9))
        let changes = workspace.apply(changed: ["p_01.png"], removed: [])
        XCTAssertEqual(changes.changed.map(\.id), [before.id])
        XCTAssertNotEqual(changes.changed.first?.html, before.html)
    }

    func testBrokenFileKeepsLastGoodRenderingAndAddsTheError() throws {
        try write("data.json", data)
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        let good = try XCTUnwrap(workspace.allDocuments.first)
        try write("data.json", "[{\"name\": \"P\",\n \"detailText\": [\"a\" \"b\"]}]")
        let changes = workspace.apply(changed: ["data.json"], removed: [])
        let broken = try XCTUnwrap(workspace.allDocuments.first)
        XCTAssertEqual(broken.html, good.html)
        XCTAssertEqual(
            broken.diagnostics.first { $0.diagnostic.severity == .error }?.diagnostic.formatted,
            "data.json:2:20: error: missing ',' between array elements")
        XCTAssertEqual(changes.changed.map(\.id), [good.id], "the error is a new version to publish")
        try write("data.json", data)
        workspace.apply(changed: ["data.json"], removed: [])
        XCTAssertFalse(workspace.allDocuments.first?.diagnostics.contains { $0.diagnostic.severity == .error } ?? true)
    }

    func testUnchangedSaveKeepsTheVersion() throws {
        try write("data.json", data)
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        XCTAssertTrue(workspace.apply(changed: ["data.json"], removed: []).changed.isEmpty)
    }

    func testAWordEditedInALargeRichTextDocumentParsesAroundTheEditAlone() throws {
        let paragraphs = (0..<2_000).map { index in "\\f0\\b Section \(index)\\b0  \\i emphasis\\i0  plain text \\u12467?\\u12460? \\\n" }
        let text = "{\\rtf1\\ansi{\\fonttbl\\f0\\fswiss Helvetica;}\n\\pard\\f0\\fs24 " + paragraphs.joined() + "}"
        for path in ["long.rtf", "Long.rtfd/TXT.rtf"] {
            try write(path, text)
            let workspace = Workspace(root: root)
            workspace.apply(.everything)
            let parsed = workspace.bytesParsed
            XCTAssertEqual(parsed, text.utf8.count)
            try write(path, text.replacingOccurrences(of: "Section 1200\\b0", with: "Chapter 1200\\b0"))
            let changes = workspace.apply(changed: [RelativePath(rawValue: path)], removed: [])
            XCTAssertLessThan(
                workspace.bytesParsed - parsed, 3 * RTFReader.checkpointSpacing, "more than the edited paragraphs were parsed")
            XCTAssertEqual(changes.changed.count, 1)

            // The same as a workspace that reads the file fresh.
            let fresh = Workspace(root: root)
            fresh.apply(.everything)
            XCTAssertTrue(fresh.allDocuments.allSatisfy { $0.html.contains("Chapter 1200") })
            XCTAssertEqual(workspace.allDocuments.map(\.html), fresh.allDocuments.map(\.html))
            XCTAssertEqual(workspace.allDocuments.map(\.diagnostics), fresh.allDocuments.map(\.diagnostics))
            try FileManager.default.removeItem(atPath: root + "/" + path)
        }
    }

    /// An editor names a bundle's text file, the file it opens: its pages
    /// and the line it follows are those of the bundle's document.
    func testAnEditorsBundleTextFileNamesTheBundlesDocument() throws {
        let text: RelativePath = "Notes.rtfd/TXT.rtf"
        try write(text.rawValue, "{\\rtf1\\ansi\\pard First\\par\nSecond\\par}")
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        let ids = workspace.documentIDs(ofFile: text)
        XCTAssertEqual(ids, workspace.allDocuments.map(\.id))
        XCTAssertEqual(ids.count, 1)

        workspace.setBuffer(Array("{\\rtf1\\ansi\\pard First\\par\nSecond edited\\par}".utf8), for: text)
        XCTAssertTrue(workspace.isSettled(text))
        XCTAssertEqual(workspace.allDocuments.map(\.unsaved), [true])
        let line = try XCTUnwrap(ids.first.flatMap { workspace.index.sources[$0]?.document.blocks.last?.location.line })
        let followed = workspace.follow(path: text, line: line)
        XCTAssertEqual(followed.changed.map(\.id), ids)
        XCTAssertEqual(followed.changed.first?.follow?.line, line)
    }

    /// A bundle's copies that differ between languages are told in the
    /// bundle's text file, where its other problems are and the file an
    /// editor opens: while the bundle's path named them, an editor showing
    /// `ja.lproj/Help.rtfd/TXT.rtf` was never told, and the page marked no block.
    func testALocalisedBundlesDifferencesAreToldInItsTextFile() throws {
        let picture = "{{\\NeXTGraphic photo.png \\width2000 \\height1000\n}\\'ac}"
        for language in ["en", "ja"] {
            try write("\(language).lproj/Help.rtfd/photo.png", png(width: 20))
        }
        try write("en.lproj/Help.rtfd/TXT.rtf", "{\\rtf1\\ansi\\pard Intro\\par\n\\pard Text \(picture) after\\par}")
        try write("ja.lproj/Help.rtfd/TXT.rtf", "{\\rtf1\\ansi\\pard Intro\\par\n\\pard Text after\\par}")
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        let text: RelativePath = "ja.lproj/Help.rtfd/TXT.rtf"
        let told = workspace.diagnostics(ofFile: text).filter { $0.id == .localizationMismatch }
        XCTAssertEqual(told.map(\.path), [text], "the copy without the picture is told, in its text file")
        let page = try XCTUnwrap(workspace.allDocuments.first { $0.path == "ja.lproj/Help.rtfd" })
        XCTAssertEqual(page.diagnostics.filter { $0.diagnostic.id == .localizationMismatch }.map { $0.blockID != nil }, [true])
    }

    func testAWordEditedInALargeDataFileParsesThatItemAlone() throws {
        let items = (0..<300).map { index in
            #"{"name": "Item \#(index)", "imageName": "p", "#
                + #""detailText": ["Paragraph one of item \#(index), long enough to matter.", "Paragraph two of item \#(index)."]}"#
        }
        let text = "[\n" + items.joined(separator: ",\n") + "\n]\n"
        try write("large.json", text)
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        let parsed = workspace.bytesParsed
        XCTAssertEqual(parsed, text.utf8.count)
        try write("large.json", text.replacingOccurrences(of: "Paragraph two of item 42.", with: "Paragraph two of item 42, edited."))
        let changes = workspace.apply(changed: ["large.json"], removed: [])
        XCTAssertLessThan(workspace.bytesParsed - parsed, 200, "more than the edited item was parsed")
        XCTAssertEqual(changes.changed.count, 1)
        let edited = try XCTUnwrap(workspace.allDocuments.first { $0.title == "Item 42" })
        XCTAssertTrue(edited.html.contains("Paragraph two of item 42, edited."))

        // The same as a workspace that reads the file fresh.
        let fresh = Workspace(root: root)
        fresh.apply(.everything)
        XCTAssertEqual(workspace.allDocuments.map(\.html), fresh.allDocuments.map(\.html))
        XCTAssertEqual(workspace.allDocuments.map(\.diagnostics), fresh.allDocuments.map(\.diagnostics))
    }

    /// The searchable words are the document's as it was saved (collected
    /// when the index asks, `DocumentList`).
    func testAPublishedDocumentSearchesTheWordsOfItsLastSave() throws {
        try write("data.json", #"[{"name": "P", "imageName": "p", "detailText": ["Pelicans glide.", "<image>01</image>"]}]"#)
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        XCTAssertEqual(workspace.allDocuments.first?.searchableText, "pelicans glide")
        try write("data.json", #"[{"name": "P", "imageName": "p", "detailText": ["Pelicans glide low.", "<image>01</image>"]}]"#)
        let changes = workspace.apply(changed: ["data.json"], removed: [])
        XCTAssertEqual(changes.changed.first?.searchableText, "pelicans glide low")
    }

    /// The work of a load, counted: loaded from the files the watcher's walk
    /// found, the workspace lists no folder; told of everything, once.
    func testALoadFromTheFilesFoundListsNoFolderAndEverythingListsItOnce() throws {
        try write("Resources/data.json", data)
        try write("notes/page.html", "<p>hello</p>")
        let workspace = Workspace(root: root)
        workspace.apply(.found(["Resources/data.json", "notes/page.html"], leadingOutside: []))
        XCTAssertEqual(workspace.files.listings.steps, 0)
        XCTAssertEqual(Set(workspace.allDocuments.map(\.path)), ["Resources/data.json", "notes/page.html"])
        workspace.apply(.everything)
        XCTAssertEqual(workspace.files.listings.steps, 1)
    }

    func testRemovedFileRemovesItsDocuments() throws {
        try write("data.json", data)
        try write("other.json", #"{"not": "content"}"#)
        let workspace = Workspace(root: root)
        workspace.apply(.everything)
        XCTAssertEqual(workspace.allDocuments.count, 1)
        let changes = workspace.apply(changed: [], removed: ["data.json"])
        XCTAssertEqual(workspace.allDocuments.count, 0)
        XCTAssertEqual(changes.removed.count, 1)
    }

    /// Slow files' work, held until the test lets it run: the gate a
    /// daemon's own queue for slow files would be.
    private final class HeldWork: Sendable {
        private let work = Locked<[@Sendable () -> SlowWork.Done]>([])
        func hold(_ job: @escaping @Sendable () -> SlowWork.Done) { work.withLock { $0.append(job) } }
        var count: Int { work.withLock { $0.count } }
        func run(_ index: Int) -> SlowWork.Done { work.withLock { $0[index] }() }
    }

    func testOnlyAFileLargeEnoughToBeReadInPartKeepsWhatItsNextReadingResumesFrom() throws {
        let paragraphs = (0..<100).map { "\"Paragraph \($0) of an item long enough to be read in part.\"" }.joined(separator: ", ")
        try write("large.json", #"[{"name": "Large", "detailText": ["# + paragraphs + "]}]")
        try write("small.json", #"[{"name": "Small", "detailText": ["one"]}]"#)
        var cache = SourceCache(folder: ContentFolder(root: root))
        let files = try Set(["large.json", "small.json"].map { try XCTUnwrap(ContentFormats.file(containing: $0)) })
        let results = cache.read(files, config: GalleyConfig()).results
        XCTAssertEqual(results.map(\.file.path), ["large.json", "small.json"])
        // A load holds every result at once: a small file's strings' readings go with its result.
        XCTAssertEqual(results.map { $0.snapshot?.canReadInPart }, [true, false])
        for result in results {
            guard case .documents(let sources) = result.reading else { return XCTFail("\(result.file.path) was not read") }
            XCTAssertEqual(sources.count, 1)
        }
    }

    /// What a save replaced is handed to the caller, to be let go of once
    /// pages are answered: the last rendering of each document it changed,
    /// and the last reading of a file large enough to be read in part (a
    /// small file's reading is not kept). Nothing is handed back twice.
    func testASaveHandsBackTheRenderingAndTheReadingItReplaced() throws {
        let paragraphs = (0..<100).map { "\"Paragraph \($0) of an item long enough to be read in part.\"" }
        func large(_ first: String) -> String {
            #"[{"name": "Large", "detailText": [""# + first + #"", "# + paragraphs.joined(separator: ", ") + "]}]"
        }
        try write("large.json", large("First"))
        try write("small.json", #"[{"name": "Small", "detailText": ["one", "two"]}]"#)
        let workspace = Workspace(root: root)
        let load = workspace.apply(.everything).retired
        XCTAssertEqual([load.renderings.count, load.readings.count], [0, 0], "a first load replaced nothing")

        try write("large.json", large("First, edited"))
        let largeSave = workspace.apply(changed: ["large.json"], removed: [])
        XCTAssertEqual(largeSave.changed.count, 1)
        XCTAssertEqual(largeSave.retired.renderings.map(\.document.title), ["Large"])
        XCTAssertEqual(largeSave.retired.readings.count, 1)
        XCTAssertEqual(largeSave.retired.blockCount, 101, "the rendering and the reading share their 101 blocks")

        try write("small.json", #"[{"name": "Small", "detailText": ["one", "two, edited"]}]"#)
        let smallSave = workspace.apply(changed: ["small.json"], removed: []).retired
        XCTAssertEqual(smallSave.renderings.map(\.document.title), ["Small"])
        XCTAssertEqual(smallSave.readings.count, 0, "a small file's reading is not kept")
        let nothing = workspace.apply(changed: [], removed: []).retired
        XCTAssertEqual([nothing.renderings.count, nothing.readings.count], [0, 0], "handed back twice")
    }

    func testASlowFileIsReadAndRenderedInTheBackgroundWhileOtherSavesArePublished() throws {
        // One item whose paragraphs make a file larger than one read in place.
        func big(_ word: String) -> String {
            let paragraphs = (0..<4_000).map { "\"Paragraph \($0) of the long item, long enough to count for something.\"" }
            return #"[{"name": "Long", "detailText": ["# + "\"\(word)\", " + paragraphs.joined(separator: ",\n") + "]}]"
        }
        XCTAssertGreaterThan(big("first").utf8.count, SourceCache.largestFileReadInPlace)
        try write("big.json", big("first"))
        try write("small.json", #"[{"name": "Small", "detailText": ["one"]}]"#)
        let held = HeldWork()
        let workspace = Workspace(root: root) { held.hold($0) }
        workspace.apply(.everything)
        XCTAssertEqual(held.count, 0, "a file never read yet is read in place")
        func text(of title: String) -> String { workspace.allDocuments.first { $0.title == title }?.html ?? "" }

        try write("big.json", big("second"))
        XCTAssertTrue(workspace.apply(changed: ["big.json"], removed: []).changed.isEmpty, "the slow file was read in place")
        XCTAssertEqual(held.count, 1)
        // While its reading is held, another file's save reaches its page.
        try write("small.json", #"[{"name": "Small", "detailText": ["two"]}]"#)
        XCTAssertEqual(workspace.apply(changed: ["small.json"], removed: []).changed.map(\.title), ["Small"])
        XCTAssertTrue(text(of: "Small").contains("two"))

        // A newer save while the reading is in flight supersedes it: read again when it is back.
        try write("big.json", big("third"))
        XCTAssertTrue(workspace.apply(changed: ["big.json"], removed: []).changed.isEmpty)
        XCTAssertEqual(held.count, 1, "a second reading of the same file started while one is in flight")
        XCTAssertTrue(workspace.finish(held.run(0)).changed.isEmpty, "a superseded reading was published")
        XCTAssertEqual(held.count, 2)
        // The reading that is current is rendered aside too, and published when that is back.
        XCTAssertTrue(workspace.finish(held.run(1)).changed.isEmpty, "the slow file was rendered in place")
        XCTAssertEqual(held.count, 3)
        XCTAssertTrue(text(of: "Long").contains("first"))
        XCTAssertEqual(workspace.finish(held.run(2)).changed.map(\.title), ["Long"])
        XCTAssertTrue(text(of: "Long").contains("third"))

        // A file removed while it is read aside stays removed.
        try write("big.json", big("fourth"))
        workspace.apply(changed: ["big.json"], removed: [])
        XCTAssertEqual(held.count, 4)
        try FileManager.default.removeItem(atPath: root + "/big.json")
        XCTAssertEqual(workspace.apply(changed: [], removed: ["big.json"]).removed.count, 1)
        XCTAssertTrue(workspace.finish(held.run(3)).changed.isEmpty)
        XCTAssertEqual(workspace.allDocuments.map(\.title), ["Small"])
    }

    /// A strings file as large as a document read aside: `count` keys, the
    /// first of them the help page's title.
    private func bigStrings(title: String, count: Int = 6_000) -> String {
        let entries = (0..<count).map { #""key.\#($0)" = "Value number \#($0), with a little text";"# }
        return #""title-HelpView" = "\#(title)";"# + "\n" + entries.joined(separator: "\n")
    }

    func testALargeStringsFileIsReadInTheBackgroundWhileOtherSavesArePublished() throws {
        XCTAssertGreaterThan(bigStrings(title: "Help").utf8.count, SourceCache.largestFileReadInPlace)
        try write("galley.json", #"{"titles": {"*.lproj/Help.txt": "title-HelpView"}}"#)
        try write("en.lproj/Help.txt", "Help text.")
        try write("fr.lproj/Help.txt", "Le texte.")
        try write("en.lproj/Localizable.strings", bigStrings(title: "Help"))
        try write("small.json", #"[{"name": "Small", "detailText": ["one"]}]"#)
        let held = HeldWork()
        let workspace = Workspace(root: root) { held.hold($0) }
        workspace.apply(.everything)
        func title(_ path: String) -> String? { workspace.allDocuments.first { $0.path == path }?.title }
        // By its size on disk: even its first reading goes aside.
        XCTAssertEqual(held.count, 1)
        XCTAssertEqual(title("en.lproj/Help.txt"), "title-HelpView", "the strings were taken in before they were read")
        try write("small.json", #"[{"name": "Small", "detailText": ["two"]}]"#)
        XCTAssertEqual(workspace.apply(changed: ["small.json"], removed: []).changed.map(\.title), ["Small"])
        // French has no value for the key: its page now says so.
        XCTAssertEqual(workspace.finish(held.run(0)).changed.map(\.path).sorted(), ["en.lproj/Help.txt", "fr.lproj/Help.txt"])
        XCTAssertEqual(title("en.lproj/Help.txt"), "Help")

        // Saved again, then a small strings file saved while that is out: the small one waits for it, then is read aside
        // too, as the strings it joins hold a large file.
        try write("en.lproj/Localizable.strings", bigStrings(title: "Help!"))
        workspace.apply(changed: ["en.lproj/Localizable.strings"], removed: [])
        XCTAssertEqual(held.count, 2)
        try write("fr.lproj/Localizable.strings", #""title-HelpView" = "Aide";"#)
        XCTAssertTrue(workspace.apply(changed: ["fr.lproj/Localizable.strings"], removed: []).changed.isEmpty)
        XCTAssertEqual(held.count, 2, "a second update started while one is out")
        XCTAssertEqual(workspace.finish(held.run(1)).changed.map(\.path), ["en.lproj/Help.txt"])
        XCTAssertEqual(held.count, 3, "the update wanted meanwhile did not follow")
        XCTAssertEqual(workspace.finish(held.run(2)).changed.map(\.path), ["fr.lproj/Help.txt"])
        XCTAssertEqual(title("en.lproj/Help.txt"), "Help!")
        XCTAssertEqual(title("fr.lproj/Help.txt"), "Aide")
    }

    func testALargeFontIsReadInTheBackgroundAndNotTakenInAfterItIsRemoved() throws {
        let font = "/usr/share/fonts/truetype/liberation/LiberationMono-Bold.ttf"
        guard FileManager.default.fileExists(atPath: font) else { throw XCTSkip("fonts-liberation is not installed") }
        // Bytes after the last table leave the font as it was, and large.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: font))
        bytes.append(Data(count: SourceCache.largestFileReadInPlace))
        try write("Fonts/Brand.ttf", bytes)
        try write("small.json", #"[{"name": "Small", "detailText": ["one"]}]"#)
        let held = HeldWork()
        let workspace = Workspace(root: root) { held.hold($0) }
        workspace.apply(.everything)
        XCTAssertEqual(held.count, 1)
        XCTAssertNil(workspace.files.fonts.widths(ofFile: "Fonts/Brand.ttf"))
        try write("small.json", #"[{"name": "Small", "detailText": ["two"]}]"#)
        XCTAssertEqual(workspace.apply(changed: ["small.json"], removed: []).changed.map(\.title), ["Small"])
        workspace.finish(held.run(0))
        XCTAssertNotNil(workspace.files.fonts.widths(ofFile: "Fonts/Brand.ttf"))
        XCTAssertEqual(workspace.files.assets.images["Fonts/Brand.ttf"]?.mimeType, "font/ttf")

        // Saved again, then removed while that reading is out: it stays removed.
        workspace.apply(changed: ["Fonts/Brand.ttf"], removed: [])
        XCTAssertEqual(held.count, 2)
        try FileManager.default.removeItem(atPath: root + "/Fonts/Brand.ttf")
        workspace.apply(changed: [], removed: ["Fonts/Brand.ttf"])
        workspace.finish(held.run(1))
        XCTAssertNil(workspace.files.fonts.widths(ofFile: "Fonts/Brand.ttf"))
        XCTAssertNil(workspace.files.assets.images["Fonts/Brand.ttf"])
    }

    /// Keystrokes into a large file: a rendering that comes back while a
    /// newer reading is in flight is not published; that reading's
    /// rendering is, even when its text is the same as the dropped one's.
    func testARenderingOvertakenByANewerReadingIsNotPublished() throws {
        func big(_ word: String) -> String {
            let paragraphs = (0..<4_000).map { "\"Paragraph \($0) of the long item, long enough to count for something.\"" }
            return #"[{"name": "Long", "detailText": ["# + "\"\(word)\", " + paragraphs.joined(separator: ",\n") + "]}]"
        }
        try write("big.json", big("first"))
        let held = HeldWork()
        let workspace = Workspace(root: root) { held.hold($0) }
        workspace.apply(.everything)
        func text() -> String { workspace.allDocuments.first?.html ?? "" }
        try write("big.json", big("second"))
        workspace.apply(changed: ["big.json"], removed: [])
        XCTAssertTrue(workspace.finish(held.run(0)).changed.isEmpty)
        XCTAssertEqual(held.count, 2, "the reading was not rendered aside")
        // Saved again (to the same text) while the rendering is out: it is dropped when it is back.
        workspace.apply(changed: ["big.json"], removed: [])
        XCTAssertEqual(held.count, 3)
        XCTAssertTrue(workspace.finish(held.run(1)).changed.isEmpty, "an overtaken rendering was published")
        XCTAssertTrue(text().contains("first"))
        // The newer reading finds the same text, and renders the document all the same.
        XCTAssertTrue(workspace.finish(held.run(2)).changed.isEmpty)
        XCTAssertEqual(held.count, 4)
        XCTAssertEqual(workspace.finish(held.run(3)).changed.map(\.title), ["Long"])
        XCTAssertTrue(text().contains("second"))
    }
}
