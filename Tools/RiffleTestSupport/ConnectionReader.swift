/// Reads one HTTP connection's bytes on its thread: a request's head up to the blank line, then its body,
/// keeping what came after for the next request. Waits in slices of 50 ms, so that a server that stops is
/// noticed while the client is idle.
struct ConnectionReader {
    private let descriptor: Int32
    private let isStopped: () -> Bool
    private var buffer: [UInt8] = []

    init(descriptor: Int32, isStopped: @escaping () -> Bool) {
        self.descriptor = descriptor
        self.isStopped = isStopped
    }

    /// The next request's head (request line and headers, without the blank line), or `nil` when the
    /// client closed, the server stopped, or the head is longer than `limit`.
    @available(*, noasync)
    mutating func readHead(limit: Int) -> [UInt8]? {
        while true {
            if let end = Self.blankLine(in: buffer) {
                let head = Array(buffer[..<end])
                buffer.removeFirst(end + 4)
                return head
            }
            guard buffer.count <= limit, fill() else { return nil }
        }
    }

    /// The next `count` bytes, or `nil` when the connection ends first.
    @available(*, noasync)
    mutating func readBody(count: Int) -> [UInt8]? {
        while buffer.count < count {
            guard fill() else { return nil }
        }
        let body = Array(buffer[..<count])
        buffer.removeFirst(count)
        return body
    }

    /// Appends what arrives next; `false` at end of stream, on error, or once the server stops.
    @available(*, noasync)
    private mutating func fill() -> Bool {
        while !isStopped() {
            guard LoopbackSocket.waitReadable(descriptor, milliseconds: 50) else { continue }
            guard let bytes = LoopbackSocket.read(descriptor) else { return false }
            buffer += bytes
            return true
        }
        return false
    }

    /// Where `\r\n\r\n` starts in `bytes`.
    private static func blankLine(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }
}
