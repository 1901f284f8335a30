internal import RiffleSystem
import Synchronization

/// A TCP server on 127.0.0.1 for the failures an HTTP server library cannot produce: a server that
/// accepts and never answers, or one that resets the connection in the middle of a response.
/// Each connection gets its own thread (blocking sockets, tests only).
package final class RawSocketServer: Sendable {
    /// What the server does with each connection.
    package enum Behaviour: Sendable {
        /// Reads the request and never answers; notices when the client closes.
        case neverAnswer
        /// Sends the start of a response promising more bytes, then resets the connection.
        case resetMidResponse
        /// Reads the request, sends `bytes` as the whole response, and closes the connection: header
        /// lines no HTTP server library would write (odd spacing, bytes that are not ASCII).
        case respond([UInt8])
    }

    /// Why the server could not start.
    enum StartError: Error {
        case cannotListen
        case cannotStartThread
    }

    private struct State {
        var accepted = 0
        var clientClosed = 0
        var stopped = false
    }

    /// The port the server listens on.
    let port: UInt16
    private let state = Mutex(State())
    private let listener: Int32

    /// `http://127.0.0.1:PORT`.
    package var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Connections accepted so far.
    package var acceptedCount: Int { state.withLock { $0.accepted } }
    /// Connections the client closed (seen as end of stream or a reset) so far.
    package var clientClosedCount: Int { state.withLock { $0.clientClosed } }

    /// Starts listening.
    package init(behaviour: Behaviour) throws {
        guard let (listener, port) = try? LoopbackSocket.listen() else { throw StartError.cannotListen }
        self.listener = listener
        self.port = port
        do {
            try SystemThread.start { [self] in acceptLoop(behaviour) }
        } catch {
            Descriptor.close(listener)
            throw StartError.cannotStartThread
        }
    }

    deinit {
        stop()
    }

    /// Stops accepting at once (the port refuses connections when this returns) and closes open
    /// connections within about 100 ms.
    package func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first { LoopbackSocket.stopListening(listener) }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func acceptLoop(_ behaviour: Behaviour) {
        while !isStopped {
            guard LoopbackSocket.waitReadable(listener, milliseconds: 50), let client = LoopbackSocket.accept(listener)
            else {
                continue
            }
            state.withLock { $0.accepted += 1 }
            do {
                try SystemThread.start { [self] in serve(client, behaviour) }
            } catch {
                Descriptor.close(client)
            }
        }
        Descriptor.close(listener)
    }

    private func serve(_ client: Int32, _ behaviour: Behaviour) {
        switch behaviour {
        case .resetMidResponse:
            _ = LoopbackSocket.waitReadable(client, milliseconds: 2000)
            _ = LoopbackSocket.read(client)
            let head = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n\r\npartial body"
            LoopbackSocket.send(client, Array(head.utf8))
            LoopbackSocket.reset(client)
        case .respond(let bytes):
            _ = LoopbackSocket.waitReadable(client, milliseconds: 2000)
            _ = LoopbackSocket.read(client)
            LoopbackSocket.send(client, bytes)
            Descriptor.close(client)
        case .neverAnswer:
            while !isStopped {
                guard LoopbackSocket.waitReadable(client, milliseconds: 50) else { continue }
                if LoopbackSocket.read(client) == nil {
                    state.withLock { $0.clientClosed += 1 }
                    break
                }
            }
            Descriptor.close(client)
        }
    }
}
