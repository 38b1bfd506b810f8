import GalleySystem

/// Tells a thread that waits on descriptors to stop: a pipe whose read end
/// it polls beside its own descriptor. Signalling never blocks.
struct StopSignal: Sendable {
    let readEnd: FileDescriptor
    private let writeEnd: FileDescriptor

    init() throws(SystemCallError) {
        (readEnd, writeEnd) = try FileDescriptor.pipe(nonBlocking: true)
    }

    /// Makes the read end readable; later calls change nothing the waiter sees.
    func signal() {
        _ = try? writeEnd.writeAll([1])
    }

    func close() {
        readEnd.close()
        writeEnd.close()
    }
}
