import GalleyCore
import GalleySystem
import Glibc

/// Runs `galley lsp` on standard input and output until `exit` or the end of input.
struct LanguageServerCommand {
    func run() -> Int32 {
        // A closed client pipe must end the server, not kill it mid-write.
        signal(SIGPIPE, SIG_IGN)
        // Each keystroke the editor sends wakes this thread, which passes it on to the daemon.
        PromptWakeUps.request()
        let output = MessageOutput(descriptor: .standardOutput)
        let server = LanguageServer(output: output)
        defer { server.close() }
        var framer = MessageFramer()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            guard
                let count = try? chunk.withUnsafeMutableBytes({ buffer throws(SystemCallError) in
                    try FileDescriptor.standardInput.read(into: buffer, path: "standard input")
                }), count > 0
            else { return 1 }
            framer.append(chunk[..<count])
            while let event = framer.next() {
                switch event {
                case .message(let body):
                    server.handle(body)
                    if let status = server.exitStatus { return status }
                case .refused(let reason):
                    // The stream cannot be read past a broken header: say why and stop.
                    server.refuse(reason)
                    Console.error("galley lsp: refused the input: \(reason)")
                    return 1
                }
            }
            if !Self.inputIsWaiting() { server.flush() }
        }
    }

    /// Whether more bytes can be read at once (a burst of changes in flight).
    private static func inputIsWaiting() -> Bool {
        var descriptor = pollfd(fd: FileDescriptor.standardInput.rawValue, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLIN) != 0
    }
}
