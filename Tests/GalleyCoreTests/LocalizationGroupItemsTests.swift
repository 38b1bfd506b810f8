import XCTest

@testable import GalleyCore

/// A group compared for some items only finds, for those items' documents,
/// what a comparison of the whole group finds: a save compares the items it
/// changed and keeps the rest.
final class LocalizationGroupItemsTests: XCTestCase {
    private func document(_ elements: [String]) -> Document {
        let blocks = elements.enumerated().map { index, element -> Block in
            let location = SourceLocation(line: index + 1, column: 1)
            if element == "c" {
                return Block(kind: "caption", location: location, content: .paragraph(Paragraph(runs: [TextRun("x")])))
            }
            return Block(kind: "image", location: location, content: .image(ImageBlock(source: .asset(element))))
        }
        return Document(title: "", kind: .tagged, blocks: blocks)
    }

    func testSomeItemsFindWhatTheWholeGroupFindsForThem() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let languages = ["de", "en", "fr", "ja"].prefix(Int.random(in: 2...4, using: &generator))
            let copies = languages.map { language in
                LocalizationGroup.Copy(
                    path: RelativePath(rawValue: "\(language).lproj/a.json"), language: language,
                    documents: (0..<Int.random(in: 1...5, using: &generator)).map { item in
                        let elements = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                            ["a", "b", "c"].randomElement(using: &generator)!
                        }
                        return (id: DocumentID(rawValue: "\(language)-\(item)"), document: document(elements))
                    },
                    readingFailed: Int.random(in: 0..<8, using: &generator) == 0)
            }
            let reference = Bool.random(using: &generator) ? languages.randomElement(using: &generator) : nil
            let all = LocalizationGroup.evaluate(copies, reference: reference)
            let items = Set((0..<6).filter { _ in Bool.random(using: &generator) })
            let some = LocalizationGroup.evaluate(copies, reference: reference, items: items)
            for copy in copies {
                for (item, id) in copy.ids.enumerated() {
                    XCTAssertEqual(some[id], items.contains(item) ? all[id] : nil, "\(id) of items \(items.sorted())")
                }
            }
        }
    }
}
