import RiffleConfig
import RiffleHTTP

/// What `riffle --version` prints: riffle's version, then each C library it runs with as `name/version`,
/// the way `curl -V` names its libraries — `riffle 0.1.0 libcurl/7.88.1 OpenSSL/3.0.15 libyaml/0.2.5`.
///
/// The versions are the loaded libraries' own (not the headers riffle was built against), each read
/// through the module that wraps that library.
enum VersionReport {
    /// The one line.
    static var line: String {
        (["riffle \(Riffle.version)"] + libraries).joined(separator: " ")
    }

    /// The libraries, in the order riffle meets them: HTTP, configuration, then storage.
    static var libraries: [String] {
        [
            LibCurlVersion.current?.description ?? "libcurl/unknown",
            LibYAMLVersion.current?.description ?? "libyaml/unknown",
            SQLiteVersion.current?.description ?? "SQLite/unknown",
        ]
    }
}
