import Foundation
import XCTest

/// Compares output with a recorded file, showing a line diff on failure;
/// `GALLEY_RECORD=1 swift test` rewrites the files instead. The one way
/// every test target records a golden file.
public enum GoldenFile {
    /// Lines of the diff shown at most.
    private static let shownLines = 40
    /// Characters of a long line shown either side of its first difference.
    private static let shownContext = 60

    public static var isRecording: Bool { ProcessInfo.processInfo.environment["GALLEY_RECORD"] == "1" }

    /// Fails with a diff when `actual` is not the file at `url` (shown as `name`).
    public static func assertMatches(
        _ actual: String, at url: URL, shownAs name: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        if isRecording {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            return XCTFail("missing golden file \(name); run with GALLEY_RECORD=1 to create it", file: file, line: line)
        }
        guard expected != actual else { return }
        let shown = diff(expected: expected, actual: actual).joined(separator: "\n")
        XCTFail("\(name) differs (GALLEY_RECORD=1 to accept):\n" + shown, file: file, line: line)
    }

    /// `-N: old` and `+N: new` for each differing line; a long line is shown
    /// around its first differing character, with its column.
    public static func diff(expected: String, actual: String) -> [String] {
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var diff: [String] = []
        for index in 0..<max(expectedLines.count, actualLines.count) where diff.count < shownLines {
            let old = index < expectedLines.count ? Array(expectedLines[index]) : nil
            let new = index < actualLines.count ? Array(actualLines[index]) : nil
            guard old != new else { continue }
            let column = zip(old ?? [], new ?? []).prefix { $0 == $1 }.count
            for (sign, text) in [("-", old), ("+", new)] {
                guard let text else { continue }
                diff.append("\(sign)\(index + 1)\(excerpt(text, around: column))")
            }
        }
        return diff
    }

    private static func excerpt(_ text: [Character], around column: Int) -> String {
        guard text.count > shownContext * 2 else { return ": " + String(text) }
        let start = max(0, column - shownContext)
        let end = min(text.count, column + shownContext)
        return " (column \(column + 1)): " + (start > 0 ? "…" : "") + String(text[start..<end]) + (end < text.count ? "…" : "")
    }
}
