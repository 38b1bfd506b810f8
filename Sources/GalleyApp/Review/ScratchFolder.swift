import Foundation

/// A folder of Galley's own under the system's temporary folder, for an
/// old version unpacked from git: never inside the content folder.
struct ScratchFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("galley-diff-\(UUID().uuidString)").path
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw DiffCommand.DiffError(description: "cannot make a temporary folder: \(error.localizedDescription)")
        }
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
