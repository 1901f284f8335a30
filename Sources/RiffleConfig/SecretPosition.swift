/// Where a configured value is a secret: masked in `-v` logs and never printed.
///
/// Only values in secret positions are secrets — header values, and keys named like a credential
/// (`token`, `api_key`, `client_secret`, `password`) — whether they came from the environment or were
/// written in the file. A URL taken from `${RIFFLE_SANDBOX}` is not one, so logs and errors show its
/// host alike; masking every value from the environment hid the hosts in the request log while error
/// messages printed them.
public enum SecretPosition {
    /// Fragments of key names that hold credentials, lower-case.
    static let credentialWords = ["token", "key", "secret", "password", "passwd", "auth", "cookie", "credential"]

    /// Whether a key of this name holds a credential (case-insensitive: `token`, `API_KEY`, `clientSecret`).
    public static func isCredentialKey(_ name: some StringProtocol) -> Bool {
        let lowered = name.lowercased()
        return credentialWords.contains { lowered.contains($0) }
    }

    /// Whether the value at a rendered key path (`sources[2].headers.X-Api`) is a secret: anything
    /// under `headers`, or a credential key at the end.
    static func isSecret(path: String) -> Bool {
        let keys = path.split(separator: ".").map { key -> Substring in
            guard let bracket = key.firstIndex(of: "[") else { return key }
            return key[..<bracket]
        }
        if keys.contains(where: { $0.lowercased() == "headers" }) { return true }
        return keys.last.map { isCredentialKey($0) } ?? false
    }
}
