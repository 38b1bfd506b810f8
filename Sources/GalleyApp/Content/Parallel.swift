import Dispatch
import Foundation

/// Spreads independent work over the machine's cores: start-up and storms
/// read, parse and render thousands of files that do not depend on each other.
enum Parallel {
    /// Lets the caller vouch that `value` is only read while the work runs.
    struct ReadOnly<Value>: @unchecked Sendable {
        let value: Value
    }

    /// `items.map(transform)`, on all cores when there is enough to share.
    static func map<Item, Result>(_ items: [Item], minimumCount: Int = 32, _ transform: (Item) -> Result) -> [Result] {
        // Asking for the processor count costs more than a small save's render: only when it can matter.
        guard items.count >= minimumCount else { return items.map(transform) }
        let workers = ProcessInfo.processInfo.activeProcessorCount
        guard workers > 1 else { return items.map(transform) }
        return withoutActuallyEscaping(transform) { transform in
            var results = [Result?](repeating: nil, count: items.count)
            results.withUnsafeMutableBufferPointer { buffer in
                let shared = ReadOnly(value: (items, transform, buffer))
                DispatchQueue.concurrentPerform(iterations: workers) { worker in
                    let (items, transform, buffer) = shared.value
                    // Interleaved indices keep the workers' shares even when
                    // big files cluster together.
                    for index in stride(from: worker, to: items.count, by: workers) {
                        buffer[index] = transform(items[index])
                    }
                }
            }
            return results.compactMap { $0 }
        }
    }
}
