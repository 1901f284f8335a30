import FlyingFox

/// Closes the connection without sending a byte: FlyingFox asks a WebSocket handler for its frames
/// before writing the upgrade response, so throwing there makes the server drop the connection with
/// nothing written — the client sees an empty reply / connection reset, a transport error.
struct ConnectionReset: WSHandler {
    struct Dropped: Error {}

    func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
        throw Dropped()
    }
}
