import GalleyCore
import XCTest

/// The long-poll protocol without sockets: documents are strings, waiters
/// are numbers, and time is whatever the test says it is.
final class LongPollStateTests: XCTestCase {
    private typealias State = LongPollState<String, Int>
    private typealias Answer = LongPollAnswer<String>
    private let start = ContinuousClock.now

    private func at(_ seconds: Int) -> ContinuousClock.Instant {
        start + .seconds(seconds)
    }

    private func poll(_ id: DocumentID, since: Int?, patch: Bool = false) -> LongPollRequest {
        LongPollRequest(topic: .document(id), since: since, acceptsPatch: patch)
    }

    private func whole(_ id: DocumentID, _ text: String, _ version: Int) -> Answer {
        .whole(id: id, Versioned(text, version: version))
    }

    /// a = "a1" at version 1, b = "b1" at version 2.
    private func twoDocuments() -> State {
        var state = State()
        XCTAssertTrue(state.publish(changed: [("b", "b1"), ("a", "a1")], removed: []).isEmpty)
        return state
    }

    func testWhatPublishNoLongerKeepsIsHandedBackNotFreedInside() {
        var state = twoDocuments()
        var displaced: [String] = []
        // Nobody looks at "a": its last version is not kept for patches.
        _ = state.publish(changed: [("a", "a2")], removed: [], displaced: &displaced)
        XCTAssertEqual(displaced, ["a1"])
        // A page waits on "b": its last version is kept as the base of patches, until the next.
        XCTAssertEqual(state.park(7, for: poll("b", since: 2, patch: true), until: at(30)), .parked(setTimer: at(30)))
        displaced = []
        _ = state.publish(changed: [("b", "b2")], removed: [], displaced: &displaced)
        XCTAssertEqual(displaced, [])
        _ = state.publish(changed: [("b", "b3")], removed: [], displaced: &displaced)
        XCTAssertEqual(displaced, ["b1"])
        displaced = []
        _ = state.publish(changed: [], removed: ["b", "never-published"], displaced: &displaced)
        XCTAssertEqual(Set(displaced), ["b3", "b2"])
        XCTAssertNil(state.documents["b"])
    }

    func testVersionsAreGivenOnPublishInIDOrder() {
        var state = twoDocuments()
        XCTAssertEqual(state.documents["a"]?.version, 1)
        XCTAssertEqual(state.documents["b"]?.version, 2)
        XCTAssertEqual(state.indexVersion, 2)
        _ = state.publish(changed: [], removed: [])
        XCTAssertEqual(state.indexVersion, 2, "a round that changed no document keeps the list's version")
        _ = state.publish(changed: [], removed: ["never-published"])
        XCTAssertEqual(state.indexVersion, 2)
        _ = state.publish(changed: [("a", "a2")], removed: ["b"])
        XCTAssertEqual(state.documents["a"]?.version, 3)
        XCTAssertNil(state.documents["b"])
        XCTAssertEqual(state.indexVersion, 4)
    }

    func testWhatARequestGetsAtOnce() {
        var state = twoDocuments()
        let table: [(LongPollRequest, Answer?)] = [
            (LongPollRequest(topic: .index, since: nil), .index(version: 2)),
            (LongPollRequest(topic: .index, since: 1), .index(version: 2)),
            (LongPollRequest(topic: .index, since: 2), nil),
            (poll("a", since: nil), whole("a", "a1", 1)),
            (poll("a", since: 0, patch: true), whole("a", "a1", 1)),
            (poll("a", since: 1), nil),
            (poll("a", since: 1, patch: true), nil),
            (poll("b", since: 7), whole("b", "b1", 2)),
            (poll("gone", since: nil), .removed(id: "gone")),
            (poll("gone", since: 3, patch: true), .removed(id: "gone")),
        ]
        for (request, expected) in table {
            XCTAssertEqual(state.answer(to: request), expected, "\(request)")
        }
    }

    func testAPublishAnswersItsWaitersInArrivalOrderWithAPatchWhereTheyTakeOne() {
        var state = twoDocuments()
        XCTAssertEqual(state.park(1, for: poll("a", since: 1, patch: true), until: at(25)), .parked(setTimer: at(25)))
        XCTAssertEqual(state.park(2, for: poll("a", since: 1), until: at(25)), .parked(setTimer: nil))
        XCTAssertEqual(state.park(3, for: poll("b", since: 2, patch: true), until: at(25)), .parked(setTimer: nil))
        XCTAssertEqual(state.park(4, for: LongPollRequest(topic: .index, since: 2), until: at(25)), .parked(setTimer: nil))
        XCTAssertEqual(state.parkedCount, 4)
        let answers = state.publish(changed: [("a", "a2")], removed: [])
        let base = Versioned("a1", version: 1)
        let current = Versioned("a2", version: 3)
        XCTAssertEqual(answers.map(\.waiter), [1, 2, 4])
        XCTAssertEqual(answers.map(\.answer), [.patch(id: "a", from: base, to: current), .whole(id: "a", current), .index(version: 3)])
        XCTAssertEqual(state.parkedCount, 1)
        XCTAssertEqual(
            state.answer(to: poll("a", since: 1, patch: true)), .patch(id: "a", from: base, to: current),
            "a page that was a moment late still gets the patch")
    }

