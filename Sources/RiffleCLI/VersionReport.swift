import RiffleConfig
import RiffleHTTP
import Synchronization

/// What `riffle --version` prints: riffle's version, then each C library it runs with as `name/version`,
/// the way `curl -V` names its libraries — `riffle 0.1.0 libcurl/7.88.1 OpenSSL/3.0.15 libyaml/0.2.5`.
///
/// The versions are the loaded libraries' own (not the headers riffle was built against), each read
/// through the module that wraps that library.
enum VersionReport {
    /// Whether a command line of this process asked for `--version`. Only then is the line worked out: it
    /// loads libcurl to ask its version, about 5 ms of CPU that every other start would pay for nothing
    /// (and that a network run now spends on a thread of its own, see `Session.load`). Once set, it stays.
    private static let requested = Atomic<Bool>(false)

    /// Notes whether `arguments` ask for the version: `--version` (or `--version=…`) anywhere, which is
    /// what the argument parser answers with the root command's `version`.
    static func note(_ arguments: [String]) {
        if arguments.contains(where: { $0 == "--version" || $0.hasPrefix("--version=") }) {
            requested.store(true, ordering: .relaxed)
        }
    }

    /// The root command's `version`: the line once the version was asked for; before that riffle's own
    /// version alone, which the parser never prints (it prints the version only for `--version`).
    static var configured: String {
        requested.load(ordering: .relaxed) ? line : "riffle \(Riffle.version)"
    }

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
