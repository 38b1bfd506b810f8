import XCTest

@testable import GalleyCore

final class LocalizationCheckTests: XCTestCase {
    /// A document from a compact notation: `i:NAME` an image, `c` a caption,
    /// `t` body text; block n sits on line n + 10.
    private func document(_ notation: String) -> Document {
        let blocks = notation.split(separator: " ").enumerated().map { index, token -> Block in
            let location = SourceLocation(line: index + 10, column: 5)
            if token.hasPrefix("i:") {
                return Block(kind: "image", location: location, content: .image(ImageBlock(source: .asset(String(token.dropFirst(2))))))
            }
            return Block(kind: token == "c" ? "caption" : "body", location: location, content: .paragraph(Paragraph(runs: [TextRun("x")])))
        }
        return Document(title: "", kind: .tagged, blocks: blocks)
    }

    private func check(_ en: [String], _ ja: [String], reference: String? = nil) -> [LocalizationDiagnostic] {
        LocalizationCheck.diagnostics(
            [
                LocalizedFile(language: "en", path: "en.lproj/data.json", items: en.map(document)),
                LocalizedFile(language: "ja", path: "ja.lproj/data.json", items: ja.map(document)),
            ], reference: reference)
    }

    func testTheSameStructureIsQuietWhateverTheText() {
        XCTAssertEqual(check(["t i:a_01 c t t i:a_02 c"], ["t t i:a_01 c t i:a_02 c t"]), [])
    }

    func testALostImageLineIsOneWarningOnTheCopyThatLostIt() {
        let found = check(["t i:a_01 c t i:a_03 c t"], ["t i:a_01 c t i:a_02 c t i:a_03 c t"])
        XCTAssertEqual(
            found.map(\.diagnostic.formatted),
            [
                "en.lproj/data.json:14:5: warning: localisations differ: image 'a_02' and a caption missing here (ja.lproj/data.json:14:5 "
                    + "has it)"
            ])
        XCTAssertEqual(found.map(\.item), [0])
        // The other way round, the warning moves to the other copy.
        XCTAssertEqual(
            check(["t i:a_01 c t i:a_02 c t i:a_03 c t"], ["t i:a_01 c t i:a_03 c t"]).map(\.diagnostic.path), ["ja.lproj/data.json"])
    }

    func testARenamedImageAndAMovedCaption() {
        let renamed = check(["i:a_01 c i:a_02"], ["i:a_01 c i:a_09"], reference: "ja")
        XCTAssertEqual(
            renamed.map(\.diagnostic.formatted),
            [
                "en.lproj/data.json:12:5: warning: localisations differ: image 'a_02' here (ja.lproj/data.json:12:5 has image 'a_09')"
            ])
        let moved = check(["i:a_01 c t i:a_02"], ["i:a_01 t i:a_02 c"], reference: "en")
        XCTAssertEqual(moved.count, 2, "\(moved)")
        XCTAssertEqual(Set((renamed + moved).map(\.diagnostic.id)), [.localizationMismatch])
        XCTAssertTrue(moved.allSatisfy { $0.diagnostic.message.contains("a caption") })
    }

    func testItemsMatchByIndexAndACountMismatchIsOneWarning() {
        let found = check(["i:a_01", "i:b_01"], ["i:a_01", "i:b_02", "i:c_01"], reference: "ja")
        XCTAssertEqual(
            found.map(\.diagnostic.message).sorted(),
            [
                "2 items here, 3 items in ja.lproj/data.json",
                "localisations differ: image 'b_01' here (ja.lproj/data.json:10:5 has image 'b_02')",
            ].sorted())
        XCTAssertEqual(found.first { $0.diagnostic.message.contains("here (") }?.item, 1)
    }

    func testOneFileAloneHasNothingToCompare() {
        XCTAssertEqual(
            LocalizationCheck.diagnostics([LocalizedFile(language: "en", path: "a", items: [document("i:x")])], reference: nil), [])
    }
}
