import Foundation

/// A fresh folder under the system temporary directory (not /tmp itself, whose sticky bit changes how vim saves), removed on `remove()`.
final class TemporaryFolder {
    let path: String

    init() throws {
        var template = Array(
            FileManager.default.temporaryDirectory.appendingPathComponent("galley-watch-XXXXXX").path.utf8CString)
        guard mkdtemp(&template) != nil else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "mkdtemp failed: errno \(errno)"])
        }
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func path(_ relative: String) -> String {
        path + "/" + relative
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
