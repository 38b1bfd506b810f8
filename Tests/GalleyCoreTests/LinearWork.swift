import GalleyCore
import XCTest

/// Shows a reader is linear by counting its work, never by timing it.
enum LinearWork {
    /// Eight times the input may cost at most this many times the steps:
    /// linear work gives 8 (less with a fixed part), quadratic work 64.
    static let ratioLimit = 12.0

    /// Reads the input `build(size)` makes, after reading `build(size / 8)`,
    /// and fails unless the steps `read` counts grow about as the input does.
    /// Returns the result for the full size.
    static func read<Result>(
        size: Int, file: StaticString = #filePath, line: UInt = #line,
        _ build: (Int) -> [UInt8], with read: ([UInt8], WorkCounter) -> Result
    ) -> Result {
        let small = WorkCounter()
        _ = read(build(size / 8), small)
        let large = WorkCounter()
        let result = read(build(size), large)
        XCTAssertGreaterThan(small.steps, 0, "the reader counted no work", file: file, line: line)
        let ratio = Double(large.steps) / Double(max(small.steps, 1))
        XCTAssertLessThanOrEqual(
            ratio, ratioLimit, "8× the input took \(ratio)× the steps (\(small.steps) → \(large.steps))", file: file, line: line)
        return result
    }
}
