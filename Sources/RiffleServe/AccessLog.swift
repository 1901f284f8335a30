internal import RiffleConfig

/// `--access-log`'s line for one request: method, path with every secret query value masked (`token`
/// and any parameter named like a credential), status, body bytes, milliseconds.
package enum AccessLog {
    package static func line(
        method: String, path: String, rawQuery: String?, status: Int, bytes: Int, milliseconds: Int
    ) -> String {
        "\(method) \(masked(path: path, rawQuery: rawQuery)) \(status) \(bytes) \(milliseconds)ms"
    }

    /// The path and query as sent, the values of secret parameters replaced by `***`, cut at 512 bytes,
    /// control characters dropped (the line goes to a terminal).
    static func masked(path: String, rawQuery: String?) -> String {
        var out = path
        if let rawQuery, !rawQuery.isEmpty {
            let parts = rawQuery.split(separator: "&", omittingEmptySubsequences: false).map { part -> String in
                guard let equals = part.firstIndex(of: "=") else { return String(part) }
                let name = part[..<equals]
                let secret = name == "token" || SecretPosition.isCredentialKey(name)
                return secret ? "\(name)=***" : String(part)
            }
            out += "?" + parts.joined(separator: "&")
        }
        let safe = String(out.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        return safe.utf8.count <= 512 ? safe : String(safe.prefix(512)) + "…"
    }
}
