/// The source a page load runs for, as a task-local value: the merge sets it around every load, so a
/// log line written deep inside an adapter (the HTTP client's request log under `-v`) names its source
/// without every adapter passing the name down.
package enum SourceContext {
    /// The configured name of the source whose page is loading in this task, if any.
    @TaskLocal package static var name: String?
    /// Where the HTTP client notes each attempt of the load in this task (`LoadProgress`), if anywhere.
    @TaskLocal package static var progress: LoadProgress?

    /// `line` prefixed with the current source's name (`gitlab: POST …`), or as it is outside a load.
    package static func labelled(_ line: String) -> String {
        name.map { "\($0): \(line)" } ?? line
    }
}
