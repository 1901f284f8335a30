import RiffleCore

/// A source whose plugin could not describe itself (`--describe` failed or ran out of time): every page
/// fails with why, naming the plugin file, so only the sources of that type fail and the others are read.
struct UndescribedPluginSource: Pageable {
    let executable: String
    /// What the `--describe` run came to, with the plugin's stderr.
    let problem: String

    func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        throw SourceError.pluginFailed(executable: executable, detail: problem)
    }
}
