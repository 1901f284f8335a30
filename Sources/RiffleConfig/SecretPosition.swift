/// Where a configured value is a secret: masked in `-v` logs and never printed.
///
/// Only values in secret positions are secrets — header values, and keys named like a credential
/// (`token`, `api_key`, `client_secret`, `password`) — whether they came from the environment or were
/// written in the file. A URL taken from `${RIFFLE_SANDBOX}` is not one, so logs and errors show its
/// host alike; masking every value from the environment hid the hosts in the request log while error
/// messages printed them.
///
/// Headers follow one rule wherever a value is judged (a value from the environment, a literal one for
/// `-v` and for the warning about a readable file, a plugin manifest's): every header value is a secret
/// unless the header clearly describes the request rather than authorises it (`isSecretHeader`).
public enum SecretPosition {
    /// Fragments of key names that hold credentials, lower-case.
    static let credentialWords = ["token", "key", "secret", "password", "passwd", "auth", "cookie", "credential"]
    /// `credentialWords` as bytes, for ASCII names.
    private static let credentialWordBytes = credentialWords.map { Array($0.utf8) }

    /// Request headers that say what is asked for and how, never who asks, lower-case: their values are
    /// not secrets (masking `application/json` would only blank it out of logs and error excerpts).
    static let plainHeaders: Set<String> = [
        "accept", "accept-charset", "accept-encoding", "accept-language", "cache-control", "content-language",
        "content-type", "dnt", "if-modified-since", "if-none-match", "origin", "pragma", "referer", "user-agent",
        "x-requested-with",
    ]

    /// Whether a key of this name holds a credential (case-insensitive: `token`, `API_KEY`, `clientSecret`).
    public static func isCredentialKey(_ name: some StringProtocol) -> Bool {
        if let lowered = asciiLowercased(name) {
            // ASCII, where a byte is a character: a plain byte search gives the same answer as the general
            // substring search below at a fraction of its set-up cost.
            return credentialWordBytes.contains { word in
                guard lowered.count >= word.count else { return false }
                return (0...(lowered.count - word.count)).contains {
                    lowered[$0..<($0 + word.count)].elementsEqual(word)
                }
            }
        }
        let lowered = name.lowercased()
        return credentialWords.contains { lowered.contains($0) }
    }

    /// `text` lower-cased, as bytes, when it is all ASCII; `nil` otherwise.
    private static func asciiLowercased(_ text: some StringProtocol) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            guard byte < 0x80 else { return nil }
            bytes.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
        }
        return bytes
    }

    /// Whether the value of the request header `name` is a secret: any header's is, except the plain
    /// ones (`Accept`, `Content-Type`, `User-Agent`, …; case-insensitive).
    static func isSecretHeader(_ name: some StringProtocol) -> Bool {
        !plainHeaders.contains(name.lowercased())
    }

    /// The secrets among `headers`: each secret header's non-empty value, and the credential after its
    /// scheme (`Bearer abc` gives `abc` too), so that the bare token is masked wherever it shows.
    public static func secrets(in headers: [HTTPHeader]) -> [String] {
        var secrets: [String] = []
        for header in headers where isSecretHeader(header.name) && !header.value.isEmpty {
            secrets.append(header.value)
            if let space = header.value.firstIndex(of: " ") {
                let credential = header.value[header.value.index(after: space)...]
                if !credential.isEmpty { secrets.append(String(credential)) }
            }
        }
        return secrets
    }

    /// Whether the value at a rendered key path (`sources[2].headers.X-Api`) is a secret: a header's
    /// value unless the header is a plain one, or a credential key at the end.
    static func isSecret(path: String) -> Bool {
        if let lastKey = asciiLastKey(ofPathWithoutHeaders: path) {
            return lastKey.map { isCredentialKey($0) } ?? false
        }
        let keys = path.split(separator: ".").map { key -> Substring in
            guard let bracket = key.firstIndex(of: "[") else { return key }
            return key[..<bracket]
        }
        // Lengths first: only an ASCII key of 7 bytes lower-cases to "headers" (no other character
        // lower-cases into its letters), and lower-casing every key cost more than the rest of this.
        if let headers = keys.firstIndex(where: { $0.utf8.count == 7 && $0.lowercased() == "headers" }) {
            let name = keys[(headers + 1)...].joined(separator: ".")
            return name.isEmpty || isSecretHeader(name)
        }
        return keys.last.map { isCredentialKey($0) } ?? false
    }

    /// For an ASCII path with no `headers` key, its last key without any `[index]` (`nil` when it has
    /// none), found in one pass over the bytes with the general path's answer; no answer for any other
    /// path. Splitting and lower-casing every key cost more than reading the value (2% of parsing).
    private static func asciiLastKey(ofPathWithoutHeaders path: String) -> Substring?? {
        let utf8 = path.utf8
        var lastKey: Substring?
        var start = utf8.startIndex
        var index = start
        while true {
            if index == utf8.endIndex || utf8[index] == UInt8(ascii: ".") {
                // Empty keys are left out, as `split` leaves them out.
                if index > start {
                    var key = path[start..<index]
                    if let bracket = key.utf8.firstIndex(of: UInt8(ascii: "[")) { key = key[..<bracket] }
                    if key.utf8.count == 7 && key.lowercased() == "headers" { return .none }
                    lastKey = key
                }
                if index == utf8.endIndex { break }
                start = utf8.index(after: index)
            } else if utf8[index] >= 0x80 {
                return .none
            }
            index = utf8.index(after: index)
        }
        return .some(lastKey)
    }
}
