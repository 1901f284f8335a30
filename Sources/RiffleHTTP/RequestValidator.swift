/// Checks a request before anything is sent: only http/https, a parseable URL without spaces or
/// control characters, a token method, header names and values without CR/LF, and size limits.
enum RequestValidator {
    static let maxURLLength = 16 * 1024
    static let maxHeaderCount = 100
    static let maxHeaderBytes = 64 * 1024
    static let maxBodyBytes = 32 * 1024 * 1024

    /// The request's parsed URL, or why it must not be sent.
    static func validate(_ request: HTTPRequest) -> Result<URLParts, HTTPError> {
        // The host is worked out only for a refusal: a valid request (every page) then parses its URL once.
        func invalid(_ detail: String) -> Result<URLParts, HTTPError> {
            .failure(.invalidRequest(host: URLParts.hostForMessages(request.url), detail: detail))
        }
        guard request.url.utf8.count <= maxURLLength else {
            return invalid("the URL is longer than \(maxURLLength) bytes")
        }
        guard !request.url.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            return invalid("the URL contains spaces or control characters")
        }
        guard let parts = URLParts.parse(request.url) else { return invalid("the URL is not an absolute http(s) URL") }
        guard parts.scheme == "http" || parts.scheme == "https" else {
            return invalid("scheme \(parts.scheme.prefix(16)) is not supported; use http or https")
        }
        let method = request.method.utf8
        guard !method.isEmpty, method.count <= 16, method.allSatisfy({ $0 >= 65 && $0 <= 90 }) else {
            return invalid("method must be upper-case letters, like GET or POST")
        }
        guard request.headers.count <= maxHeaderCount else { return invalid("more than \(maxHeaderCount) headers") }
        var headerBytes = 0
        for (name, value) in request.headers {
            headerBytes += name.utf8.count + value.utf8.count
            guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else {
                return invalid("header name \"\(name.prefix(40))\" is not a valid token")
            }
            guard !value.utf8.contains(where: { $0 == 13 || $0 == 10 || $0 == 0 }) else {
                return invalid("the value of header \(name) contains CR, LF or NUL")
            }
        }
        guard headerBytes <= maxHeaderBytes else { return invalid("headers are larger than \(maxHeaderBytes) bytes") }
        guard request.body.count <= maxBodyBytes else {
            return invalid("the body is larger than \(ByteCount.format(maxBodyBytes))")
        }
        return .success(parts)
    }

    /// RFC 9110 token characters.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 48...57, 65...90, 97...122: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }
}
