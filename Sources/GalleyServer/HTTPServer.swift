import CMicroHTTPD
import Dispatch
import GalleyCore
import GalleyShim
import GalleySystem
import Glibc
import Synchronization

/// Handles requests on libmicrohttpd's thread; must not block.
package protocol HTTPHandler: Sendable {
    func reply(to request: HTTPRequest) -> HTTPReply
    /// Whether the request comes from a page that may use this server, so
    /// that its connection is in the share kept for such pages.
    func isTrusted(_ request: HTTPRequest) -> Bool
}

extension HTTPHandler {
    package func isTrusted(_ request: HTTPRequest) -> Bool {
        request.peer.isLoopback
    }
}

/// Limits that keep misbehaving clients from starving well-behaved pages.
package struct HTTPServerLimits: Sendable {
    package var connections: UInt32 = 4000
    /// Of `connections`, kept for trusted pages (see `ConnectionLedger`).
    package var trustedShare: UInt32 = 1000
    /// How long a connection may take to send a request's head.
    package var headSeconds: UInt32 = 10
    package var idleTimeoutSeconds: UInt32 = 30
    /// libmicrohttpd clears a connection's pool for every request: 16 KiB holds any
    /// browser's headers while keeping a thousand parked polls cheap to answer.
    package var memoryPerConnection = 16 * 1024
    package var requestBodyBytes = 64 * 1024

    package init() {}
}

