import Foundation
import XCTest

@testable import GalleyCore

/// Reads every real RTF and RTFD file of the shared corpus and checks text, structure and encodings
/// against the reference readers' outputs kept next to them.
final class RTFCorpusTests: XCTestCase {
    private typealias Support = RTFTestSupport

    private static let corpus = SharedCorpus.folder

    /// Fails every test of the class where the corpus is missing.
    override func setUpWithError() throws {
        _ = try SharedCorpus.require()
    }

    private func corpusURL(_ relativePath: String) -> URL {
        Self.corpus.appendingPathComponent(relativePath)
    }

    private func read(_ relativePath: String) throws -> (document: Document, diagnostics: [Diagnostic]) {
        let data = try Data(contentsOf: corpusURL(relativePath))
        return RTFReader.read([UInt8](data), path: RelativePath(rawValue: relativePath), converters: RTFTestSupport.converters)
    }

    private func text(_ relativePath: String) throws -> String {
        Support.plainText(try read(relativePath).document)
    }

    private func allCorpusFiles() throws -> [String] {
        let rtf = corpusURL("rtf")
        let rtfFiles = try FileManager.default.contentsOfDirectory(atPath: rtf.path)
            .filter { $0.hasSuffix(".rtf") }.map { "rtf/\($0)" }
        let bundles = try FileManager.default.contentsOfDirectory(atPath: corpusURL("rtfd").path)
            .filter { $0.hasSuffix(".rtfd") }.map { "rtfd/\($0)/TXT.rtf" }
        return (rtfFiles + bundles).sorted()
    }

    func testEveryFileReadsWithoutErrors() throws {
        let files = try allCorpusFiles()
        XCTAssertEqual(files.count, 29)
        for file in files {
            let result = try read(file)
            XCTAssertEqual(Support.errors(result.diagnostics), [], file)
            XCTAssertFalse(result.document.blocks.isEmpty, file)
        }
    }

