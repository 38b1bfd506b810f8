import GalleyCore
import GalleySystem
import Glibc
import Synchronization

/// `galley lsp`'s shell around `LanguageServerSession`: decodes each body,
/// lets the session decide, and carries out the actions it returns,
/// feeding each outcome back before the next. Messages are handled on the
/// reading thread in arrival order.
final class LanguageServer {
    private let output: MessageOutput
    private let previews: PreviewLinks
    private var session = LanguageServerSession(version: GalleyVersion.current)

    init(output: MessageOutput) {
        self.output = output
        previews = PreviewLinks { root, path, line in
            output.send(LanguageServerSession.showLine(line, of: path, in: root))
        }
    }

    /// Set once `exit` arrives: the status to leave with.
    var exitStatus: Int32? { session.exitStatus }

    /// Handles one message body.
    func handle(_ body: [UInt8]) {
        run(.message(IncomingMessage.decode(body)))
    }

    /// Sends every changed buffer to its preview once; called when no more
    /// input is waiting, so a burst of keystrokes renders its last text only.
    func flush() {
        run(.inputIdle)
    }

    func refuse(_ refusal: FramingRefusal) {
        output.send(.error(id: nil, .refusedInput(refusal)))
    }

    /// The actions' texts share the session's buffers only until this returns.
    private func run(_ event: LanguageServerEvent) {
        for action in session.handle(event) {
            if let outcome = perform(action) { run(outcome) }
        }
    }

    /// Carries out `action`; the event that tells the session how it went, if it waits for one.
    private func perform(_ action: LanguageServerAction) -> LanguageServerEvent? {
        switch action {
        case .send(let message):
            output.send(message)
            return nil
        case .attach(let uri, let file, let workspaceFolders):
            return .attached(uri, previews.attach(file: file, workspaceFolders: workspaceFolders))
        case .show(let uri, let buffer):
            return outcome(of: buffer.preview) { () throws(PreviewLinkError) in
                .previewed(uri, sent: buffer.version, try previews.show(buffer))
            }
        case .drop(let uri, let path, let preview):
            return outcome(of: preview) { () throws(PreviewLinkError) in .previewed(uri, sent: nil, try previews.drop(path, in: preview)) }
        case .fetchVocabulary(let preview):
            return outcome(of: preview) { () throws(PreviewLinkError) in .vocabulary(preview, try previews.vocabulary(of: preview)) }
        case .follow(let path, let line, let preview):
            return outcome(of: preview) { () throws(PreviewLinkError) in
                try previews.follow(path, line: line, in: preview)
                return nil
            }
        case .forget(let preview):
            previews.forget(preview)
            return nil
        case .forwardClicks:
            previews.forwardsClicks.isOn = true
            return nil
        }
    }

    private func outcome(of preview: PreviewID, _ body: () throws(PreviewLinkError) -> LanguageServerEvent?) -> LanguageServerEvent? {
        do {
            return try body()
        } catch {
            return .previewFailed(preview, error)
        }
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
