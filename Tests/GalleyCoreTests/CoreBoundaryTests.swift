import Foundation
import XCTest

/// The core's promise, read from its sources: no I/O, no C library, no lock
/// and no hidden mutable state. What needs the system is in GalleySystem,
/// handed in as a protocol the core declares (`CodePageConverting`).
final class CoreBoundaryTests: XCTestCase {
    private struct SourceFile {
        var path: String
        var text: String
    }

    private func coreSources(filePath: StaticString = #filePath) throws -> [SourceFile] {
        let root = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
            .appendingPathComponent("../../Sources/GalleyCore").standardized
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        let sources = try files.filter { $0.pathExtension == "swift" }.map { url in
            SourceFile(path: String(url.path.dropFirst(root.path.count + 1)), text: try String(contentsOf: url, encoding: .utf8))
        }
        XCTAssertGreaterThan(sources.count, 100, "the core's sources are at \(root.path)")
        return sources
    }

    /// Foundation is the one module the core imports (its numbers, regular expressions and URLs).
    func testTheCoreImportsFoundationAlone() throws {
        for file in try coreSources() {
            for line in file.text.split(separator: "\n") where line.hasPrefix("import ") || line.hasPrefix("@_exported import ") {
                XCTAssertEqual(line, "import Foundation", file.path)
            }
        }
    }

    /// The C library's calls (which Foundation also brings in): a system call,
    /// a lock or a memory routine in the core would hide I/O or state, or
    /// speak C where Swift says the same.
    func testTheCoreCallsNoCLibrary() throws {
        let calls = [
            "memcmp(", "memchr(", "memcpy(", "memmove(", "strlen(", "iconv(", "iconv_", "pthread_", "malloc(", "open(", "read(fd",
            "fopen(", "stat(", "getenv(", "errno", "Locked<", "Locked(", "Mutex<", "NSLock", "DispatchQueue", "FileManager",
            "FileHandle", "Process(", "Date()", "ProcessInfo",
        ]
        for file in try coreSources() {
            for call in calls {
                XCTAssertFalse(file.text.contains(call), "\(file.path) calls \(call)")
            }
        }
    }

    /// A class in the core holds no `var`: state that changes is a value its
    /// caller keeps. The exceptions are named here, each with its reason.
    func testNoCoreClassHoldsMutableState() throws {
        // Counts a reader's steps for a test that shows its work is linear; the caller passes it in and reads it.
        let allowed: Set<String> = ["WorkCounter"]
        for file in try coreSources() {
            for (name, body) in Self.classes(in: file.text) where !allowed.contains(name) {
                let mutable = body.split(separator: "\n").filter { line in
                    // A stored `var` (a computed one has its body on its line).
                    let declaration = line.split(separator: " ").drop { Self.modifiers.contains(String($0)) || $0.hasSuffix("(set)") }
                    return declaration.first == "var" && !line.contains("{")
                }
                XCTAssertEqual(mutable, [], "class \(name) in \(file.path)")
            }
        }
    }

    private static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "package", "static", "lazy", "weak",
        "unowned", "nonisolated(unsafe)", "final",
    ]

    /// Each class declared in `text` and the lines of its body at its own depth (nested bodies left out).
    private static func classes(in text: String) -> [(name: String, body: String)] {
        var found: [(String, String)] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" })
            guard let position = words.firstIndex(of: "class"), position + 1 < words.count, !line.contains("//"),
                line.trimmingCharacters(in: .whitespaces).first != "\""
            else { continue }
            let name = String(words[position + 1])
            var depth = 0
            var body: [Substring] = []
            var started = false
            for inner in lines[index...] {
                let before = depth
                depth += inner.filter { $0 == "{" }.count - inner.filter { $0 == "}" }.count
                if started, before == 1 { body.append(inner) }
                if depth > 0 { started = true }
                if started, depth <= 0 { break }
            }
            found.append((name, body.joined(separator: "\n")))
        }
        return found
    }
}
