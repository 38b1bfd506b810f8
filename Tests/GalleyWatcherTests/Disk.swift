import Foundation
import XCTest

/// The system calls editors and tools make, one by one, so tests reproduce save patterns exactly.
enum Disk {
    /// open(O_WRONLY|O_CREAT|O_TRUNC), one write per chunk, close: the in-place save.
    static func write(_ path: String, chunks: [String], file: StaticString = #filePath, line: UInt = #line) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(descriptor, 0, "open(\(path)): errno \(errno)", file: file, line: line)
        for chunk in chunks { writeAll(descriptor, chunk, file: file, line: line) }
        XCTAssertEqual(close(descriptor), 0, file: file, line: line)
    }

    static func write(_ path: String, _ content: String, file: StaticString = #filePath, line: UInt = #line) {
        write(path, chunks: [content], file: file, line: line)
    }

    /// Opens a file for writing and keeps it open until the returned descriptor is closed with `close`.
    static func openForWriting(_ path: String) -> Int32 {
        open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    }

    static func writeAll(_ descriptor: Int32, _ content: String, file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(content.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        XCTAssertEqual(written, bytes.count, "write: errno \(errno)", file: file, line: line)
    }

    static func rename(_ from: String, _ to: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Glibc.rename(from, to), 0, "rename(\(from), \(to)): errno \(errno)", file: file, line: line)
    }

    static func unlink(_ path: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Glibc.unlink(path), 0, "unlink(\(path)): errno \(errno)", file: file, line: line)
    }

    static func mkdir(_ path: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Glibc.mkdir(path, 0o755), 0, "mkdir(\(path)): errno \(errno)", file: file, line: line)
    }

    static func symlink(_ target: String, at path: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Glibc.symlink(target, path), 0, "symlink(\(path)): errno \(errno)", file: file, line: line)
    }

    /// What `touch` does to an existing file: new timestamps, no open.
    static func touch(_ path: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(
            utimensat(AT_FDCWD, path, nil, 0), 0, "utimensat(\(path)): errno \(errno)", file: file, line: line)
    }

    /// `rm -rf`.
    static func removeTree(_ path: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNoThrow(try FileManager.default.removeItem(atPath: path), file: file, line: line)
    }
}
