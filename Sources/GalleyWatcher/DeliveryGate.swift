import Synchronization

/// Lets batches through to the consumer until the watcher stops; checked right before each callback.
final class DeliveryGate: Sendable {
    private let open = Atomic(true)

    var isOpen: Bool { open.load(ordering: .acquiring) }

    func close() {
        open.store(false, ordering: .releasing)
    }
}
