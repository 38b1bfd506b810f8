import Glibc

/// A failed system call, with the call, its subject and errno text, so that
/// "bind(127.0.0.1:8080): Address already in use (errno 98)" reaches the user.
public struct SystemCallError: Error, CustomStringConvertible, Sendable {
    public var call: String
    public var subject: String
    public var errno: Int32

    public init(call: String, subject: String, errno: Int32) {
        self.call = call
        self.subject = subject
        self.errno = errno
    }

    public var description: String {
        "\(call)(\(subject)): \(String(cString: strerror(errno))) (errno \(errno))"
    }
}

/// Runs a system call, retrying when a signal interrupted it.
@discardableResult
func retryingOnInterrupt(_ call: String, _ subject: String, _ body: () -> Int32) throws -> Int32 {
    while true {
        let result = body()
        if result != -1 { return result }
        let error = Glibc.errno
        if error != EINTR { throw SystemCallError(call: call, subject: subject, errno: error) }
    }
}
