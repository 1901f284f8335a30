import FlyingFox
import FlyingSocks

/// FlyingFox's socket pool with `TCP_NODELAY` set on every socket it waits on (the listener, whose
/// accepted sockets inherit it on Linux, and each connection).
///
/// FlyingFox writes a response's head and body in separate sends; with Nagle's algorithm the body then
/// waits for the client's delayed ACK, adding about 40 ms to every request on a reused connection —
/// which would measure the test server, not the client.
struct NoDelaySocketPool: AsyncSocketPool {
    private let base: any AsyncSocketPool

    init(base: any AsyncSocketPool = HTTPServer.defaultPool()) {
        self.base = base
    }

    func prepare() async throws {
        try await base.prepare()
    }

    func run() async throws {
        try await base.run()
    }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        LoopbackSocket.setNoDelay(socket.file.rawValue)
        try await base.suspendSocket(socket, untilReadyFor: events)
    }
}
