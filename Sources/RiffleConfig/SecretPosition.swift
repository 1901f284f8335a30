internal import RiffleBytes

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
package enum SecretPosition {
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
    package static func isCredentialKey(_ name: some StringProtocol) -> Bool {
        let ascii = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            bytes.allSatisfy { $0 < 0x80 } ? isASCIICredentialKey(bytes) : nil
        }
        if let answer = ascii ?? nil { return answer }
        let lowered = name.lowercased()
        return credentialWords.contains { lowered.contains($0) }
    }

    /// `isCredentialKey` for an ASCII name, where a byte is a character: a plain byte search, each byte
    /// lower-cased as it is compared, gives the general substring search's answer without its set-up or a
    /// lower-cased copy.
    private static func isASCIICredentialKey(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        credentialWordBytes.contains { word in
            guard name.count >= word.count else { return false }
            return (0...(name.count - word.count)).contains { start in
                word.indices.allSatisfy { lowercased(name[start + $0]) == word[$0] }
            }
        }
    }

    /// Whether the value of the request header `name` is a secret: any header's is, except the plain
    /// ones (`Accept`, `Content-Type`, `User-Agent`, …; case-insensitive).
    static func isSecretHeader(_ name: some StringProtocol) -> Bool {
        !plainHeaders.contains(name.lowercased())
    }

    /// The secrets among `headers`: each secret header's non-empty value, and the credential after its
    /// scheme (`Bearer abc` gives `abc` too), so that the bare token is masked wherever it shows.
    package static func secrets(in headers: [HTTPHeader]) -> [String] {
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
        if let answer = path.utf8.withContiguousStorageIfAvailable(asciiAnswer) ?? nil { return answer }
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

    /// For an ASCII path with no `headers` key: whether its last key without any `[index]` is a credential
    /// key (false when it has none), found in one pass over the bytes with the general path's answer; no
    /// answer for any other path. Splitting and lower-casing every key cost more than reading the value
    /// (2% of parsing), and walking the path's `String` indices most of what was left.
    private static func asciiAnswer(_ path: UnsafeBufferPointer<UInt8>) -> Bool? {
        var lastKey: Range<Int>?
        var start = 0
        for index in 0...path.count {
            if index == path.count || path[index] == UInt8(ascii: ".") {
                // Empty keys are left out, as `split` leaves them out.
                if index > start {
                    let end = (start..<index).first { path[$0] == UInt8(ascii: "[") } ?? index
                    if ByteScan.spells(UnsafeBufferPointer(rebasing: path[start..<end]), caseInsensitively: "headers") {
                        return nil
                    }
                    lastKey = start..<end
                }
                start = index + 1
            } else if path[index] >= 0x80 {
                return nil
            }
        }
        guard let lastKey else { return false }
        return isASCIICredentialKey(UnsafeBufferPointer(rebasing: path[lastKey]))
    }

    /// An ASCII byte lower-cased.
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
