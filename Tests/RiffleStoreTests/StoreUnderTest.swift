import RiffleCore
import RiffleStore
import RiffleStoreKit
import RiffleSystem
import Testing

/// A store backend the behaviour tests run against, through the `Store` protocol alone: a test takes
/// `arguments: StoreUnderTest.all` and opens its store with `open(in:)`, so that a second backend runs
/// the same tests by being added to `all`, with no test changed.
struct StoreUnderTest: Sendable, CustomTestStringConvertible {
    /// How the backend is named in test results.
    let name: String
    /// A fresh store of this backend in `directory` (a new empty directory the test owns), on `clock` (the
    /// wall clock: `nil`).
    let make:
        @Sendable (_ directory: String, _ clock: (@Sendable () -> Timestamp)?, _ marksPerSource: Int)
            throws -> any Store

    /// Every backend riffle has.
    static let all: [StoreUnderTest] = [.sqlite]

    /// The SQLite backend, a file in the directory.
    static let sqlite = StoreUnderTest(name: "SQLite") { directory, clock, marksPerSource in
        try SQLiteStore(
            path: directory + "/s.sqlite", marksPerSource: marksPerSource, clock: clock ?? Timestamp.now)
    }

    var testDescription: String { name }

    /// A fresh store in `directory`: on the wall clock unless a test clock is given.
    func open(
        in directory: String, clock: (@Sendable () -> Timestamp)? = nil,
        marksPerSource: Int = StoreLimits.defaultMarksPerSource
    ) throws -> any Store {
        try make(directory, clock, marksPerSource)
    }
}
