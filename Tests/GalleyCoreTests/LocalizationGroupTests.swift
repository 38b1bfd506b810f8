import GalleyCore
import XCTest

/// Each document of a localised item lists every copy of the item, in
/// language order, and the copies of one item hold that list once between
/// them: with thirty languages it was thirty lists of thirty for every item.
final class LocalizationGroupTests: XCTestCase {
    func testTheCopiesOfAnItemShareOneListOfThem() {
        let languages = ["fr", "de", "ja", "en"]
        let copies = languages.map { language in
            LocalizationGroup.Copy(
                path: RelativePath(rawValue: "\(language).lproj/a.json"), language: language,
                documents: (0..<3).map { item in
                    (id: DocumentID(rawValue: "\(language)-\(item)"), document: Document(title: "t", kind: .tagged, blocks: []))
                })
        }
        let findings = LocalizationGroup.evaluate(copies, reference: nil)
        for item in 0..<3 {
            let lists = languages.map { findings[DocumentID(rawValue: "\($0)-\(item)")]?.localizations ?? [] }
            XCTAssertEqual(lists[0].map(\.language), languages.sorted())
            XCTAssertEqual(lists[0].map(\.documentID.rawValue), languages.sorted().map { "\($0)-\(item)" })
            let storage = Set(lists.map { list in list.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) } })
            XCTAssertEqual(storage.count, 1, "the copies of item \(item) hold their list once")
        }
    }
}
