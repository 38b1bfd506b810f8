import Foundation
import GalleySystem
import Glibc
import XCTest

/// The one descriptor type: everything written arrives, a read finds the
/// end however wrong the expected size was, and a limit is kept.
final class FileDescriptorTests: XCTestCase {
    private var path = ""

    override func setUp() {
        path = NSTemporaryDirectory() + "galley-descriptor-\(UUID().uuidString)"
    }

    override func tearDown() {
        unlink(path)
    }

    private func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    }

    func testWhatIsWrittenIsReadBackWhateverSizeWasExpected() throws {
        let written = bytes(300_000)
        let file = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_TRUNC)
        try file.writeAll(written, path: path)
        file.close()
        for expected in [0, 1, 4096, written.count, written.count * 2] {
            let reader = try FileDescriptor.open(path, flags: O_RDONLY)
            defer { reader.close() }
            XCTAssertEqual(try reader.readAll(expected: expected, limit: 1 << 20, path: path), written, "expected \(expected)")
        }
    }

    func testMoreThanTheLimitIsRefused() throws {
        let file = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_TRUNC)
        try file.writeAll(bytes(5000), path: path)
        file.close()
        let reader = try FileDescriptor.open(path, flags: O_RDONLY)
        defer { reader.close() }
        XCTAssertThrowsError(try reader.readAll(expected: 100, limit: 4999, path: path)) { error in
            XCTAssertEqual((error as? SystemCallError)?.errno, EFBIG)
        }
    }

    func testAFailedCallKeepsTheCallThePathAndErrno() {
        XCTAssertThrowsError(try FileDescriptor.open(path + "/missing", flags: O_RDONLY)) { error in
            let failure = error as? SystemCallError
            XCTAssertEqual(failure?.call, "open")
            XCTAssertEqual(failure?.path, path + "/missing")
            XCTAssertEqual(failure?.errno, ENOENT)
        }
        XCTAssertThrowsError(try FileDescriptor(rawValue: -1).writeAll([1, 2, 3], path: "nowhere")) { error in
            XCTAssertEqual((error as? SystemCallError)?.errno, EBADF)
        }
    }
}
