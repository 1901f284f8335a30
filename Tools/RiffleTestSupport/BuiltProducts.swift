import Glibc

/// The executables this package builds (`riffle`, `riffle-reader-fixture`), for tests that run them.
///
/// They sit beside the running test bundle, in the build's bin path, whatever the scratch path
/// (`--scratch-path`) or configuration (`-c release`); `RIFFLE_BIN_PATH` (what `swift build
/// --show-bin-path` prints) overrides that.
package enum BuiltProducts {
    /// Why a product could not be found.
    package struct Missing: Error, Sendable, CustomStringConvertible {
        var path: String
        package var description: String {
            "\(path) is not built: run `swift build --build-tests` (or `make test`) first, or set RIFFLE_BIN_PATH"
        }
    }

    /// The longest path accepted from `/proc/self/exe`.
    static let maxPathBytes = 4096

    /// The directory the products are in: `RIFFLE_BIN_PATH`, else the running executable's directory.
    package static var directory: String? {
        if let override = getenv("RIFFLE_BIN_PATH").map({ String(cString: $0) }), !override.isEmpty {
            return override
        }
        var buffer = [CChar](repeating: 0, count: maxPathBytes)
        let count = readlink("/proc/self/exe", &buffer, buffer.count)
        guard count > 0, count < buffer.count else { return nil }
        let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    /// The path of the executable product `name`, if it is built.
    package static func path(of name: String) throws(Missing) -> String {
        let path = (directory ?? ".") + "/" + name
        guard access(path, X_OK) == 0 else { throw Missing(path: path) }
        return path
    }
}
