import GalleyCore
import XCTest

@testable import GalleyApp

/// Which document of a file first uses each kind, found again after a save
/// that changed a few of its documents: only theirs are looked at, and the
/// kinds' first users are those a whole scan finds.
final class DocumentIndexTests: XCTestCase {
    private let kindNames: [KindName] = ["body", "image", "caption", "quote", "heading"]

    private func reading(_ kinds: [[KindName]], path: DocumentPath) -> FileReading {
        .documents(
            kinds.enumerated().map { item, blockKinds in
                let blocks = blockKinds.enumerated().map { line, kind in
                    Block(kind: kind, location: SourceLocation(line: line + 1, column: 1), content: .divider)
                }
                return DocumentSource(path: path, item: item, document: Document(title: "Item \(item)", kind: .tagged, blocks: blocks))
            })
    }

    private func wholeScan(_ files: [DocumentPath: [[KindName]]]) -> [DocumentID: Set<KindName>] {
        var index = DocumentIndex()
        for (path, kinds) in files { _ = index.integrate(path, reading(kinds, path: path)) { _ in true } }
        _ = index.refreshKindsFirstUsed()
        return index.kindsFirstUsed
    }

    func testASaveLooksAtTheChangedDocumentsAloneAndFindsTheFirstUsersAWholeScanFinds() {
        var state: UInt64 = 0x1D3
        func random(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func someKinds() -> [KindName] { (0..<random(7)).map { _ in kindNames[random(kindNames.count)] } }
        var files: [DocumentPath: [[KindName]]] = [
            "a.json": (0..<40).map { _ in someKinds() }, "b.json": (0..<10).map { _ in someKinds() },
        ]
        var index = DocumentIndex()
        for (path, kinds) in files { _ = index.integrate(path, reading(kinds, path: path)) { _ in true } }
        _ = index.refreshKindsFirstUsed()
        XCTAssertEqual(index.kindsFirstUsed, wholeScan(files))

        // A document that keeps its kinds and adds blocks of them has its own blocks looked at, no other.
        files["a.json"]![20] += files["a.json"]![20]
        var looked = index.blocksLookedAtForKinds
        _ = index.integrate("a.json", reading(files["a.json"]!, path: "a.json"), changedDocuments: [20]) { _ in true }
        XCTAssertEqual(index.blocksLookedAtForKinds - looked, files["a.json"]![20].count)
        XCTAssertEqual(index.refreshKindsFirstUsed(), [], "no kind's first user moved")

        // What a whole scan of the saved file looks at, round after round, against what the saves looked at.
        var wholeScans = 0
        looked = index.blocksLookedAtForKinds
        for round in 0..<300 {
            let path: DocumentPath = round % 4 == 0 ? "b.json" : "a.json"
            let changed = Set((0..<(1 + random(3))).map { _ in random(files[path]!.count) })
            for position in changed { files[path]![position] = random(3) == 0 ? [] : someKinds() }
            wholeScans += files[path]!.reduce(0) { $0 + $1.count }
            _ = index.integrate(path, reading(files[path]!, path: path), changedDocuments: changed) { _ in true }
            _ = index.refreshKindsFirstUsed()
            XCTAssertEqual(index.kindsFirstUsed, wholeScan(files), "round \(round)")
        }
        XCTAssertLessThan(index.blocksLookedAtForKinds - looked, wholeScans / 4, "the saves looked at most blocks of their files")
    }
}
