import Foundation
import XCTest

@testable import GalleyApp

/// The changes view's pages from a real git work tree: what is marked, and
/// when the folder is read again.
final class LiveReviewTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("galley-review-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func write(_ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/Notes.txt"))
    }

    private func git(_ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging([
            "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.com",
        ]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments)")
    }

    private func committed(_ text: String) throws {
        try write(text)
        try git("init", "-q", "-b", "main")
        try git("add", "-A")
        try git("commit", "-q", "-m", "notes")
    }

    private func page(_ review: LiveReview, since: String?, version: Int) throws -> Result<String, ChangesRequest.Refusal> {
        let request = try ChangesRequest.read(since: since).get()
        let answered = expectation(description: "page")
        let result = LockedBox<Result<String, ChangesRequest.Refusal>>()
        review.page(request, version: version) { page in
            result.value = page
            answered.fulfill()
        }
        wait(for: [answered], timeout: 120)
        return try XCTUnwrap(result.value)
    }

    private func markedHTML(_ page: String, _ mark: String) -> [String] {
        page.components(separatedBy: "data-review=\"\(mark)\"").dropFirst().map { String($0.prefix(200)) }
    }

    func testMarksTheChangedBlockAndFollowsThePublishedVersion() throws {
        try committed("First paragraph.\n\nSecond paragraph.\n")
        try write("First paragraph.\n\nSecond paragraph, edited.\n")
        let review = LiveReview(root: root)
        defer { review.stop() }
        let first = try page(review, since: "HEAD", version: 1).get()
        XCTAssertEqual(markedHTML(first, "changed").count, 1)
        // Marked within the paragraph, not shown again whole before it.
        XCTAssertTrue(markedHTML(first, "changed")[0].contains("paragraph<ins>, edited</ins>."))
        XCTAssertEqual(markedHTML(first, "before").count, 0)
        XCTAssertTrue(first.contains("Changes since HEAD"))

        try write("First paragraph.\n\nSecond paragraph, saved again.\n")
        // Nothing was published since: the page made for that version is answered as it is.
        XCTAssertEqual(try page(review, since: "HEAD", version: 1).get(), first)
        let second = try page(review, since: "HEAD", version: 2).get()
        XCTAssertTrue(markedHTML(second, "changed")[0].contains("saved again"))
    }

    func testTheSameCommitByAnotherNameIsHeadlinedAsAsked() throws {
        try committed("One.\n")
        let review = LiveReview(root: root)
        defer { review.stop() }
        XCTAssertTrue(try page(review, since: "HEAD", version: 1).get().contains("Changes since HEAD"))
        XCTAssertTrue(try page(review, since: "main", version: 1).get().contains("Changes since main"))
    }

    func testABadRevisionAndAFolderOutsideGitAreNotFound() throws {
        try write("One.\n")
        let review = LiveReview(root: root)
        defer { review.stop() }
        guard case .failure(let outside) = try page(review, since: nil, version: 1) else { return XCTFail("a page outside git") }
        XCTAssertEqual(outside.status, 404)
        XCTAssertTrue(outside.reason.contains("is not in a git work tree"), outside.reason)

        try git("init", "-q", "-b", "main")
        try git("add", "-A")
        try git("commit", "-q", "-m", "one")
        guard case .failure(let missing) = try page(review, since: "no-such-branch", version: 1) else {
            return XCTFail("a page for nothing")
        }
        XCTAssertEqual(missing.status, 404)
        XCTAssertTrue(missing.reason.contains("no revision 'no-such-branch'"), missing.reason)
        XCTAssertNoThrow(try page(review, since: nil, version: 1).get(), "the folder became a work tree: its history is found then")
    }
}

/// A value set on one thread and read on another after an expectation.
private final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
