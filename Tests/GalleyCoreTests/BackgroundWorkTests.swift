import GalleyCore
import XCTest

/// The protocol of work done off the workspace's queue, without threads:
/// each row is what happens next, what the state machine answers, and
/// whether the large file is then settled (nothing of it out).
final class BackgroundWorkTests: XCTestCase {
    private enum Event {
        /// The file is saved and read aside.
        case save(String)
        /// The reading with this ticket comes back.
        case readingBack(String, ticket: Int)
        /// The document is rendered aside.
        case renderInBackground(String)
        /// The document is rendered in place.
        case renderInPlace(String)
        /// The rendering with this ticket comes back.
        case renderingBack(String, ticket: Int)
        /// The file is removed.
        case removed(String)
        /// The document is gone.
        case forget(String)
        /// The config changed: every file is read again, whole.
        case configChanged
    }

    private enum Answer: Equatable {
        case ticket(Int?)
        case reading(BackgroundWork.ReadingBack)
        case rendering(BackgroundWork.RenderingBack)
        case none
    }

    /// The files, by source path, each holding one document named after it.
    private func file(_ name: String) throws -> ContentFile {
        try XCTUnwrap(ContentFormats.file(containing: RelativePath(rawValue: name)))
    }

    private func run(_ rows: [(Event, Answer, settled: Bool)], line: UInt = #line) throws {
        var work = BackgroundWork()
        for (number, (event, expected, settled)) in rows.enumerated() {
            let answer: Answer
            switch event {
            case .save(let name):
                answer = .ticket(work.startReading(try file(name)))
            case .readingBack(let name, let ticket):
                answer = .reading(work.readingBack(try file(name), ticket: ticket, documents: [DocumentID(rawValue: name)]))
            case .renderInBackground(let name):
                answer = .ticket(work.startRendering(DocumentID(rawValue: name)))
            case .renderInPlace(let name):
                work.renderInPlace(DocumentID(rawValue: name))
                answer = .none
            case .renderingBack(let name, let ticket):
                answer = .rendering(work.renderingBack(DocumentID(rawValue: name), ticket: ticket, readFrom: RelativePath(rawValue: name)))
            case .removed(let name):
                work.forgetReading(of: RelativePath(rawValue: name))
                answer = .none
            case .forget(let name):
                work.forget(DocumentID(rawValue: name))
                answer = .none
            case .configChanged:
                work.forgetReadings()
                answer = .none
            }
            XCTAssertEqual(answer, expected, "row \(number)", line: line)
            XCTAssertEqual(work.isSettled("big.json", documents: ["big.json"]), settled, "row \(number): settled", line: line)
        }
    }

    func testAReadingThenItsRenderingAreTakenIn() throws {
        try run([
            (.save("big.json"), .ticket(1), settled: false),
            (.readingBack("big.json", ticket: 1), .reading(.take(renderAgain: [])), settled: true),
            (.renderInBackground("big.json"), .ticket(2), settled: false),
            (.renderingBack("big.json", ticket: 2), .rendering(.publish), settled: true),
        ])
    }

    func testASaveWhileTheFileIsReadIsReadAgainWhenThatReadingIsBack() throws {
        try run([
            (.save("big.json"), .ticket(1), settled: false),
            (.save("big.json"), .ticket(nil), settled: false),
            (.save("big.json"), .ticket(nil), settled: false),
            // Both later saves make one reading, of the file as it is then.
            (.readingBack("big.json", ticket: 1), .reading(.readAgain(try file("big.json"), ticket: 2)), settled: false),
            (.readingBack("big.json", ticket: 2), .reading(.take(renderAgain: [])), settled: true),
            // A ticket taken in once is not taken in again.
            (.readingBack("big.json", ticket: 2), .reading(.drop), settled: true),
        ])
    }

