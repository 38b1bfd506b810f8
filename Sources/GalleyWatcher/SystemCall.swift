import Glibc

/// Runs a system call that returns -1 on failure, retrying while a signal interrupts it, and throws a `WatchError` naming the call and path otherwise.
@discardableResult
func retryingOnEINTR<Result: BinaryInteger>(
    _ call: String,
    path: String? = nil,
    _ body: () -> Result
) throws(WatchError) -> Result {
    while true {
        let result = body()
        guard result == -1 else { return result }
        let code = errno
        if code == EINTR { continue }
        throw WatchError(call: call, path: path, code: code)
    }
}
