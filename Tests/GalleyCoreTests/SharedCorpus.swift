import Foundation

/// The real documents beside the project: `<package root>/../shared/corpus`,
/// or `$GALLEY_CORPUS`. CI always has it, so a missing corpus fails the tests
/// that read it rather than skipping them.
enum SharedCorpus {
    static let folder: URL = {
        if let corpus = ProcessInfo.processInfo.environment["GALLEY_CORPUS"] { return URL(fileURLWithPath: corpus) }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()

    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String { "the shared corpus is not at \(path) (set GALLEY_CORPUS)" }
    }

    /// `relativePath` inside the corpus; throws (failing the test) when it is not there.
    static func require(_ relativePath: String = "") throws -> URL {
        let url = relativePath.isEmpty ? folder : folder.appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else { throw Missing(path: url.path) }
        return url
    }
}
