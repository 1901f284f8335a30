internal import RiffleSystem

/// A minimal HTTP/1.1 client for the tests of the loopback servers: one connection a request
/// (`Connection: close`), read to its end, on a thread of its own (`offThePool`), so that a busy cooperative
/// pool never holds it back and no connect or read deadline shorter than a hang guard applies (FlyingFox's
/// client gives a connection 5 s, which a loaded two-core machine ran out of).
package enum LoopbackHTTPClient {
    /// How long a read waits for a byte before the request fails: a guard against a hang only.
    package static let hangGuardSeconds = 120

    /// An answer: its status, its headers by lowercased name (the last of a repeated one), its body.
    package struct Response: Sendable {
        package var status: Int
        package var headers: [String: String]
        package var body: [UInt8]
    }

    /// A request that got no whole answer: what went wrong.
    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    /// Sends `method target` (the path with its percent-encoded query) to 127.0.0.1 at `port`, with
    /// `headers` (`Host`, `Connection` and `Content-Length` are added) and `body`; the answer.
    package static func send(
        port: UInt16, method: String, target: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) async throws -> Response {
        try await offThePool { try exchange(port: port, method: method, target: target, headers: headers, body: body) }
    }

    @available(*, noasync)
    private static func exchange(
        port: UInt16, method: String, target: String, headers: [(String, String)], body: [UInt8]
    ) throws -> Response {
        let descriptor = try LoopbackSocket.connect(port: port, receiveTimeoutSeconds: hangGuardSeconds)
        defer { Descriptor.close(descriptor) }
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
        LoopbackSocket.send(descriptor, Array((head + "\r\n").utf8) + body)
        var received: [UInt8] = []
        while let bytes = LoopbackSocket.read(descriptor) { received += bytes }
        return try parse(received, method: method)
    }

    /// The answer in `bytes`, all that came before the server closed the connection.
    private static func parse(_ bytes: [UInt8], method: String) throws -> Response {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            throw Failure(description: "no whole head in \(bytes.count) bytes")
        }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).split(
            separator: "\r\n", omittingEmptySubsequences: false)
        let statusWords = lines.first?.split(separator: " ") ?? []
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else {
            throw Failure(description: "not a status line: \(lines.first ?? "")")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].drop { $0 == " " || $0 == "\t" }
            headers[line[..<colon].lowercased()] = String(value.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        }
        var body = Array(bytes[(end + separator.count)...])
        if method == "HEAD" || status == 204 || status == 304 {
            body = []
        } else if let length = headers["content-length"].flatMap({ Int($0) }) {
            guard body.count >= length else {
                throw Failure(description: "the body ended after \(body.count) of \(length) bytes")
            }
            body = Array(body.prefix(length))
        }
        return Response(status: status, headers: headers, body: body)
    }
}
