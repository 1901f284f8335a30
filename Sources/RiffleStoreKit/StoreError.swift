/// Why a store cannot be used, as data: the file it is about and the reason, put into words in one
/// place (`description`), e.g. `~/.local/state/riffle/store.sqlite: not a riffle store (file is not a
/// database)`.
///
/// A struct over a private enum, like `SourceError`: callers branch on `kind`, never on the words, and new
/// reasons can be added without breaking them. Whatever the reason, the store never deleted, truncated
/// or overwrote the file.
package struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What happened, coarsely: what a caller branches on.
    package enum Kind: Sendable, Hashable {
        /// The file is not a riffle store: not an SQLite database, or another program's database.
        case notAStore
        /// The file is an SQLite database whose pages are damaged ("database disk image is malformed").
        case corrupt
        /// The store was written by a newer riffle (it holds schema versions this build does not know).
        case newerSchema
        /// The file or its directory cannot be created, opened or written (permissions, a read-only file
        /// system, a directory in the way).
        case unwritable
        /// The disk (or the file system's quota) is full.
        case diskFull
        /// Another process held the store longer than the busy timeout.
        case busy
        /// A caller's argument beyond a documented limit (a page too large, a cursor this store did not make).
        case invalidArgument
        /// Anything else SQLite or the system reported.
        case other
    }

    private enum Reason: Sendable, Hashable {
        case notADatabase
        case foreignDatabase
        case corrupt(detail: String)
        case newerSchema(unknown: [String])
        case unwritable(detail: String)
        case diskFull
        case busy
        case invalidArgument(String)
        case other(String)
    }

    private let reason: Reason
    /// The store file, as the caller named it.
    package let path: String

    private init(_ reason: Reason, path: String) {
        self.reason = reason
        self.path = path
    }

    package var kind: Kind {
        switch reason {
        case .notADatabase, .foreignDatabase: .notAStore
        case .corrupt: .corrupt
        case .newerSchema: .newerSchema
        case .unwritable: .unwritable
        case .diskFull: .diskFull
        case .busy: .busy
        case .invalidArgument: .invalidArgument
        case .other: .other
        }
    }

    package var description: String {
        let why =
            switch reason {
            case .notADatabase: "not a riffle store (file is not a database)"
            case .foreignDatabase: "not a riffle store (another program's database)"
            case .corrupt(let detail): "store is damaged (\(detail)); move it away to start a new one"
            case .newerSchema(let unknown):
                "store was written by a newer riffle (schema \(unknown.joined(separator: ", "))); "
                    + "this riffle leaves it unchanged"
            case .unwritable(let detail): "store cannot be written (\(detail))"
            case .diskFull: "store cannot be written (disk full)"
            case .busy: "store is busy (another riffle held it longer than the timeout)"
            case .invalidArgument(let detail): detail
            case .other(let detail): detail
            }
        return "\(path): \(why)"
    }

    package static func notADatabase(_ path: String) -> StoreError { StoreError(.notADatabase, path: path) }
    package static func foreignDatabase(_ path: String) -> StoreError { StoreError(.foreignDatabase, path: path) }
    package static func corrupt(_ path: String, detail: String) -> StoreError {
        StoreError(.corrupt(detail: detail), path: path)
    }
    package static func newerSchema(_ path: String, unknown: [String]) -> StoreError {
        StoreError(.newerSchema(unknown: unknown.sorted()), path: path)
    }
    package static func unwritable(_ path: String, detail: String) -> StoreError {
        StoreError(.unwritable(detail: detail), path: path)
    }
    package static func diskFull(_ path: String) -> StoreError { StoreError(.diskFull, path: path) }
    package static func busy(_ path: String) -> StoreError { StoreError(.busy, path: path) }
    package static func invalidArgument(_ path: String, _ detail: String) -> StoreError {
        StoreError(.invalidArgument(detail), path: path)
    }
    package static func other(_ path: String, _ detail: String) -> StoreError { StoreError(.other(detail), path: path) }
}
