import Foundation
import GalleyTestSupport

/// The core's golden files, under `Golden/` beside these tests.
extension GoldenFile {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func assertMatches(_ actual: String, named name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try assertMatches(actual, at: folder.appendingPathComponent(name), shownAs: name, file: file, line: line)
    }
}
