import GalleyCore
import GalleySystem
import Glibc
import Synchronization

/// `galley lsp`'s shell around `LanguageServerSession`: decodes each body,
/// lets the session decide, and writes what it returns. Messages are
/// handled on the reading thread in arrival order.
final class LanguageServer {
    private let output: MessageOutput
    private let previews: PreviewLinks
    private var session: LanguageServerSession

    init(output: MessageOutput) {
        self.output = output
        previews = PreviewLinks { root, path, line in
            output.send(LanguageServerSession.showLine(line, of: path, in: root))
        }
        session = LanguageServerSession(previews: previews, version: GalleyVersion.current)
    }

    /// Set once `exit` arrives: the status to leave with.
    var exitStatus: Int32? { session.exitStatus }

    /// Handles one message body.
    func handle(_ body: [UInt8]) {
        send(session.handle(IncomingMessage.decode(body)))
        previews.forwardsClicks.isOn = session.canShowDocument
    }

    /// Sends every changed buffer to its preview once; called when no more
    /// input is waiting, so a burst of keystrokes renders its last text only.
    func flush() {
        send(session.flush())
    }

    func refuse(_ reason: String) {
        output.send(.error(id: nil, ResponseError(.invalidRequest, "refused: \(reason)")))
    }

    private func send(_ messages: [OutgoingMessage]) {
        for message in messages { output.send(message) }
    }

    /// Stops the preview this process serves, answering its pages.
    func close() {
        previews.close()
    }
}

/// Writes framed messages to standard output, from any thread.
final class MessageOutput: Sendable {
    private let lock = Locked(())
    private let descriptor: FileDescriptor
    private let nextRequestNumber = Atomic<Int>(0)

    init(descriptor: FileDescriptor) {
        self.descriptor = descriptor
    }

    func send(_ message: OutgoingMessage) {
        let bytes = message.framed(requestNumber: nextRequestNumber.add(1, ordering: .relaxed).newValue)
        lock.withLock { _ in
            // A client that went away ends the server when its input ends.
            try? descriptor.writeAll(bytes)
        }
    }
}
