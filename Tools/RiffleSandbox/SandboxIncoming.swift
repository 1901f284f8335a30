import FoundationEssentials

/// A request as the fake APIs see it, independent of the HTTP server library.
struct SandboxIncoming: Sendable {
    var method: String
    var path: String
    var query: [(name: String, value: String)]
    /// Header values by lowercased name.
    var headers: [String: String]
    var body: Data
    /// The request's number at its endpoint, from 1.
    var number: Int

    /// The first query item called `name`.
    func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The bearer token of `Authorization: Bearer …` or GitLab's `PRIVATE-TOKEN`; `.some("")` for an
    /// `Authorization` header of another scheme, so that it is refused rather than ignored.
    var token: String? {
        if let authorization = headers["authorization"] {
            let parts = authorization.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else { return "" }
            return parts[1].split(separator: " ").first.map(String.init) ?? ""
        }
        return headers["private-token"]
    }
}
