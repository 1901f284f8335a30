package import FlyingFox
import FoundationEssentials
internal import RiffleSystem
import Synchronization

/// An HTTP/1.1 server on 127.0.0.1 that serves a FlyingFox `HTTPHandler` on threads of its own: one thread
/// accepts, and each connection gets a thread that reads its requests, runs the handler on that same thread
/// (in a task whose executor is the connection's thread, `ConnectionExecutor`) and writes the answers.
///
/// The test servers live in the test process, beside the code they serve. On Swift's cooperative pool,
/// one thread per core, a server's work waited behind whatever else the tests ran (long synchronous tests,
/// the client it answers), and a slow answer became a timeout or a failed wait on a busy machine. Here the
/// operating system schedules the server like any other thread.
///
/// Requests have limits (`maxHeadBytes`, `maxBodyBytes`): beyond them the connection closes. A body comes
/// with `Content-Length` (`Expect: 100-continue` is answered); a chunked request body is refused with 411.
/// A handler's WebSocket answer closes the connection without a byte (how the sandbox resets one).
package final class ThreadedHTTPServer: Sendable {
    /// Why the server could not start.
    package struct StartError: Error, CustomStringConvertible {
        package var description: String
    }

    private struct State {
        var stopped = false
        var connections = 0
    }

    /// The longest request line and headers accepted.
    static let maxHeadBytes = 64 * 1024
    /// The largest request body accepted.
    static let maxBodyBytes = 64 * 1024 * 1024

    /// The port the server listens on.
    package let port: UInt16
    private let listener: Int32
    private let handler: any HTTPHandler
    private let state = Mutex(State())

    /// Starts listening on 127.0.0.1 at `port` (0: a free one) before it returns, and accepting on a thread
    /// of its own.
    package init(handler: some HTTPHandler, port: UInt16 = 0) throws(StartError) {
        let listening: (descriptor: Int32, port: UInt16)
        do {
            listening = try LoopbackSocket.listen(port: port)
        } catch {
            throw StartError(description: "cannot listen on 127.0.0.1:\(port): \(error)")
        }
        listener = listening.descriptor
        self.port = listening.port
        self.handler = handler
        do {
            try SystemThread.start { [self] in acceptLoop() }
        } catch {
            Descriptor.close(listener)
            throw StartError(description: "cannot start the server's thread: \(error)")
        }
    }

    deinit {
        stop()
    }

    /// Stops accepting at once (the port refuses connections when this returns); open connections close,
    /// and handlers in flight are cancelled, within about 50 ms.
    package func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first { LoopbackSocket.stopListening(listener) }
    }

    /// `stop()`, then waits, suspended, until every connection has closed (a hang guard of 60 s bounds it).
    package func stopAndWait() async {
        stop()
        _ = await eventually(timeout: .seconds(60), interval: .milliseconds(5)) {
            state.withLock { $0.connections == 0 }
        }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func acceptLoop() {
        while !isStopped {
            guard LoopbackSocket.waitReadable(listener, milliseconds: 50),
                let (client, peerPort) = LoopbackSocket.acceptWithPeer(listener)
            else { continue }
            LoopbackSocket.setNoDelay(client)
            state.withLock { $0.connections += 1 }
            do {
                try SystemThread.start { [self] in
                    serve(client, peerPort: peerPort)
                    Descriptor.close(client)
                    state.withLock { $0.connections -= 1 }
                }
            } catch {
                Descriptor.close(client)
                state.withLock { $0.connections -= 1 }
            }
        }
        Descriptor.close(listener)
    }

    /// Answers the connection's requests in turn until the client closes it, asks to, or the server stops.
    private func serve(_ client: Int32, peerPort: UInt16) {
        var reader = ConnectionReader(descriptor: client, isStopped: { [self] in isStopped })
        let executor = ConnectionExecutor()
        while let head = reader.readHead(limit: Self.maxHeadBytes), let parsed = RequestHead(head) {
            if parsed.isChunked {
                LoopbackSocket.send(client, Self.encode(status: 411, phrase: "Length Required", close: true))
                return
            }
            guard parsed.contentLength <= Self.maxBodyBytes else {
                LoopbackSocket.send(client, Self.encode(status: 413, phrase: "Content Too Large", close: true))
                return
            }
            if parsed.expectsContinue, parsed.contentLength > 0 {
                LoopbackSocket.send(client, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
            }
            guard let body = reader.readBody(count: parsed.contentLength) else { return }
            let request = parsed.request(body: body, peerPort: peerPort)
            let handler = handler
            let answer = executor.run(cancelWhen: { [self] in isStopped }) {
                await Self.respond(to: request, with: handler)
            }
            guard let answer, !isStopped else { return }
            guard case .bytes(let bytes, let close) = answer else { return }
            LoopbackSocket.send(client, bytes)
            if close || !parsed.keepAlive { return }
        }
    }

    /// What the connection sends: a response's bytes (and whether to close after them), or nothing, closing.
    enum Answer: Sendable {
        case bytes([UInt8], close: Bool)
        case drop
    }

    /// The handler's answer, encoded; 404 for a request no route handles, 500 for a handler's error.
    static func respond(to request: HTTPRequest, with handler: any HTTPHandler) async -> Answer {
        let response: HTTPResponse
        do {
            response = try await handler.handleRequest(request)
        } catch is HTTPUnhandledError {
            response = HTTPResponse(statusCode: .notFound)
        } catch {
            response = HTTPResponse(statusCode: .internalServerError)
        }
        guard case .httpBody = response.payload, let body = try? await response.bodyData else { return .drop }
        var headers = response.headers
        headers.removeValue(.contentLength)
        headers.removeValue(.transferEncoding)
        return .bytes(
            encode(
                status: response.statusCode.code, phrase: response.statusCode.phrase, headers: headers,
                body: Array(body), close: false),
            close: false)
    }

    /// A response's bytes: status line, headers (values of one name joined, as FlyingFox writes them, except
    /// the few that must stay apart), `Content-Length`, body.
    static func encode(
        status: Int, phrase: String, headers: HTTPHeaders = [:], body: [UInt8] = [], close: Bool
    ) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(phrase)\r\n"
        for name in headers.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            let values = headers.values(for: name)
            if separateValues.contains(name) {
                for value in values { head += "\(name.rawValue): \(value)\r\n" }
            } else {
                head += "\(name.rawValue): \(values.joined(separator: ", "))\r\n"
            }
        }
        head += "Content-Length: \(body.count)\r\n"
        if close { head += "Connection: close\r\n" }
        head += "\r\n"
        return Array(head.utf8) + body
    }

    /// Headers whose values are never joined into one line.
    private static let separateValues: Set<HTTPHeader> = [.cookie, .setCookie, .date, .eTag, .contentType, .host]
}
