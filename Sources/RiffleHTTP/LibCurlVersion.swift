internal import CCurl

/// The libcurl riffle runs with (not the one it was built against): its version and TLS library, from
/// `curl_version_info`, for `riffle --version` and bug reports.
package struct LibCurlVersion: Sendable, Hashable, CustomStringConvertible {
    /// libcurl's version, such as `7.88.1`.
    var version: String
    /// The TLS library libcurl uses, such as `OpenSSL/3.0.15`; `nil` when it was built without one.
    var tls: String?

    init(version: String, tls: String?) {
        self.version = version
        self.tls = tls
    }

    /// The loaded library's version; `nil` only if libcurl reports none.
    package static var current: LibCurlVersion? {
        guard let info = curl_version_info(riffle_curl_version_now), let version = info.pointee.version else {
            return nil
        }
        return LibCurlVersion(
            version: String(cString: version), tls: info.pointee.ssl_version.map { String(cString: $0) })
    }

    /// `libcurl/7.88.1 OpenSSL/3.0.15`, as `curl -V` names its libraries.
    package var description: String {
        ["libcurl/\(version)", tls].compactMap { $0 }.joined(separator: " ")
    }
}
