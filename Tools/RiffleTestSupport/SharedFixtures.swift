import Glibc

/// The shared reference data beside the package (`../shared/fixtures`), for the tests that read real
/// feeds, schemas and API answers. Those tests are enabled only when it is there,
/// `@Test(.enabled(if: SharedFixtures.present, Comment(rawValue: SharedFixtures.missing)))`, so that a
/// checkout without it reports them as skipped, with the reason, instead of passing them in silence.
package enum SharedFixtures {
    /// Why a test that needs the fixtures did not run.
    package static var missing: String { "needs \(directory) (the shared fixtures beside the package)" }

    /// `../shared/fixtures`, from this file's place in the package (`Tools/RiffleTestSupport/`).
    package static let directory: String = {
        var root = #filePath
        for _ in 0..<3 { root = String(root[..<(root.lastIndex(of: "/") ?? root.startIndex)]) }
        let parent = String(root[..<(root.lastIndex(of: "/") ?? root.startIndex)])
        return parent + "/shared/fixtures"
    }()

    /// Whether the fixtures directory is there.
    package static var present: Bool { access(directory, F_OK) == 0 }

    /// The path of `relative` (`spacex/v4-launches.json`) inside the fixtures.
    package static func path(_ relative: String) -> String { directory + "/" + relative }
}
