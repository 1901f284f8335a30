package import RiffleConfig
import RiffleHTTP
import RiffleSources

extension SourceSettings {
    /// The host a source talks to, for `riffle sources` and `riffle check`: its built-in adapter's, or for
    /// a plugin type the host of its first non-empty `endpoint`, `url` or `base_url` param (`-` without).
    package var host: String {
        if let host = BuiltInAdapters.host(of: self) { return host }
        for key in ["endpoint", "url", "base_url"] {
            if let value = plugin?.params[key], !value.isEmpty { return HTTPURL.authority(of: value) }
        }
        return "-"
    }

    /// Credentials the source holds as written in the configuration: its built-in adapter's, or for a
    /// plugin type every non-empty param named like a credential (`SecretPosition`: token, key, secret,
    /// password …). The HTTP log (`-v`) masks them, as it masks values taken from the environment into
    /// such positions.
    package var literalSecrets: [String] {
        if let secrets = BuiltInAdapters.secrets(of: self) { return secrets }
        return plugin?.params.filter { SecretPosition.isCredentialKey($0.key) && !$0.value.isEmpty }.map(\.value) ?? []
    }
}
