/// Masks secrets (tokens, passwords, configured strings) as `***` in any text that may be shown or logged.
struct Redactor: Sendable {
    /// Header names whose values are credentials.
    static let secretHeaderNames = ["Authorization", "Proxy-Authorization", "PRIVATE-TOKEN", "JOB-TOKEN", "Cookie"]

    /// The strings to mask, longest first so a secret containing another is masked whole.
    let secrets: [String]

    /// Masks `secrets`; strings shorter than 4 characters are ignored (masking "a" would mask everything).
    init(secrets: [String]) {
        let kept = secrets.filter { $0.count >= 4 }
        // Most requests carry no secret: no set and no sort for them.
        self.secrets = kept.isEmpty ? [] : Array(Set(kept)).sorted { $0.count > $1.count }
    }

    /// The secrets of one request: the configured ones, credential header values (and the token after
    /// `Bearer`/`Basic`), and secret-looking query values.
    static func secrets(for request: HTTPRequest, configured: [String]) -> [String] {
        var found = configured
        for (name, value) in request.headers
        where secretHeaderNames.contains(where: { HTTPHeaders.sameName($0, name) }) {
            found.append(value)
            if let space = value.firstIndex(of: " ") {
                found.append(String(value[value.index(after: space)...]).trimmingSpaces)
            }
            for part in value.split(separator: ";") {
                if let equals = part.firstIndex(of: "=") { found.append(String(part[part.index(after: equals)...])) }
            }
        }
        // Query values come only from a query, which needs a `?`: a URL without one is not parsed again.
        if request.url.utf8.contains(UInt8(ascii: "?")) {
            found += URLParts.parse(request.url)?.secretQueryValues ?? []
        }
        return found
    }

    /// `text` with every secret replaced by `***`.
    func redact(_ text: String) -> String {
        var result = text
        for secret in secrets where result.contains(secret) {
            result = result.replacing(secret, with: "***")
        }
        return result
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
