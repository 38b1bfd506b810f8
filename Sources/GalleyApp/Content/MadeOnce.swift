import GalleyCore
import GalleySystem

/// How a `MadeOnce` value is made, held until it is: a value, not a
/// closure, so that what waits to be made takes no object of its own.
protocol Recipe: Sendable {
    associatedtype Made: Sendable
    func make() -> Made
}

/// A value made the first time it is asked for, by the thread that asks,
/// and shared by every copy and every later asker; its recipe is let go
/// of once it is made. Threads that ask while it is being made wait for
/// it, as they need it anyway; nobody else does, so a value handed out
/// under a lock (an answer's body) is made after that lock is let go.
struct MadeOnce<Making: Recipe>: Sendable {
    private enum State {
        case waiting(Making)
        // Boxed, so that the many values that wait take no room for one.
        indirect case made(Making.Made)
    }

    private let state: Locked<State>

    init(_ recipe: Making) {
        state = Locked(.waiting(recipe))
    }

    /// A value made already.
    init(made value: Making.Made) {
        state = Locked(.made(value))
    }

    var value: Making.Made {
        state.withLock { state in
            switch state {
            case .made(let value):
                return value
            case .waiting(let recipe):
                let value = recipe.make()
                state = .made(value)
                return value
            }
        }
    }

    /// The value if it was made, without making it.
    var valueIfMade: Making.Made? {
        state.withLock { state in
            if case .made(let value) = state { return value }
            return nil
        }
    }
}

/// A recipe that is a closure, for values of which few wait at a time.
struct Closure<Made: Sendable>: Recipe {
    let body: @Sendable () -> Made

    init(_ body: @escaping @Sendable () -> Made) {
        self.body = body
    }

    func make() -> Made {
        body()
    }
}