    func testThePreviousVersionIsKeptOnlyWhereTheDocumentIsInView() {
        var state = twoDocuments()
        // Nobody was given "a" yet: a folder-wide change keeps no second copy.
        _ = state.publish(changed: [("a", "a2")], removed: [])
        XCTAssertEqual(state.answer(to: poll("a", since: 1, patch: true)), whole("a", "a2", 3))
        // A page waits on it: it is told a patch.
        _ = state.park(1, for: poll("a", since: 3, patch: true), until: at(25))
        let answers = state.publish(changed: [("a", "a3")], removed: [])
        XCTAssertEqual(answers.map(\.answer), [.patch(id: "a", from: Versioned("a2", version: 3), to: Versioned("a3", version: 4))])
        XCTAssertEqual(state.answer(to: poll("a", since: 1, patch: true)), whole("a", "a3", 4), "only one version back")
        // The next version comes before the page asks again from the one it was given: still a patch.
        _ = state.publish(changed: [("a", "a4")], removed: [])
        XCTAssertEqual(
            state.answer(to: poll("a", since: 4, patch: true)),
            .patch(id: "a", from: Versioned("a3", version: 4), to: Versioned("a4", version: 5)))
        // Nobody was given "b" since it was published: nothing kept for it.
        _ = state.publish(changed: [("b", "b2")], removed: [])
        XCTAssertEqual(state.answer(to: poll("b", since: 2, patch: true)), whole("b", "b2", 6))
    }

    func testRemovalAnswersItsWaitersAndTheList() {
        var state = twoDocuments()
        _ = state.park(1, for: poll("b", since: 2, patch: true), until: at(25))
        _ = state.park(2, for: LongPollRequest(topic: .index, since: 2), until: at(25))
        let answers = state.publish(changed: [], removed: ["b"])
        XCTAssertEqual(answers.map(\.waiter), [1, 2])
        XCTAssertEqual(answers.map(\.answer), [.removed(id: "b"), .index(version: 3)])
    }

    func testParkingAfterAChangeAnswersAtOnce() {
        var state = twoDocuments()
        let request = poll("a", since: 1, patch: true)
        XCTAssertNil(state.answer(to: request))
        // The change lands between the first look and the parking.
        _ = state.publish(changed: [("a", "a2")], removed: [])
        XCTAssertEqual(state.park(1, for: request, until: at(25)), .answer(whole("a", "a2", 3)))
        XCTAssertEqual(state.parkedCount, 0)
    }

    func testDeadlinesExpireIndependentlyAndSetTheNextTimer() {
        var state = twoDocuments()
        XCTAssertEqual(state.park(1, for: poll("a", since: 1, patch: true), until: at(10)), .parked(setTimer: at(10)))
        XCTAssertEqual(state.park(2, for: poll("a", since: 1), until: at(5)), .parked(setTimer: at(5)))
        XCTAssertEqual(state.park(3, for: LongPollRequest(topic: .index, since: 2), until: at(5)), .parked(setTimer: nil))
        XCTAssertEqual(state.park(4, for: poll("b", since: 2, patch: true), until: at(30)), .parked(setTimer: nil))
        let early = state.expire(now: at(4))
        XCTAssertTrue(early.answers.isEmpty)
        XCTAssertEqual(early.setTimer, at(5))
        let first = state.expire(now: at(5))
        XCTAssertEqual(first.answers.sorted { $0.waiter < $1.waiter }.map(\.answer), [whole("a", "a1", 1), .index(version: 2)])
        XCTAssertEqual(first.setTimer, at(10))
        let second = state.expire(now: at(12))
        XCTAssertEqual(second.answers.map(\.waiter), [1])
        XCTAssertEqual(second.answers.map(\.answer), [.unchanged(id: "a", version: 1)], "a patching page hears it has the latest")
        XCTAssertEqual(second.setTimer, at(30))
        XCTAssertEqual(state.park(5, for: poll("a", since: 1), until: at(40)), .parked(setTimer: nil), "the timer at 30 comes first")
    }

    func testDrainAnswersEveryoneWithTheWholeCurrentState() {
        var state = twoDocuments()
        for waiter in 0..<9 {
            let request =
                waiter % 3 == 0
                ? LongPollRequest(topic: .index, since: 2) : poll(waiter % 3 == 1 ? "a" : "b", since: waiter % 3, patch: true)
            _ = state.park(waiter, for: request, until: at(25))
        }
        let answers = state.drain()
        XCTAssertEqual(answers.map(\.waiter), Array(0..<9))
        XCTAssertEqual(answers[0].answer, .index(version: 2))
        XCTAssertEqual(answers[1].answer, whole("a", "a1", 1))
        XCTAssertEqual(answers[2].answer, whole("b", "b1", 2))
        XCTAssertEqual(state.parkedCount, 0)
        XCTAssertTrue(state.expire(now: at(100)).answers.isEmpty)
    }
}

extension LongPollState {
    /// `publish`, letting go of what it displaces at once.
    fileprivate mutating func publish(
        changed: [(id: DocumentID, document: Document)],
        removed: [DocumentID]
    ) -> [(waiter: Waiter, answer: LongPollAnswer<Document>)] {
        var displaced: [Document] = []
        return publish(changed: changed, removed: removed, displaced: &displaced)
    }
}
