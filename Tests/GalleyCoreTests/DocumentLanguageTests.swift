import XCTest

@testable import GalleyCore

final class DocumentLanguageTests: XCTestCase {
    private func decide(configured: String? = nil, path: DocumentPath = "Resources/data.json", _ texts: [String]) -> String? {
        let blocks = texts.map { Block(kind: "body", location: .start, content: .paragraph(Paragraph(runs: [TextRun($0)]))) }
        return decide(configured: configured, path: path, title: "", blocks)
    }

    /// As the daemon decides: from the scripts its rendering found.
    private func decide(configured: String?, path: DocumentPath, title: String, _ blocks: [Block]) -> String? {
        let rendered = HTMLRenderer(context: RenderContext()).render(Document(title: title, kind: .rtf, blocks: blocks))
        return DocumentLanguage.decide(configured: configured, path: path, title: title, scriptsOfBlocks: rendered.scripts)
    }

    func testTheTextDecidesWhenNothingElseDoes() {
        XCTAssertEqual(decide(["ペリカンは大きな鳥です。"]), "ja")
        XCTAssertEqual(decide(["鹈鹕是一种大型水鸟。"]), "zh")
        XCTAssertEqual(decide(["펠리컨은 큰 새입니다."]), "ko")
        XCTAssertNil(decide(["A pelican is a large bird."]))
        XCTAssertNil(decide([]))
    }

    func testKanaAnywhereMakesJapaneseEvenAfterHanOnlyText() {
        // Japanese writes Han too; one paragraph of kanji alone is not Chinese.
        XCTAssertEqual(decide(["東京都", "とうきょうと"]), "ja")
        XCTAssertEqual(decide(["ｶﾀｶﾅ"]), "ja")
        XCTAssertEqual(decide(["한국어 漢字"]), "ko")
    }

    func testScriptsAreFoundAmongOtherTextAtAnyByteOffset() {
        // The scan skips ASCII eight bytes at a time; a CJK character may start at any offset.
        for padding in 0..<17 {
            let ascii = String(repeating: "a", count: padding)
            XCTAssertEqual(DocumentLanguage.Scripts(in: ascii + "漢" + ascii), .han, "\(padding)")
            XCTAssertEqual(DocumentLanguage.Scripts(in: ascii + "é—" + ascii + "한"), .hangul, "\(padding)")
            XCTAssertEqual(DocumentLanguage.Scripts(in: "€ñ" + ascii + "𠀋" + "か"), [.han, .kana], "\(padding)")
        }
        // Characters from U+1100 on that are no CJK, and the edges of the ranges.
        XCTAssertEqual(DocumentLanguage.Scripts(in: "€ ‘quotes’ ∑ 😀 ﻿ ｡"), [])
        XCTAssertEqual(DocumentLanguage.Scripts(in: "\u{303F}\u{3100}\u{FF65}\u{FF9E}"), [])
        XCTAssertEqual(DocumentLanguage.Scripts(in: "\u{3040}"), .kana)
        XCTAssertEqual(DocumentLanguage.Scripts(in: "\u{FF9D}"), .kana)
        XCTAssertEqual(DocumentLanguage.Scripts(in: "\u{1100}\u{D7AF}"), .hangul)
        XCTAssertEqual(DocumentLanguage.Scripts(in: "\u{3134F}"), .han)
        XCTAssertEqual(DocumentLanguage.Scripts(in: "\u{31350}"), [])
    }

    func testTextInsideTablesCounts() {
        let cell = TableCell(blocks: [Block(kind: "paragraph", location: .start, content: .paragraph(Paragraph(runs: [TextRun("ひらがな")])))])
        let table = Block(kind: "table", location: .start, content: .table([[cell]]))
        XCTAssertEqual(decide(configured: nil, path: "a.html", title: "Help", [table]), "ja")
    }

    func testTheTitleCounts() {
        XCTAssertEqual(decide(configured: nil, path: "a.rtf", title: "説明書", []), "zh")
    }

    func testTheLocalizationFolderBeatsTheText() {
        XCTAssertEqual(decide(path: "ja.lproj/Credits.rtf", ["東京"]), "ja")
        XCTAssertEqual(decide(path: "Help/zh-Hans.lproj/Credits.rtf", ["ひらがな"]), "zh-Hans")
        XCTAssertEqual(decide(path: "pt_BR.lproj/Help.html", ["Olá"]), "pt-BR")
        XCTAssertEqual(decide(path: "ko.lproj/Sub/Help.html", []), "ko")
        // Base names no language; the text still may.
        XCTAssertEqual(decide(path: "Base.lproj/Help.html", ["ひらがな"]), "ja")
        // Only folders count, and only well-formed tags.
        XCTAssertNil(decide(path: "Help.lproj", []))
        XCTAssertNil(decide(path: "a\"b.lproj/Help.html", []))
    }

    func testALocalisationFolderBeatsTheProjectsLanguageWhichBeatsTheText() {
        XCTAssertEqual(decide(configured: "en", path: "ja.lproj/Credits.rtf", []), "ja")
        XCTAssertEqual(decide(configured: "zh-Hant", path: "Credits.rtf", ["ひらがな"]), "zh-Hant")
        XCTAssertEqual(decide(configured: "zh-Hant", path: "Base.lproj/Credits.rtf", ["ひらがな"]), "zh-Hant")
        XCTAssertEqual(decide(configured: "bad tag", path: "Credits.rtf", ["ひらがな"]), "ja")
    }

    func testLocalisationsOfOneFileShareAGroup() {
        let ja = LocalizedPath("Resources/ja.lproj/data.json")
        let english = LocalizedPath("Resources/en.lproj/data.json")
        XCTAssertEqual(ja?.group, "Resources/*.lproj/data.json")
        XCTAssertEqual(ja?.group, english?.group)
        XCTAssertEqual(LocalizedPath("pt_BR.lproj/a.rtf")?.language, "pt-BR")
        XCTAssertEqual(LocalizedPath("Base.lproj/a.rtf")?.isBase, true)
        XCTAssertNil(LocalizedPath("ja.lproj"))
        XCTAssertNil(LocalizedPath("Resources/data.json"))
        XCTAssertNotEqual(LocalizedPath("a/ja.lproj/x.json")?.group, LocalizedPath("b/ja.lproj/x.json")?.group)
    }

    func testTagsAreBCP47Shaped() {
        for good in ["ja", "zh-Hans", "pt-BR", "sr-Latn-RS", "de-CH-1996"] { XCTAssertTrue(DocumentLanguage.isTag(good), good) }
        for bad in ["", "j", "-ja", "ja-", "ja_JP", "ja jp", "日本", "x\"><script>", "toolonglanguage"] {
            XCTAssertFalse(DocumentLanguage.isTag(bad), bad)
        }
    }

    func testGalleyJSONNamesTheLanguage() {
        let good = ConfigReader().read(Array(#"{"language": "zh-Hans"}"#.utf8))
        XCTAssertEqual(good.config?.language, "zh-Hans")
        XCTAssertEqual(good.diagnostics.map(\.formatted), [])
        let bad = ConfigReader().read(Array(#"{"language": "Japanese!"}"#.utf8))
        XCTAssertNil(bad.config?.language)
        XCTAssertEqual(
            bad.diagnostics.map(\.formatted),
            ["galley.json:1:14: error: invalid language 'Japanese!', expected a tag such as 'ja' or 'zh-Hans'"])
    }
}
