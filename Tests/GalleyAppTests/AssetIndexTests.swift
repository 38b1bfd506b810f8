import Foundation
import GalleyCore
import GalleySystem
import XCTest

@testable import GalleyApp

/// The image files and asset catalogs of a real folder, taken in and resolved as documents ask.
final class AssetIndexTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-assets-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func write(_ path: String, _ bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    private func png(width: UInt8) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, width, 0, 0, 0, 10]
    }

    /// Many documents show the same sets on a page that simulates every
    /// device and appearance: each set's files are looked up once, not
    /// once for each document, device or appearance.
    func testEachSetsFilesAreLookedUpOnceHoweverManyDocumentsShowIt() throws {
        let contents = #"""
            {"images": [{"filename": "a1.png", "scale": "1x"}, {"filename": "a2.png", "scale": "2x"},
              {"filename": "d2.png", "scale": "2x", "appearances": [{"appearance": "luminosity", "value": "dark"}]}]}
            """#
        var index = AssetIndex()
        let folder = ContentFolder(root: root)
        let names = (1...5).map { "bird_\($0)" }
        for name in names {
            let set = "Assets.xcassets/\(name).imageset"
            try write(set + "/Contents.json", Array(contents.utf8))
            for (file, width) in [("a1.png", 1), ("a2.png", 2), ("d2.png", 3)] {
                try write(set + "/" + file, png(width: UInt8(width)))
                index.updateImage(at: set + "/" + file, in: folder)
            }
            index.updateContents(at: set + "/Contents.json", in: folder)
        }
        let traits = PreviewDevice.forWidth(390).traits(appearance: .light)
        let link: (ServedImage) -> ResolvedImage? = { $0.resolved }
        for _ in 0..<40 {
            for name in names {
                let resolved = try XCTUnwrap(index.resolve(name, for: traits, link: link))
                XCTAssertTrue(resolved.url.hasPrefix("/files/Assets.xcassets/\(name).imageset/a2.png?v="))
                let files = Set(resolved.variants.map { $0.url.components(separatedBy: "?")[0].lastSlashSeparatedPart })
                XCTAssertEqual(files, ["a2.png", "d2.png"])
            }
        }
        XCTAssertEqual(index.entriesLookedUp, 3 * names.count)
    }

    /// A file's URL: every byte outside the unreserved set percent-encoded, slashes kept.
    func testAServedFilesURLEncodesItsPath() {
        let path = "Assets.xcassets/Ünter wäs.imageset/a+b%.png"
        let image = ServedImage(path: path, contentHash: "h1", width: 1, height: 1, mimeType: "image/png")
        XCTAssertEqual(image.url, "/files/Assets.xcassets/%C3%9Cnter%20w%C3%A4s.imageset/a%2Bb%25.png?v=h1")
        XCTAssertEqual(URLPath.encodeComponent("a/b c~_.-"), "a%2Fb%20c~_.-")
    }
}
