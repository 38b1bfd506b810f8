import Glibc
import XCTest

@testable import GalleyWatcher

/// Records are parsed from raw bytes with every length checked against the buffer.
final class InotifyEventTests: XCTestCase {
    private func record(watch: Int32, mask: Int32, cookie: UInt32 = 0, name: String, paddedTo length: Int? = nil)
        -> [UInt8]
    {
        var nameBytes = Array(name.utf8)
        if !nameBytes.isEmpty {
            nameBytes += [UInt8](repeating: 0, count: (length ?? (nameBytes.count + 1)) - nameBytes.count)
        }
        var bytes: [UInt8] = []
        withUnsafeBytes(of: watch.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: UInt32(bitPattern: mask).littleEndian) { bytes += $0 }
        withUnsafeBytes(of: cookie.littleEndian) { bytes += $0 }
        withUnsafeBytes(of: UInt32(nameBytes.count).littleEndian) { bytes += $0 }
        return bytes + nameBytes
    }

    private func parse(_ bytes: [UInt8]) -> [InotifyEvent] {
        bytes.withUnsafeBytes { InotifyEvent.parse($0) }
    }

    func testRecordsWithPaddedNamesAndWithoutNamesAreParsedInOrder() {
        let bytes =
            record(watch: 1, mask: IN_CREATE, name: "doc.json", paddedTo: 16)
            + record(watch: 2, mask: IN_MOVED_FROM, cookie: 7, name: "a")
            + record(watch: 3, mask: IN_DELETE_SELF, name: "")

        XCTAssertEqual(
            parse(bytes),
            [
                InotifyEvent(watch: WatchDescriptor(rawValue: 1), mask: UInt32(IN_CREATE), cookie: 0, name: "doc.json"),
                InotifyEvent(watch: WatchDescriptor(rawValue: 2), mask: UInt32(IN_MOVED_FROM), cookie: 7, name: "a"),
                InotifyEvent(watch: WatchDescriptor(rawValue: 3), mask: UInt32(IN_DELETE_SELF), cookie: 0, name: ""),
            ])
    }

    func testALengthRunningPastTheBufferEndsTheParse() {
        var truncated = record(watch: 2, mask: IN_CREATE, name: "long-name.json", paddedTo: 32)
        truncated.removeLast(10)
        var lying = record(watch: 3, mask: IN_CREATE, name: "x")
        lying.replaceSubrange(12..<16, with: [0xFF, 0xFF, 0xFF, 0x7F])

        XCTAssertEqual(parse(record(watch: 1, mask: IN_CLOSE_WRITE, name: "ok") + truncated).map(\.name), ["ok"])
        XCTAssertEqual(parse(lying), [])
        XCTAssertEqual(parse(Array(record(watch: 1, mask: IN_CREATE, name: "").prefix(15))), [])
    }

    func testANameThatIsNotUTF8IsSkipped() {
        var bad = record(watch: 1, mask: IN_CREATE, name: "ab")
        bad[16] = 0xFF

        XCTAssertEqual(parse(bad + record(watch: 1, mask: IN_CREATE, name: "ok")).map(\.name), ["ok"])
    }
}
