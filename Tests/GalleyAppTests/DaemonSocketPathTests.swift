import Foundation
import GalleyCore
import XCTest

@testable import GalleyApp

/// The editor link's folder is used only when no other user can enter it,
/// and each refusal says which rule the folder broke.
final class DaemonSocketPathTests: XCTestCase {
    private func scratch() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("galley-socket-\(UUID().uuidString)").path
        addTeardownBlock { try? FileManager.default.removeItem(atPath: folder) }
        return folder
    }

    func testAFolderItMakesIsClosedToOthers() throws {
        let folder = try scratch()
        try DaemonSocketPath.prepareFolder(folder)
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int)
        XCTAssertEqual(mode, 0o700)
        XCTAssertNoThrow(try DaemonSocketPath.prepareFolder(folder), "its own folder, found again, is used")
    }

    func testAFolderOthersCanEnterOrAFileIsRefusedByName() throws {
        let open = try scratch()
        try FileManager.default.createDirectory(atPath: open, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        XCTAssertThrowsError(try DaemonSocketPath.prepareFolder(open)) { error in
            guard case .openToOthers(let path, let mode)? = error as? DaemonSocketPath.UnsafeFolder else { return XCTFail("\(error)") }
            XCTAssertEqual(path, AbsolutePath(rawValue: open))
            XCTAssertEqual(mode & 0o777, 0o755)
            XCTAssertTrue("\(error)".hasSuffix("other users can enter it (mode 755)"), "\(error)")
        }
        let file = try scratch()
        try Data().write(to: URL(fileURLWithPath: file))
        XCTAssertThrowsError(try DaemonSocketPath.prepareFolder(file)) { error in
            XCTAssertEqual(error as? DaemonSocketPath.UnsafeFolder, .notAFolder(AbsolutePath(rawValue: file)))
        }
    }
}
