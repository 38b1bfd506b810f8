import Foundation
import GalleyCore
import GalleySystem
import XCTest

@testable import GalleyImaging

final class Counter: Sendable {
    private let count = Locked(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

final class PictureMakerTests: XCTestCase {
    private func job(_ name: String, width: Int, reads: Counter? = nil) throws -> PictureMaker.Job {
        let bytes = try Fixture.bytes(name)
        let format = try XCTUnwrap(ImageFileTypes.format(forPath: name))
        return PictureMaker.Job(key: PictureKey(contentHash: ContentHash.of(bytes), width: width), format: format, enlarge: format.isVector)
        {
            reads?.add()
            return bytes
        }
    }

    func testManyRequestsForOnePictureDrawItOnce() throws {
        let maker = PictureMaker(workers: 2)
        let reads = Counter()
        let job = try job("red-120x80.heic", width: 64, reads: reads)
        let answered = DispatchGroup()
        let widths = Locked<[Int]>([])
        for _ in 0..<40 {
            answered.enter()
            maker.make(job) { result in
                widths.withLock { $0.append((try? result.get().width) ?? -1) }
                answered.leave()
            }
        }
        XCTAssertEqual(answered.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(widths.withLock { $0 }, Array(repeating: 64, count: 40))
        XCTAssertEqual(maker.drawnCount, 1)
        XCTAssertEqual(reads.value, 1)
        // Later requests are answered from the cache.
        XCTAssertEqual(try maker.makeNow(job).get().width, 64)
        XCTAssertEqual(maker.drawnCount, 1)
    }

    func testEachWidthIsItsOwnPicture() throws {
        let maker = PictureMaker(workers: 1)
        XCTAssertEqual(try maker.makeNow(job("red-200x100pt.pdf", width: 256)).get().width, 256)
        XCTAssertEqual(try maker.makeNow(job("red-200x100pt.pdf", width: 512)).get().width, 512)
        XCTAssertEqual(maker.drawnCount, 2)
        XCTAssertEqual(maker.cache.count, 2)
    }

    func testAFailureIsRememberedNotRetried() throws {
        let maker = PictureMaker(workers: 1)
        let broken = Array(try Fixture.bytes("red-120x80.tiff").prefix(40))
        let job = PictureMaker.Job(key: PictureKey(contentHash: ContentHash.of(broken), width: 64), format: .tiff, enlarge: false) {
            broken
        }
        guard case .failure(let first) = maker.makeNow(job), case .failure(let second) = maker.makeNow(job) else {
            return XCTFail("a broken TIFF was drawn")
        }
        XCTAssertEqual(first, second)
        XCTAssertEqual(maker.drawnCount, 1)
        XCTAssertEqual(maker.failure(forContentHash: job.key.contentHash), first)
    }

    func testABombIsRefusedByThePixelLimitBeforeDecoding() {
        let maker = PictureMaker(workers: 1)
        let job = PictureMaker.Job(key: PictureKey(contentHash: ContentHash.of(Bomb.png), width: 512), format: .png, enlarge: false) {
            Bomb.png
        }
        guard case .failure(let failure) = maker.makeNow(job) else { return XCTFail("a bomb was drawn") }
        XCTAssertEqual(failure, .header(.tooLarge(width: 100_000, height: 100_000)))
    }

    func testAPictureThatNeedsMoreMemoryThanTheBudgetIsRefusedBeforeDecoding() {
        // 144 megapixels, under the pixel limit, but 16-bit RGBA: 1.1 GB decoded.
        let header = Bomb.header(width: 12_000, height: 12_000, bitDepth: 16, colourType: 6)
        let maker = PictureMaker(workers: 1)
        let job = PictureMaker.Job(key: PictureKey(contentHash: ContentHash.of(header), width: 512), format: .png, enlarge: false) {
            header
        }
        guard case .failure(let failure) = maker.makeNow(job) else { return XCTFail("a 1.1 GB picture was drawn") }
        XCTAssertEqual(failure, .overDecodeBudget(bytes: 12_000 * 12_000 * 8))
        XCTAssertEqual(maker.budget.peakBytes, 0, "nothing may be reserved for a picture that never fits")
        // Remembered, so the page and `check` say why.
        XCTAssertEqual(maker.failure(forContentHash: job.key.contentHash), failure)
    }

    func testPicturesDrawnAtOnceNeverHoldMoreThanTheBudget() throws {
        // Each of these takes the whole budget (16-bit RGBA at most), so only one may be decoded at a time.
        let names = ["red-120x80.heic", "red-120x80.bmp"]
        let maker = PictureMaker(workers: 4, decodeBytes: 120 * 80 * 8)
        let answered = DispatchGroup()
        let widths = Locked<[Int]>([])
        for name in names {
            for width in [32, 64] {
                answered.enter()
                maker.make(try job(name, width: width)) { result in
                    widths.withLock { $0.append((try? result.get().width) ?? -1) }
                    answered.leave()
                }
            }
        }
        XCTAssertEqual(answered.wait(timeout: .now() + 120), .success)
        XCTAssertEqual(widths.withLock { $0.sorted() }, [32, 32, 64, 64])
        XCTAssertEqual(maker.budget.peakBytes, maker.budget.limit)
    }

    func testTheBudgetNeverOverflows() {
        let budget = DecodeBudget(limit: 100)
        XCTAssertFalse(budget.reserve(101), "a reservation larger than the budget must be refused, not wait")
        let holding = Locked(0)
        let overflowed = Locked(false)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let bytes = 20 + index % 7 * 10
            XCTAssertTrue(budget.reserve(bytes))
            holding.withLock { held in
                held += bytes
                if held > 100 { overflowed.withLock { $0 = true } }
            }
            usleep(200)
            holding.withLock { $0 -= bytes }
            budget.release(bytes)
        }
        XCTAssertFalse(overflowed.withLock { $0 })
        XCTAssertLessThanOrEqual(budget.peakBytes, 100)
        XCTAssertTrue(budget.reserve(100), "everything was given back")
    }

    /// Reservations are granted in the order they were asked for: one that
    /// would fit is not granted before an earlier one that does not fit yet,
    /// so a large picture is not passed over for ever by small ones.
    func testTheBudgetGrantsInTheOrderAsked() throws {
        let budget = DecodeBudget(limit: 100)
        XCTAssertTrue(budget.reserve(50))
        // 80 waits for room; 30, which would fit now, waits for its turn behind it. No two
        // neighbours fit together, so each is granted only once the one before has given its bytes back.
        let asked = [80, 30, 80, 30, 80]
        let granted = Locked<[Int]>([])
        let done = DispatchGroup()
        for (index, bytes) in asked.enumerated() {
            done.enter()
            Thread {
                XCTAssertTrue(budget.reserve(bytes))
                granted.withLock { $0.append(index) }
                budget.release(bytes)
                done.leave()
            }.start()
            // The next one asks only once this one holds its ticket, so the order asked is known.
            try waitUntil { budget.waitingCount == index + 1 }
        }
        XCTAssertEqual(granted.withLock { $0 }, [], "30 bytes fitted but were granted ahead of the 80 asked for first")
        budget.release(50)
        XCTAssertEqual(done.wait(timeout: .now() + 60), .success)
        XCTAssertEqual(granted.withLock { $0 }, Array(asked.indices))
    }

    private struct NeverHappened: Error {}

    /// Polls `condition`; the deadline only guards against a hang.
    private func waitUntil(_ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(60)
        while !condition() {
            guard Date() < deadline else { throw NeverHappened() }
            usleep(1000)
        }
    }

    func testAFileThatCannotBeReadIsNotRemembered() {
        let maker = PictureMaker(workers: 1)
        let job = PictureMaker.Job(key: PictureKey(contentHash: "gone", width: 64), format: .tiff, enlarge: false) { nil }
        guard case .failure(let failure) = maker.makeNow(job) else { return XCTFail("nothing was drawn from nothing") }
        XCTAssertEqual(failure, .unreadable)
        XCTAssertFalse(failure.isLasting, "the page may ask again for a file gone for a moment")
        XCTAssertNil(maker.failure(forContentHash: "gone"))
    }

    func testTheCacheKeepsItsByteBound() {
        let cache = PictureCache(byteLimit: 1000)
        for index in 0..<50 {
            let picture = DrawnPicture(bytes: Array(repeating: 1, count: 300), width: 1, height: 1, mimeType: "image/png")
            cache.store(picture, for: PictureKey(contentHash: "h\(index)", width: 64))
            XCTAssertLessThanOrEqual(cache.byteCount, 1000)
        }
        XCTAssertEqual(cache.count, 3)
        XCTAssertNotNil(cache.picture(for: PictureKey(contentHash: "h49", width: 64)))
        XCTAssertNil(cache.picture(for: PictureKey(contentHash: "h0", width: 64)))
    }
}
