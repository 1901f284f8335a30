internal import CSQLite

/// The SQLite riffle runs with: the loaded library's `sqlite3_libversion()`, for `riffle --version`.
///
/// The store (contract section 6) will use this same system library through GRDB; until that module
/// lands, the version is read here, the one place that imports SQLite's C API.
struct SQLiteVersion: Sendable, Hashable, CustomStringConvertible {
    /// SQLite's version, such as `3.40.1`.
    var version: String

    /// The loaded library's version; `nil` only if SQLite reports none.
    static var current: SQLiteVersion? {
        guard let text = sqlite3_libversion() else { return nil }
        return SQLiteVersion(version: String(cString: text))
    }

    /// `SQLite/3.40.1`.
    var description: String { "SQLite/\(version)" }
}
