import XCTest

/// Compares output with a file under `Golden/`, showing a line diff on
/// failure; `GALLEY_RECORD=1 swift test` rewrites the files instead.
enum GoldenFile {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func assertMatches(_ actual: String, named name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["GALLEY_RECORD"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            return XCTFail("missing golden file \(name); run with GALLEY_RECORD=1 to create it", file: file, line: line)
        }
        guard expected != actual else { return }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var diff: [String] = []
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let old = index < expectedLines.count ? String(expectedLines[index]) : nil
            let new = index < actualLines.count ? String(actualLines[index]) : nil
            if old != new {
                if let old { diff.append("-\(index + 1): \(old)") }
                if let new { diff.append("+\(index + 1): \(new)") }
            }
        }
        XCTFail("\(name) differs (GALLEY_RECORD=1 to accept):\n" + diff.prefix(40).joined(separator: "\n"), file: file, line: line)
    }
}
