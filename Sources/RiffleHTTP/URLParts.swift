/// The parts of an absolute URL that the HTTP layer reasons about: scheme, host, port, and the rest.
///
/// A deliberately small parser (no Foundation): enough to check the scheme, compare origins for
/// redirects and per-origin limits, name the host in messages and mask secrets in logs. libcurl does the
/// real parsing when it sends the request.
struct URLParts: Sendable, Equatable {
    /// Lower-cased scheme, e.g. `https`.
    var scheme: String
    /// `user:password` before the host, if any (never shown).
    var userinfo: String?
    /// Lower-cased host; IPv6 literals keep their brackets.
    var host: String
    /// The explicit port, if any.
    var port: Int?
    /// Path, starting with `/` (or empty).
    var path: String
    /// The query after `?`, without it.
    var query: String?

    /// The port in effect: the explicit one or the scheme's default.
    var effectivePort: Int {
        port ?? (scheme == "https" ? 443 : 80)
    }

    /// `scheme://host:port`, the key for same-origin checks and per-origin limits.
    var origin: String {
        "\(scheme)://\(host):\(effectivePort)"
    }

    /// Parses an absolute URL, or returns `nil` when it has no `scheme://host`.
    ///
    /// A URL of printable ASCII (every request riffle sends: the validator refuses spaces and controls) is
    /// read byte by byte (`parseASCII`); anything else as `Character`s (`parseCharacters`), which gives the
    /// same parts for printable ASCII — each such byte is a `Character` of its own — at some fifty times
    /// the cost per request.
    static func parse(_ url: String) -> URLParts? {
        var text = url
        // The outer optional: whether the bytes were printable ASCII; the inner: the parse's answer.
        let ascii: URLParts?? = text.withUTF8 { bytes in
            bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F } ? .some(parseASCII(bytes)) : .none
        }
        if case .some(let parts) = ascii { return parts }
        return parseCharacters(url)
    }

    /// `parseCharacters` for a URL whose bytes are all printable ASCII (0x21...0x7E), over its bytes.
    static func parseASCII(_ url: UnsafeBufferPointer<UInt8>) -> URLParts? {
        func text(_ range: Range<Int>) -> String { String(decoding: url[range], as: UTF8.self) }
        func lowered(_ range: Range<Int>) -> String {
            String(decoding: url[range].lazy.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        func first(_ byte: UInt8, in range: Range<Int>) -> Int? { range.first { url[$0] == byte } }
        func last(_ byte: UInt8, in range: Range<Int>) -> Int? { range.last { url[$0] == byte } }
        /// `Int(text)` in 0...65535, as the `Character` path reads a port (a sign is allowed, as `Int` allows it).
        func portNumber(_ range: Range<Int>) -> Int? {
            guard let value = Int(text(range)), (0...65535).contains(value) else { return nil }
            return value
        }
        let separator = (0..<max(0, url.count - 2)).first {
            url[$0] == 0x3A && url[$0 + 1] == 0x2F && url[$0 + 2] == 0x2F
        }
        guard let schemeEnd = separator else { return nil }
        func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
        guard schemeEnd > 0, isLetter(url[0]),
            url[0..<schemeEnd].allSatisfy({
                isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E
            })
        else { return nil }
        let scheme = lowered(0..<schemeEnd)
        var rest = (schemeEnd + 3)..<url.count
        if let hash = first(0x23, in: rest) { rest = rest.lowerBound..<hash }
        let authorityEnd = rest.first { url[$0] == 0x2F || url[$0] == 0x3F } ?? rest.upperBound
        var authority = rest.lowerBound..<authorityEnd
        let tail = authorityEnd..<rest.upperBound
        var userinfo: String?
        if let at = last(0x40, in: authority) {
            userinfo = text(authority.lowerBound..<at)
            authority = (at + 1)..<authority.upperBound
        }
        var host = authority
        var port: Int?
        if host.first.map({ url[$0] == 0x5B }) == true {
            guard let close = first(0x5D, in: host) else { return nil }
            let after = (close + 1)..<host.upperBound
            if let colon = after.first, url[colon] == 0x3A {
                guard let value = portNumber((colon + 1)..<after.upperBound) else { return nil }
                port = value
            } else if !after.isEmpty {
                return nil
            }
            host = host.lowerBound..<(close + 1)
        } else if let colon = last(0x3A, in: host) {
            let digits = (colon + 1)..<host.upperBound
            if !digits.isEmpty {
                guard let value = portNumber(digits) else { return nil }
                port = value
            }
            host = host.lowerBound..<colon
        }
        guard !host.isEmpty else { return nil }
        var path = tail
        var query: String?
        if let mark = first(0x3F, in: tail) {
            path = tail.lowerBound..<mark
            query = text((mark + 1)..<tail.upperBound)
        }
        return URLParts(
            scheme: scheme, userinfo: userinfo, host: lowered(host), port: port, path: text(path), query: query)
    }

    /// Parses an absolute URL as `Character`s: the general way, for URLs that are not printable ASCII.
    static func parseCharacters(_ url: String) -> URLParts? {
        guard let schemeEnd = url.firstRange(of: "://") else { return nil }
        let scheme = url[..<schemeEnd.lowerBound].lowercased()
        guard let first = scheme.first, first.isLetter,
            scheme.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." })
        else { return nil }
        var rest = url[schemeEnd.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        let tail = rest[authorityEnd...]
        var userinfo: String?
        if let at = authority.lastIndex(of: "@") {
            userinfo = String(authority[..<at])
            authority = authority[authority.index(after: at)...]
        }
        var host = Substring(authority)
        var port: Int?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let after = host[host.index(after: close)...]
            if after.hasPrefix(":") {
                guard let value = Int(after.dropFirst()), (0...65535).contains(value) else { return nil }
                port = value
            } else if !after.isEmpty {
                return nil
            }
            host = host[...close]
        } else if let colon = host.lastIndex(of: ":") {
            let digits = host[host.index(after: colon)...]
            if !digits.isEmpty {
                guard let value = Int(digits), (0...65535).contains(value) else { return nil }
                port = value
            }
            host = host[..<colon]
        }
        guard !host.isEmpty else { return nil }
        var path = tail
        var query: String?
        if let mark = tail.firstIndex(of: "?") {
            path = tail[..<mark]
            query = String(tail[tail.index(after: mark)...])
        }
        return URLParts(
            scheme: scheme, userinfo: userinfo, host: host.lowercased(), port: port, path: String(path),
            query: query)
    }

    /// The host of `url` for error messages: never the path, query or credentials.
    static func hostForMessages(_ url: String) -> String {
        parse(url)?.host ?? "(invalid URL)"
    }

    /// `scheme://host[:port]/path?query` with credentials dropped and secret-looking query values masked.
    var redactedForLog: String {
        var text = "\(scheme)://\(userinfo == nil ? "" : "***@")\(host)"
        if let port { text += ":\(port)" }
        text += path
        if let query { text += "?" + Self.maskQuery(query) }
        return text
    }

    /// The values of secret-looking query parameters (to mask wherever else they might appear).
    var secretQueryValues: [String] {
        guard let query else { return [] }
        return query.split(separator: "&").compactMap { pair in
            guard let equals = pair.firstIndex(of: "=") else { return nil }
            let name = pair[..<equals]
            let value = pair[pair.index(after: equals)...]
            return Self.looksSecret(name) && !value.isEmpty ? String(value) : nil
        }
    }

    /// Replaces the values of parameters such as `private_token`, `access_token`, `key`, `secret` with `***`.
    static func maskQuery(_ query: String) -> String {
        query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = pair[..<equals]
            return looksSecret(name) ? "\(name)=***" : String(pair)
        }.joined(separator: "&")
    }

    /// Whether a query parameter name looks like it carries a credential (case-insensitive).
    static func looksSecret(_ name: Substring) -> Bool {
        let lower = name.lowercased()
        let fragments = ["token", "secret", "password", "passwd", "signature", "auth", "session"]
        if fragments.contains(where: { lower.contains($0) }) { return true }
        return lower == "key" || lower.hasSuffix("_key") || lower.hasSuffix("-key") || lower.hasSuffix("apikey")
            || lower == "sig"
    }

    /// Resolves a `Location` value against this URL (absolute, `//host`, `/path`, `?query` or relative path).
    func resolve(_ reference: String) -> String {
        if URLParts.parse(reference) != nil || Self.hasScheme(reference) { return reference }
        let base = "\(scheme)://" + (userinfo.map { "\($0)@" } ?? "") + host + (port.map { ":\($0)" } ?? "")
        if reference.hasPrefix("//") { return "\(scheme):\(reference)" }
        if reference.hasPrefix("/") { return base + reference }
        if reference.hasPrefix("?") { return base + path + reference }
        if reference.isEmpty { return base + path + (query.map { "?\($0)" } ?? "") }
        let directory = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "/"
        return base + Self.removeDotSegments(directory + reference)
    }

    /// Whether `reference` starts with `scheme:` (RFC 3986 §3.1), which makes it absolute.
    static func hasScheme(_ reference: String) -> Bool {
        guard let colon = reference.firstIndex(of: ":") else { return false }
        let scheme = reference[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// RFC 3986 §5.2.4 dot-segment removal, on the path part only.
    static func removeDotSegments(_ path: String) -> String {
        var pathPart = Substring(path)
        var suffix = ""
        if let mark = path.firstIndex(where: { $0 == "?" || $0 == "#" }) {
            pathPart = path[..<mark]
            suffix = String(path[mark...])
        }
        var output: [Substring] = []
        let segments = pathPart.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if output.count > 1 { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        let joined = output.joined(separator: "/")
        return (joined.hasPrefix("/") ? joined : "/" + joined) + suffix
    }
}