    func testARenderingBackWhileANewerReadingIsOutIsRenderedAgainWithIt() throws {
        try run([
            (.save("big.json"), .ticket(1), settled: false),
            (.readingBack("big.json", ticket: 1), .reading(.take(renderAgain: [])), settled: true),
            (.renderInBackground("big.json"), .ticket(2), settled: false),
            (.save("big.json"), .ticket(3), settled: false),
            (.renderingBack("big.json", ticket: 2), .rendering(.dropForReading), settled: false),
            // The newer reading renders the document again, even if its text did not change.
            (.readingBack("big.json", ticket: 3), .reading(.take(renderAgain: ["big.json"])), settled: true),
            (.renderInBackground("big.json"), .ticket(4), settled: false),
            (.renderingBack("big.json", ticket: 4), .rendering(.publish), settled: true),
        ])
    }

    func testARenderingOvertakenByANewerRenderingIsDropped() throws {
        try run([
            (.renderInBackground("big.json"), .ticket(1), settled: false),
            (.renderInBackground("big.json"), .ticket(2), settled: false),
            (.renderingBack("big.json", ticket: 1), .rendering(.drop), settled: false),
            (.renderingBack("big.json", ticket: 2), .rendering(.publish), settled: true),
            (.renderInBackground("big.json"), .ticket(3), settled: false),
            // Rendered in place meanwhile (a small save): the one out aside is stale.
            (.renderInPlace("big.json"), .none, settled: false),
            (.renderingBack("big.json", ticket: 3), .rendering(.drop), settled: true),
        ])
    }

    func testWorkOnARemovedFileOrAGoneDocumentIsDropped() throws {
        try run([
            (.save("big.json"), .ticket(1), settled: false),
            (.save("big.json"), .ticket(nil), settled: false),
            (.removed("big.json"), .none, settled: true),
            (.readingBack("big.json", ticket: 1), .reading(.drop), settled: true),
            // Read again from scratch: the save wanted before the removal is forgotten.
            (.save("big.json"), .ticket(2), settled: false),
            (.configChanged, .none, settled: true),
            (.readingBack("big.json", ticket: 2), .reading(.drop), settled: true),
            (.renderInBackground("big.json"), .ticket(3), settled: false),
            (.forget("big.json"), .none, settled: false),
            (.renderingBack("big.json", ticket: 3), .rendering(.drop), settled: true),
        ])
    }

    func testOtherFilesWorkNeitherWaitsForNorUnsettlesIt() throws {
        try run([
            (.save("big.json"), .ticket(1), settled: false),
            (.save("other.json"), .ticket(2), settled: false),
            (.readingBack("big.json", ticket: 1), .reading(.take(renderAgain: [])), settled: true),
            (.renderInBackground("other.json"), .ticket(3), settled: true),
            (.readingBack("other.json", ticket: 2), .reading(.take(renderAgain: [])), settled: true),
        ])
    }

    /// An editor's answer is held until its file's work is back, given once
    /// when its file is settled, in the order held, and not at all once its
    /// patience ran out.
    func testHeldAnswersAreGivenOnceTheirFileIsSettled() {
        var work = BackgroundWork()
        let big: RelativePath = "big.rtf"
        let other: RelativePath = "other.json"
        let first = work.holdAnswer(until: big)
        let second = work.holdAnswer(until: other)
        let third = work.holdAnswer(until: big)
        XCTAssertEqual(work.filesAwaited, [big, other])
        XCTAssertEqual(work.takeAnswers(settledFiles: []), [])
        XCTAssertEqual(work.takeAnswers(settledFiles: [big]), [first, third])
        XCTAssertEqual(work.takeAnswers(settledFiles: [big]), [], "an answer is given once")
        XCTAssertTrue(work.releaseAnswer(second), "its patience ran out: given as things are")
        XCTAssertFalse(work.releaseAnswer(first), "given already")
        XCTAssertEqual(work.takeAnswers(settledFiles: [other]), [])
        XCTAssertEqual(work.filesAwaited, [])
    }
}
