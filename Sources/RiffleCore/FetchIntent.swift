/// Why a page is being loaded, as a task-local value: whether the user asked for it now, or it is a load
/// nobody is waiting for (a background refresh).
///
/// A document adapter honours a server's `Cache-Control: max-age`, `Expires` or `Retry-After`
/// (`DocumentValidators.nextRequestAt`) only for `.background` loads, serving the stored page without a
/// request before that time; a load the user asked for (`riffle export`, opening the reader, `r`) always
/// asks the server, conditionally. Loads default to `.userAsked`; a background refresher wraps its loads
/// in `FetchIntent.$current.withValue(.background) { … }`.
package enum FetchIntent: Sendable, Hashable {
    case userAsked
    case background

    /// The intent of the load running in this task.
    @TaskLocal package static var current: FetchIntent = .userAsked
}
