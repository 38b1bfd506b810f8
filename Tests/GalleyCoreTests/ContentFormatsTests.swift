import XCTest

@testable import GalleyCore

/// The registry recognises every content file, bundles included, and reads
/// bytes alone (as an editor's unsaved buffer arrives) into named documents.
final class ContentFormatsTests: XCTestCase {
    func testRecognisesEachFormatByExtensionAndBundlesByTheirFolder() {
        let readMe = ContentFile(bundle: "Help/Read Me.rtfd", textFile: "Help/Read Me.rtfd/TXT.rtf", format: RTFDFormat())
        let cases: [(RelativePath, ContentFile?)] = [
            ("Resources/speciesData.json", ContentFile(file: "Resources/speciesData.json", format: DataFileFormat())),
            ("Notes.TXT", ContentFile(file: "Notes.TXT", format: TextFileFormat())),
            ("Help/Credits.rtf", ContentFile(file: "Help/Credits.rtf", format: RTFFormat())),
            ("Help/Usage.htm", ContentFile(file: "Help/Usage.htm", format: HTMLFormat())),
            ("Help/Usage.html", ContentFile(file: "Help/Usage.html", format: HTMLFormat())),
            ("Help/Read Me.rtfd/TXT.rtf", readMe),
            ("Help/Read Me.rtfd/picture.png", readMe),
            (ConfigFile.name, nil),
            ("Assets.xcassets/a.imageset/a.png", nil),
            ("main.swift", nil),
            (".json", nil),
            ("Help/.json", nil),
            ("data.json/notes", nil),
            ("data.j\u{301}son", nil),
            (
                "Help/Bundle.RTFD/TXT.rtf",
                ContentFile(
                    bundle: "Help/Bundle.RTFD", textFile: "Help/Bundle.RTFD/TXT.rtf",
                    format: RTFDFormat())
            ),
        ]
        for (path, expected) in cases {
            XCTAssertEqual(ContentFormats.file(containing: path), expected, path.rawValue)
        }
        XCTAssertTrue(ContentFormats.isBundle("Help/Read Me.rtfd/"))
        XCTAssertTrue(ContentFormats.isBundle("/home/author/Help/Read Me.rtfd"), "commands ask with absolute paths")
        XCTAssertFalse(ContentFormats.isBundle("Help/Credits.rtf"))
        XCTAssertEqual(Set(ContentFormats.all.map(\.name)).count, ContentFormats.all.count, "format names must be unique")
    }

    private func read(_ text: String, at path: RelativePath, config: GalleyConfig = .standard) -> FileReading? {
        ContentFormats.read(Array(text.utf8), at: path, in: ReadingContext(config: config))
    }

    private func documents(_ reading: FileReading?, file: StaticString = #filePath, line: UInt = #line) -> [DocumentSource] {
        guard case .documents(let documents) = reading else {
            XCTFail("expected documents, got \(String(describing: reading))", file: file, line: line)
            return []
        }
        return documents
    }

    func testDataFileItemsBecomeDocumentsWithIndexTitleAndStableIDs() {
        let json = #"[{"name": "Penguin", "detailText": ["Body"]}, {"name": "Cedar", "detailText": []}]"#
        let items = documents(read(json, at: "data.json"))
        XCTAssertEqual(items.map(\.item), [0, 1])
        XCTAssertEqual(items.map(\.document.title), ["Penguin", "Cedar"])
        XCTAssertEqual(items.map(\.id), [DocumentNaming.id(path: "data.json", item: 0), DocumentNaming.id(path: "data.json", item: 1)])
        XCTAssertNotEqual(items[0].id, items[1].id)
        // Fifteen bytes at most: a string Swift holds inline, not an object per id.
        XCTAssertEqual(items.map(\.id.rawValue.utf8.count), [15, 15])
        XCTAssertTrue(items.allSatisfy { $0.id.rawValue.allSatisfy(\.isHexDigit) })
    }

    func testJSONThatIsNotADataFileIsQuietlyNotContentAndBrokenJSONFails() {
        XCTAssertEqual(read(#"{"name": "package", "version": "1.0"}"#, at: "package.json"), .notContent)
        guard case .failed(let diagnostic) = read("[1,", at: "data.json") else { return XCTFail("expected a failure") }
        XCTAssertEqual(diagnostic.path, "data.json")
        XCTAssertEqual(diagnostic.severity, .error)
    }

    func testTitlesComeFromTheConfigThenTheDocumentThenTheFileName() {
        let config = GalleyConfig(titles: ["Help/Usage.html": "How to use"])
        XCTAssertEqual(
            documents(read("<title>Own</title><p>x</p>", at: "Help/Usage.html", config: config)).map(\.document.title), ["How to use"])
        XCTAssertEqual(documents(read("<title>Own</title><p>x</p>", at: "Help/Other.html", config: config)).map(\.document.title), ["Own"])
        XCTAssertEqual(documents(read("<p>x</p>", at: "Help/Other.html", config: config)).map(\.document.title), ["Other"])
        XCTAssertEqual(documents(read("Plain notes.\n", at: "Release Notes.txt")).map(\.document.title), ["Release Notes"])
        XCTAssertEqual(documents(read(#"{\rtf1 Hello}"#, at: "Credits.rtf")).map(\.document.title), ["Credits"])
    }

    func testABundleIsReadFromItsTextFileAsOneDocumentNamedAfterTheFolder() {
        let bundle = documents(read(#"{\rtf1 Hello}"#, at: "Read Me.rtfd/TXT.rtf"))
        XCTAssertEqual(bundle.map(\.path), ["Read Me.rtfd"])
        XCTAssertEqual(bundle.map(\.document.kind), [.rtfd])
        XCTAssertEqual(bundle.map(\.document.title), ["Read Me"])
        XCTAssertEqual(bundle.first?.imageFolder, "Read Me.rtfd")
        // An attachment is part of the bundle, not text to read.
        XCTAssertNil(read("not rtf", at: "Read Me.rtfd/picture.png"))
        XCTAssertNil(read("fn main() {}", at: "main.rs"))
    }
}
