import GalleyCore
import GalleySystem

/// A reference to an object made after the closures that need it: set once
/// it exists, read from any thread, and never keeping it alive.
final class LateReference<Target: AnyObject & Sendable>: Sendable {
    private struct Weak {
        weak var target: Target?
    }

    private let reference = Locked(Weak())

    init() {}

    var target: Target? {
        get { reference.withLock { $0.target } }
        set { reference.withLock { $0.target = newValue } }
    }
}