/// A libmicrohttpd daemon with typed Swift requests, replies and long-polls.
package final class HTTPServer: @unchecked Sendable {
    private let daemon: OpaquePointer
    private let handler: any HTTPHandler
    private let limits: HTTPServerLimits
    private let parkedCount = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)
    private let connections: ConnectionKeeper
    /// The callbacks' context; kept alive as long as the daemon runs.
    private let callbackContext: PendingStart

    /// Starts serving on `socket`; the server owns the socket from here on.
    package init(socket: ListeningSocket, handler: any HTTPHandler, limits: HTTPServerLimits = HTTPServerLimits()) throws {
        self.handler = handler
        self.limits = limits
        connections = ConnectionKeeper(
            limits: ConnectionLedger.Limits(
                capacity: Int(limits.connections), trustedShare: Int(limits.trustedShare), headSeconds: Int(limits.headSeconds)))
        let pending = PendingStart()
        callbackContext = pending
        let context = Unmanaged.passUnretained(pending).toOpaque()
        errno = 0
        guard
            let daemon = galley_mhd_start(
                socket.descriptor.rawValue,
                HTTPServer.accessHandler, context,
                HTTPServer.requestCompleted, context,
                HTTPServer.connectionNotified, context,
                // Room beyond the ledger's capacity for connections it is closing.
                limits.connections + ConnectionKeeper.closingRoom, 0, limits.idleTimeoutSeconds, limits.memoryPerConnection
            )
        else {
            let lastError = errno
            socket.descriptor.close()
            throw HTTPServerStartError(origin: socket.origin, lastSystemError: lastError == 0 ? nil : lastError)
        }
        self.daemon = daemon
        pending.start(self)
    }

    /// Hands memory freed by a burst of answered connections back to the system.
    package static func releaseFreeMemory() {
        galley_release_free_memory()
    }

    /// Stops accepting, lets `answerParked` answer every held request, waits
    /// (at most `grace` seconds) for those answers to go out, then stops.
    ///
    /// `answerParked` is called again while waiting, because a request that
    /// was being parked as the stop began is parked after the first call.
    package func stop(grace: Double = 2, answerParked: () -> Void) {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        connections.stop()
        let listener = MHD_quiesce_daemon(daemon)
        if listener >= 0 { FileDescriptor(rawValue: listener).close() }
        let deadline = ContinuousClock.now + .milliseconds(Int(grace * 1000))
        repeat {
            answerParked()
            if parkedCount.load(ordering: .acquiring) == 0 && galley_mhd_connection_count(daemon) == 0 { break }
            usleep(2000)
        } while ContinuousClock.now < deadline
        // libmicrohttpd aborts when stopped with suspended connections; a
        // process that is exiting anyway is better left to the kernel then.
        if parkedCount.load(ordering: .acquiring) == 0 { MHD_stop_daemon(daemon) }
    }

    // MARK: - libmicrohttpd callbacks

    /// Holds the server reference until `init` finishes, because the daemon
    /// may call back before `self` is fully initialised: a connection that
    /// waited in the socket's queue (the address is announced before the
    /// server starts) is accepted at once, and its callbacks wait for `init`.
    private final class PendingStart: @unchecked Sendable {
        private let reference = Locked<HTTPServer?>(nil)
        private let started = DispatchSemaphore(value: 0)

        func start(_ server: HTTPServer) {
            reference.withLock { $0 = server }
            started.signal()
        }

        /// The server, once `init` has made it.
        var server: HTTPServer? {
            if let server = reference.withLock({ $0 }) { return server }
            // Each waiter lets the next one through.
            started.wait()
            started.signal()
            return reference.withLock { $0 }
        }
    }

    /// A connection `MHD_suspend_connection` parked; libmicrohttpd allows
    /// resuming it from any thread.
    private struct SuspendedConnection: @unchecked Sendable {
        let pointer: OpaquePointer

        func resume() {
            MHD_resume_connection(pointer)
        }
    }

    /// Per-request state kept in libmicrohttpd's `con_cls` slot.
    private final class RequestState {
        var body: [UInt8] = []
        var pending: PendingResponse?
        var tooLarge = false
    }

    private static let accessHandler: MHD_AccessHandlerCallback = {
        context, connection, url, method, _, uploadData, uploadDataSize, stateSlot in
        guard let context, let connection, let stateSlot else { return .NO }
        guard let server = Unmanaged<PendingStart>.fromOpaque(context).takeUnretainedValue().server else {
            return .NO
        }
        return server.handle(
            connection: connection, url: url, method: method, uploadData: uploadData, uploadDataSize: uploadDataSize, stateSlot: stateSlot)
    }

    private static let requestCompleted: MHD_RequestCompletedCallback = { context, connection, stateSlot, _ in
        if let context, let connection, let server = Unmanaged<PendingStart>.fromOpaque(context).takeUnretainedValue().server {
            server.connections.answered(connection)
        }
        guard let stateSlot, let raw = stateSlot.pointee else { return }
        let state = Unmanaged<RequestState>.fromOpaque(raw)
        state.takeUnretainedValue().pending?.sent()
        state.release()
        stateSlot.pointee = nil
    }

    private static let connectionNotified: MHD_NotifyConnectionCallback = { context, connection, socketContext, event in
        guard let context, let connection, let socketContext,
            let server = Unmanaged<PendingStart>.fromOpaque(context).takeUnretainedValue().server
        else { return }
        if event == .CONNECTION_NOTIFY_STARTED {
            // Here on each of libmicrohttpd's own threads, which this server does not start.
            PromptWakeUps.request()
            let peer = galley_mhd_peer_address(connection).flatMap(PeerAddress.init)
            socketContext.pointee = server.connections.opened(
                socket: FileDescriptor(rawValue: galley_mhd_connection_socket(connection)), trusted: peer?.isLoopback ?? false)
        } else {
            server.connections.closed(socketContext.pointee)
        }
    }

    private func handle(
        connection: OpaquePointer,
        url: UnsafePointer<CChar>?,
        method: UnsafePointer<CChar>?,
        uploadData: UnsafePointer<CChar>?,
        uploadDataSize: UnsafeMutablePointer<Int>?,
        stateSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        let state: RequestState
        if let raw = stateSlot.pointee {
            state = Unmanaged<RequestState>.fromOpaque(raw).takeUnretainedValue()
        } else {
            state = RequestState()
            stateSlot.pointee = Unmanaged.passRetained(state).toOpaque()
            connections.headArrived(connection)
            // The first call only announces the request; the body (if any) follows.
            return .YES
        }
        if let pending = state.pending {
            // Called again after resume: send what the long-poll got.
            guard let response = pending.response else { return .NO }
            return queue(response, on: connection)
        }
        if let uploadDataSize, uploadDataSize.pointee > 0 {
            if let uploadData, state.body.count + uploadDataSize.pointee <= limits.requestBodyBytes {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: uploadDataSize.pointee) {
                    state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: uploadDataSize.pointee))
                }
            } else {
                state.tooLarge = true
            }
            uploadDataSize.pointee = 0
            return .YES
        }
        if state.tooLarge {
            return queue(
                HTTPResponse(status: 413, contentType: "text/plain; charset=utf-8", body: "request body too large\n"), on: connection)
        }
        let query = values(of: connection, kind: .GET_ARGUMENT_KIND, lowercasingKeys: false)
        let headers = values(of: connection, kind: .HEADER_KIND, lowercasingKeys: true)
        let request = HTTPRequest(
            method: method.map { String(cString: $0) } ?? "GET",
            path: url.map { String(cString: $0) } ?? "/",
            query: query.values,
            headers: headers.values,
            repeatedHeaders: headers.repeated,
            body: state.body,
            peer: galley_mhd_peer_address(connection).flatMap(PeerAddress.init) ?? PeerAddress(text: "unknown", isLoopback: false)
        )
        if handler.isTrusted(request) { connections.trust(connection) }
        switch handler.reply(to: request) {
        case .now(let response):
            return queue(response, on: connection)
        case .later(let register):
            // While stopping too: `stop` answers what is parked until none is,
            // so a poll whose head is read late (another worker thread's
            // connection) gets the last version rather than a closed socket.
            let suspended = SuspendedConnection(pointer: connection)
            let pending = PendingResponse { [self] in
                parkedCount.subtract(1, ordering: .relaxed)
                suspended.resume()
            }
            state.pending = pending
            parkedCount.add(1, ordering: .relaxed)
            MHD_suspend_connection(connection)
            register(pending)
            return .YES
        }
    }

    private func values(of connection: OpaquePointer, kind: MHD_ValueKind, lowercasingKeys: Bool) -> (
        values: [String: String], repeated: Set<String>
    ) {
        final class Collector {
            var values: [String: String] = [:]
            var repeated: Set<String> = []
            var lowercasingKeys = false
        }
        let collector = Collector()
        collector.lowercasingKeys = lowercasingKeys
        let context = Unmanaged.passUnretained(collector).toOpaque()
        MHD_get_connection_values(
            connection, kind,
            { context, _, key, value in
                guard let context, let key else { return .YES }
                let collector = Unmanaged<Collector>.fromOpaque(context).takeUnretainedValue()
                // Bounded by libmicrohttpd's per-connection memory limit.
                let raw = String(cString: key)
                let name = collector.lowercasingKeys ? raw.lowercased() : raw
                if collector.values[name] != nil { collector.repeated.insert(name) }
                collector.values[name] = value.map { String(cString: $0) } ?? ""
                return .YES
            }, context)
        return (collector.values, collector.repeated)
    }

    private static let releaseBody: MHD_ContentReaderFreeCallback = { context in
        guard let context else { return }
        Unmanaged<SharedBody>.fromOpaque(context).release()
    }

    private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        if stopped.load(ordering: .relaxed) {
            // Closing: a one-off response that tells the client so.
            guard let closing = Self.makeResponse(response, extraHeaders: [("Connection", "close")]) else { return .NO }
            defer { MHD_destroy_response(closing) }
            return MHD_queue_response(connection, UInt32(response.status), closing)
        }
        guard let prepared = response.prepared.get({ Self.makeResponse(response, extraHeaders: []) }) else { return .NO }
        return MHD_queue_response(connection, UInt32(response.status), prepared)
    }

    /// Hands libmicrohttpd the header's own bytes (a Swift string keeps a
    /// terminating NUL): passing the strings as they are made a C copy of
    /// each, a dozen for every answer.
    private static func add(_ header: (name: String, value: String), to response: OpaquePointer) {
        header.name.withCString { name in
            header.value.withCString { value in _ = MHD_add_response_header(response, name, value) }
        }
    }

    private static func makeResponse(_ response: HTTPResponse, extraHeaders: [(name: String, value: String)]) -> OpaquePointer? {
        let body = response.body
        let retained = Unmanaged.passRetained(body).toOpaque()
        guard
            let mhdResponse = MHD_create_response_from_buffer_with_free_callback_cls(
                body.count, UnsafeMutableRawPointer(mutating: body.pointer.baseAddress), HTTPServer.releaseBody, retained
            )
        else {
            Unmanaged<SharedBody>.fromOpaque(retained).release()
            return nil
        }
        for header in response.headers { Self.add(header, to: mhdResponse) }
        for header in extraHeaders { Self.add(header, to: mhdResponse) }
        return mhdResponse
    }
}
