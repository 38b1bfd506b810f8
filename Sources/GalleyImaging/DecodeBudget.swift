import Foundation

/// The memory the pictures being drawn may hold together: a drawing
/// reserves the bytes its header says it needs before it decodes and gives
/// them back when it is done, so however many files and widths are asked
/// for at once, decoding never holds more than `limit`. Reservations are
/// granted in the order they were asked for, so a large picture is not
/// passed over for ever by small ones.
package final class DecodeBudget: @unchecked Sendable {
    package let limit: Int
    private let changed = NSCondition()
    /// Guarded by `changed`.
    private var reserved = 0
    private var nextTicket = 0
    private var serving = 0
    private var mostReserved = 0

    package init(limit: Int) {
        self.limit = limit
    }

    /// Waits until `bytes` fit beside what is reserved and reserves them;
    /// false (and nothing waits) when they would not fit even alone.
    package func reserve(_ bytes: Int) -> Bool {
        guard bytes <= limit else { return false }
        changed.lock()
        defer { changed.unlock() }
        let ticket = nextTicket
        nextTicket += 1
        while ticket != serving || reserved + bytes > limit {
            changed.wait()
        }
        reserved += bytes
        mostReserved = max(mostReserved, reserved)
        serving += 1
        changed.broadcast()
        return true
    }

    /// Gives back what `reserve` took.
    package func release(_ bytes: Int) {
        changed.lock()
        reserved -= bytes
        changed.broadcast()
        changed.unlock()
    }

    /// How many reservations are waiting for their turn or their room, for tests.
    package var waitingCount: Int {
        changed.lock()
        defer { changed.unlock() }
        return nextTicket - serving
    }

    /// The most that was ever reserved at once, for tests and the bench.
    package var peakBytes: Int {
        changed.lock()
        defer { changed.unlock() }
        return mostReserved
    }
}
