/// How riffle follows redirects itself (libcurl's `FOLLOWLOCATION` is off): plain data and pure functions.
///
/// Only http and https targets; at most `maxRedirects` hops; a hop to another origin (scheme, host or port)
/// drops every configured header, so a token reaches only the origin it was configured for. 301/302 turn
/// POST into GET without a body, 303 turns anything but HEAD into GET; 307/308 keep method and body.
struct RedirectPolicy: Sendable, Equatable {
    /// The most redirects one request follows.
    var maxRedirects: Int

    /// Why a redirect was not followed.
    enum Refusal: Error, Sendable, Equatable {
        case tooMany
        case unsupportedScheme(String)
        case invalidLocation
    }

    /// Whether a status is a redirect riffle follows (when a `Location` is present).
    static func isRedirect(status: Int) -> Bool {
        [301, 302, 303, 307, 308].contains(status)
    }

    /// The request to send next for a redirect answer.
    /// - Parameters:
    ///   - request: the request that got the redirect.
    ///   - status: the redirect status.
    ///   - location: the target, absolute (as libcurl resolves it) or relative to `request.url`.
    ///   - redirectsSoFar: how many redirects were already followed.
    func follow(_ request: HTTPRequest, status: Int, location: String, redirectsSoFar: Int) -> Result<
        HTTPRequest, Refusal
    > {
        guard redirectsSoFar < maxRedirects else { return .failure(.tooMany) }
        guard let current = URLParts.parse(request.url) else { return .failure(.invalidLocation) }
        let target = current.resolve(location.trimmingSpaces)
        guard let next = URLParts.parse(target) else {
            if URLParts.hasScheme(target), let colon = target.firstIndex(of: ":") {
                let scheme = target[..<colon].lowercased()
                if scheme != "http" && scheme != "https" { return .failure(.unsupportedScheme(scheme)) }
            }
            return .failure(.invalidLocation)
        }
        guard next.scheme == "http" || next.scheme == "https" else {
            return .failure(.unsupportedScheme(next.scheme))
        }
        guard !target.contains(where: { $0 == "\r" || $0 == "\n" || $0 == " " }) else {
            return .failure(.invalidLocation)
        }
        var redirected = request
        redirected.url = target
        let method = request.method.uppercased()
        let becomesGet =
            (status == 303 && method != "HEAD" && method != "GET")
            || ((status == 301 || status == 302) && method == "POST")
        if becomesGet {
            redirected.method = "GET"
            redirected.body = []
            for name in ["Content-Type", "Content-Length", "Content-Encoding"] { redirected.headers.remove(name: name) }
        }
        if next.origin != current.origin {
            redirected.headers = HTTPHeaders()
        }
        return .success(redirected)
    }
}
