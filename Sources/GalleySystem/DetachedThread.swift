import Glibc

/// A thread of its own for a loop that blocks in a system call (waiting on
/// a descriptor), so that the thread the kernel wakes is the one that does
/// the work: a dispatch source would wake libdispatch's event thread, which
/// then wakes a worker.
package enum DetachedThread {
    /// Runs `body` on a new detached thread named `name` (shown by `ps -L`, at most 15 bytes).
    package static func start(name: String, _ body: @escaping @Sendable () -> Void) throws(SystemCallError) {
        let context = Unmanaged.passRetained(Body(name: name, run: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, entry, context)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            throw SystemCallError(call: "pthread_create", path: nil, errno: result)
        }
        pthread_detach(thread)
    }

    private static let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { raw in
        guard let raw else { return nil }
        let body = Unmanaged<Body>.fromOpaque(raw).takeRetainedValue()
        nameThisThread(body.name)
        body.run()
        return nil
    }

    /// `pthread_setname_np` is not visible from Swift without `_GNU_SOURCE`; the kernel takes the name here too.
    private static func nameThisThread(_ name: String) {
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        let bytes = Array(name.utf8.prefix(15))
        _ = bytes.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    private final class Body: Sendable {
        let name: String
        let run: @Sendable () -> Void

        init(name: String, run: @escaping @Sendable () -> Void) {
            self.name = name
            self.run = run
        }
    }
}
