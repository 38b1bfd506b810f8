import GalleySystem
import Glibc

/// Tells a thread that waits on descriptors to stop: a pipe whose read end
/// it polls beside its own descriptor. Signalling never blocks.
struct StopSignal: Sendable {
    let readEnd: FileDescriptor
    private let writeEnd: FileDescriptor

    init() throws(SystemCallError) {
        var ends: [Int32] = [-1, -1]
        _ = try retryingOnInterrupt("pipe") { pipe(&ends) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        readEnd = FileDescriptor(rawValue: ends[0])
        writeEnd = FileDescriptor(rawValue: ends[1])
    }

    /// Makes the read end readable; later calls change nothing the waiter sees.
    func signal() {
        var byte: UInt8 = 1
        _ = try? retryingOnInterrupt("write") { write(writeEnd.rawValue, &byte, 1) }
    }

    func close() {
        readEnd.close()
        writeEnd.close()
    }
}