    /// striprtf's texts write links as `text("url")` and table cells separated by `|`;
    /// those conventions are undone before comparing whitespace-normalised text.
    func testTextMatchesStriprtfReferences() throws {
        let rtf = corpusURL("rtf")
        let references = try FileManager.default.contentsOfDirectory(atPath: rtf.path).filter { $0.hasSuffix(".expected.txt") }
        XCTAssertEqual(references.count, 6)
        for reference in references {
            var expected = try String(contentsOf: rtf.appendingPathComponent(reference), encoding: .utf8)
            expected = expected.replacingOccurrences(of: #"\("[^"]*"\)"#, with: "", options: .regularExpression)
            expected = expected.replacingOccurrences(of: "|", with: " ")
            let name = String(reference.dropLast(".expected.txt".count)) + ".rtf"
            let actual = try text("rtf/\(name)")
            XCTAssertEqual(Support.normalizedWhitespace(actual), Support.normalizedWhitespace(expected), name)
        }
    }

    func testPandocUnicodeEscapes() throws {
        XCTAssertEqual(try text("rtf/pandoc-unicode.rtf"), "\u{201C}hi\u{201D}\u{2018}hi\u{2019}\u{F0B7}\u{3B1}\u{E4}")
    }

    func testJapaneseChineseAndKorean() throws {
        let xspf = try text("rtf/cocoa-XspfManager-ja-Credits.rtf")
        XCTAssertTrue(xspf.contains("このソフトウェアは以下のライセンスに基づきRemote Control Wrapperを使用しています。"))
        XCTAssertTrue(xspf.contains("本ソフトウェアは、著作権者およびコントリビューターによって「現状のまま」提供されており"))
        let chanpon = try text("rtfd/ChanponContinent-ja-Credits.rtfd/TXT.rtf")
        XCTAssertTrue(chanpon.hasPrefix("作った人：@kudzu_naoki"), chanpon)
        XCTAssertTrue(chanpon.contains("感想または善良な要望は歓迎しますが、対応は保証できません。ご了承ください。"))
        XCTAssertTrue(try text("rtf/cocoa-striprtf-issue_28-zh.rtf").hasPrefix("印刷情况反映："))
        let korean = try read("rtf/wordpad-rtfparserkit-testKoreanEncoding.rtf").document
        XCTAssertEqual(Support.plainText(korean), "MS Project Addin ProjectPlus")
        XCTAssertEqual(Support.paragraphs(korean.blocks).first?.runs.first?.style.fontFamily, "맑은 고딕")
        XCTAssertTrue(try text("rtfd/Hesperides-Credits.rtfd/TXT.rtf").contains("Frédéric Diaz"))
    }

    func testTitlesFromInfo() throws {
        XCTAssertEqual(try read("rtf/wordpad-rtfjs-colors.rtf").document.title, "This is a test RTF")
        XCTAssertEqual(try read("rtf/word-pandoc-list_complex.rtf").document.title, "Text before list")
        XCTAssertEqual(try read("rtf/cocoa-striprtf-issue_28-zh.rtf").document.title, "")
    }

    func testEmbeddedPictures() throws {
        let simple = Support.images(try read("rtf/rtfjs-simplepng.rtf").document)
        XCTAssertEqual(simple.count, 1)
        guard case .embedded(let mimeType, let bytes)? = simple.first?.source else { return XCTFail("no picture") }
        XCTAssertEqual(mimeType, "image/png")
        XCTAssertEqual(Array(bytes.prefix(4)), [0x89, 0x50, 0x4E, 0x47])

        let pandoc = Support.images(try read("rtf/pandoc-image.rtf").document)
        XCTAssertEqual(pandoc.map(\.widthPoints), [144])
        XCTAssertEqual(pandoc.map(\.heightPoints), [144])
        guard case .embedded(let jpegType, let jpeg)? = pandoc.first?.source else { return XCTFail("no picture") }
        XCTAssertEqual(jpegType, "image/jpeg")
        XCTAssertEqual(Array(jpeg.suffix(2)), [0xFF, 0xD9])

        // Word keeps a PNG in \shppict and a metafile copy in \nonshppict; only the PNG is shown.
        let word = Support.images(try read("rtf/word-striprtf-Example_text.rtf").document)
        XCTAssertEqual(word.count, 2)
        XCTAssertEqual(word.first?.widthPoints ?? 0, 40.3, accuracy: 0.01)
    }

    func testRTFDAttachments() throws {
        func attachments(_ bundle: String) throws -> [ImageBlock] {
            Support.images(try read("rtfd/\(bundle)/TXT.rtf").document)
        }
        // Both logos sit in a centred paragraph (`\qc`), where a text view draws them.
        func centred(_ image: ImageBlock) -> ImageBlock {
            var image = image
            image.alignment = .center
            return image
        }
        XCTAssertEqual(
            try attachments("Hesperides-Credits.rtfd"),
            [centred(ImageBlock(source: .file("nousoft.jpg"), widthPoints: 75, heightPoints: 20))])
        XCTAssertEqual(
            try attachments("ryder-Credits.rtfd"),
            [centred(ImageBlock(source: .file("mutiny.jpg"), widthPoints: 256, heightPoints: 330))])
        XCTAssertEqual(
            try attachments("FromAViewToAPicture-ReadMe.rtfd").map(\.source),
            [.file("PlasmaExhibitsApp.pdf"), .file("Plasma Exhibits I Class Hierarchy.pdf")])
        XCTAssertEqual(try attachments("ChanponContinent-ja-Credits.rtfd"), [])
        let readMe = try read("rtfd/FromAViewToAPicture-ReadMe.rtfd/TXT.rtf").document
        XCTAssertEqual(readMe.blocks.first?.kind, "image")
        XCTAssertEqual(readMe.blocks.last?.kind, "image")
        XCTAssertFalse(Support.plainText(readMe).contains("\u{AC}"))
    }

    func testHyperlinks() throws {
        let toot = Support.links(try read("rtf/cocoa-TootRain-Credits.rtf").document)
        XCTAssertEqual(
            toot.map(\.target),
            [
                "https://graphics.social/@linkzero", "http://www.Mere-Mortal-Software.com/blog/",
                "http://creativecommons.org/licenses/by/3.0/", "https://github.com/jerrykrinock/CategoriesObjC",
            ])
        XCTAssertEqual(toot.first?.text, "@linkzero@graphics.social")
        let wordpad = Support.links(try read("rtf/wordpad-rtfjs-hyperlink.rtf").document)
        XCTAssertEqual(wordpad.map(\.text).joined(separator: "|"), "this |pro|ject|unsafe link")
        XCTAssertTrue(
            Support.links(try read("rtf/cocoa-XspfManager-ja-Credits.rtf").document)
                .contains { $0.target == "mailto:masakih@users.sourceforge.jp" })
        XCTAssertEqual(Support.links(try read("rtf/lo-qa-hyperlink.rtf").document).map(\.target), ["http://en.wikipedia.org/wiki/World"])
        XCTAssertEqual(Support.links(try read("rtf/pandoc-bookmark.rtf").document).map(\.target), ["#bookmark_1"])
        XCTAssertEqual(Support.links(try read("rtf/aspose-striprtf-hyperlinks.rtf").document).map(\.text), ["Wikipedia", "Search"])
    }

    func testLists() throws {
        let simple = Support.paragraphs(try read("rtf/cocoa-pandoc-list_simple.rtf").document.blocks)
        XCTAssertEqual(simple.map(\.listMarker), ["•", "•", "⁃", "•"])
        XCTAssertEqual(simple.map(\.listLevel), [0, 0, 1, 0])

        let complex = Support.paragraphs(try read("rtf/word-pandoc-list_complex.rtf").document.blocks).filter { $0.listMarker != nil }
        XCTAssertEqual(
            complex.map(\.plainText),
            [
                "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
                "Eleven", "Twelve", "Seven Start", "Eight Continue",
            ])
        XCTAssertEqual(
            complex.compactMap(\.listMarker), ["1.", "2.", "a.", "b.", "i.", "ii.", "A.", "B.", "I.", "II.", "◦", "◦", "7.", "8."])
        XCTAssertEqual(complex.map(\.listLevel), [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 0, 0])

        let legacy = Support.paragraphs(try read("rtf/pandoc-list_legacy.rtf").document.blocks)
        XCTAssertEqual(legacy.map(\.listMarker), ["1.", "2.", "3.", "•", "•", "•"])

        let word2003 = Support.paragraphs(try read("rtf/word2003-rtfjs-sample.rtf").document.blocks).filter { $0.listMarker != nil }
        XCTAssertEqual(word2003.map(\.plainText), ["Item 1", "Item 2", "Item 3", "Item 4"])
    }

    func testTables() throws {
        func cellTexts(_ rows: [[TableCell]]) -> [[String]] {
            rows.map { $0.map { Support.paragraphs($0.blocks).map(\.plainText).joined(separator: "\n") } }
        }
        let simple = Support.tables(try read("rtf/pandoc-table_simple.rtf").document)
        XCTAssertEqual(simple.map(cellTexts), [[["A ", "B ", "C ", "D "], ["E ", "F ", "G ", "H "]]])

        let pages = try XCTUnwrap(Support.tables(try read("rtf/cocoa-striprtf-pages_table_sample.rtf").document).first)
        XCTAssertEqual(
            cellTexts(pages).prefix(4),
            [["Header A", "Header B", "Header C"], ["A1", "B1", "C1"], ["A2", "B2", "C2"], ["A3", "B3", "C3"]])

        let word = try XCTUnwrap(Support.tables(try read("rtf/word2003-rtfjs-sample.rtf").document).first)
        XCTAssertEqual(cellTexts(word), [["Cell 1", "Cell 2\nMore in cell 2", "Cell 3"], ["Next row", "Next row ", "Next row"]])

        // LibreOffice nests the score table inside the cell of a layout table (\itap2, \nestcell, \nestrow).
        let calcium = Support.tables(try read("rtf/libreoffice-striprtf-calcium_score.rtf").document)
        XCTAssertEqual(calcium.count, 2)
        XCTAssertEqual(calcium.last.map(cellTexts)?.first, ["Coronararterie", "Calcium-Score"])
        XCTAssertEqual(calcium.last?.count, 6)
    }

    func testFootnotesAndFormatting() throws {
        let footnote = try read("rtf/pandoc-footnote.rtf").document
        XCTAssertEqual(footnote.blocks.map(\.kind), ["paragraph", "footnote", "footnote"])
        XCTAssertTrue(Support.plainText(footnote).contains("See Sahlins, Bateson, and Geertz for a complete bibliography."))

        let runs = Support.paragraphs(try read("rtf/cocoa-rtfjs-superscript-subscript.rtf").document.blocks).flatMap(\.runs)
        XCTAssertEqual(runs.map(\.style.baseline), [.normal, .superscript, .subscript, .normal])

        let colors = Support.paragraphs(try read("rtf/wordpad-rtfjs-colors.rtf").document.blocks)
        let highlighted = try XCTUnwrap(colors.first { $0.plainText == "Colored & Highlighted Line" }?.runs.first)
        XCTAssertEqual(highlighted.style.color, RGBColor(red: 255, green: 255, blue: 255))
        XCTAssertEqual(highlighted.style.background, RGBColor(red: 0, green: 0, blue: 255))

        let formatting = Support.paragraphs(try read("rtf/word-pandoc-formatting.rtf").document.blocks)
        XCTAssertEqual(Support.normalizedWhitespace(formatting.first?.plainText ?? ""), "This is a test of FORMATTING. This is hidden: .")
        XCTAssertEqual(formatting.first { $0.plainText == "strikeout" }?.runs.first?.style.strikethrough, true)
    }
}
