import Foundation
import GalleyWatcher
import XCTest

/// A watched content folder `root` beside an unwatched folder `outside` on the same file system, cleaned up after the test.
struct WatchFixture {
    let folder: TemporaryFolder
    let root: String
    let outside: String
    let recorder: BatchRecorder

    /// Creates the folders and `files` (relative path → content, parents created), then starts watching `root`;
    /// `keepsWrites`: the recorder keeps `written` hints (`BatchRecorder`).
    init(
        files: [String: String] = [:],
        startWatching: Bool = true,
        keepsWrites: Bool = false,
        handle: @escaping @Sendable (WatchBatch) -> Void = { _ in },
        testCase: XCTestCase
    ) throws {
        folder = try TemporaryFolder()
        root = folder.path("content")
        outside = folder.path("outside")
        for path in [root, outside] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        for (relative, content) in files {
            let path = root + "/" + relative
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try content.write(toFile: path, atomically: false, encoding: .utf8)
        }
        let recorder = try BatchRecorder(root: root, start: startWatching, keepsWrites: keepsWrites, handle: handle)
        self.recorder = recorder
        let folder = self.folder
        testCase.addTeardownBlock {
            recorder.stop()
            folder.remove()
        }
    }

    func path(_ relative: String) -> String {
        root + "/" + relative
    }
}
