import FlyingFox
import FoundationEssentials

/// An HTTP/1.1 request's line and headers, parsed from a head `ConnectionReader` read.
struct RequestHead {
    var method: String
    var target: String
    var version: String
    var headers: [(name: String, value: String)]

    /// Parses `head`; `nil` when it is not a request line and `Name: value` lines.
    init?(_ head: [UInt8]) {
        let lines = String(decoding: head, as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count == 3 else { return nil }
        method = String(parts[0])
        target = String(parts[1])
        version = String(parts[2])
        headers = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers.append(
                (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
            )
        }
    }

    /// The value of the header `name` (case-insensitive), the first when there are several.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The body's length (0 without `Content-Length`, or when it does not parse).
    var contentLength: Int { Int(header("Content-Length") ?? "") ?? 0 }

    /// Whether the body comes in chunks.
    var isChunked: Bool { header("Transfer-Encoding")?.lowercased().contains("chunked") == true }

    /// Whether the client waits for `100 Continue` before it sends the body.
    var expectsContinue: Bool { header("Expect")?.lowercased() == "100-continue" }

    /// Whether the connection stays open after the answer: HTTP/1.1 unless `Connection: close`.
    var keepAlive: Bool {
        let connection = header("Connection")?.lowercased()
        return version == "HTTP/1.1" ? connection != "close" : connection == "keep-alive"
    }

    /// The request as FlyingFox's handlers take it (path and query split and decoded as FlyingFox does).
    func request(body: [UInt8], peerPort: UInt16) -> HTTPRequest {
        var fields = HTTPHeaders()
        for (name, value) in headers { fields.addValue(value, for: HTTPHeader(name)) }
        let question = target.firstIndex(of: "?")
        let path = String(target[..<(question ?? target.endIndex)])
        let query = question.map { String(target[target.index(after: $0)...]) } ?? ""
        return HTTPRequest(
            method: HTTPMethod(rawValue: method), version: HTTPVersion(rawValue: version),
            target: HTTPRequest.Target(path: path, query: query), headers: fields,
            body: HTTPBodySequence(data: Data(body)), remoteAddress: .ip4("127.0.0.1", port: peerPort))
    }
}
