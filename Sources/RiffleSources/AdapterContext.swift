package import RiffleCore
package import RiffleHTTP
package import RiffleSystem

/// What every built-in adapter is made with, besides its own settings: the HTTP client, `--since`, the
/// memory of fetched documents (conditional GET, first-seen times) and the clock.
///
/// One struct rather than a growing list of parameters, so that what a new adapter needs is added here
/// once. The CLI builds one per session; the store, when there is one, is its `memory`.
package struct AdapterContext: Sendable {
    var client: HTTPClient
    /// `--since`, which an adapter may pass to its server as a filter.
    var since: Timestamp?
    /// What document adapters keep between requests; `InMemoryDocumentMemory` when there is no store.
    var memory: any DocumentMemory
    /// The wall clock (a test's fixed clock).
    var now: @Sendable () -> Timestamp

    package init(
        client: HTTPClient, since: Timestamp? = nil, memory: any DocumentMemory = InMemoryDocumentMemory(),
        now: @escaping @Sendable () -> Timestamp = Timestamp.now
    ) {
        self.client = client
        self.since = since
        self.memory = memory
        self.now = now
    }
}
