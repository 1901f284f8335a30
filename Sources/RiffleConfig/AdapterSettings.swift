/// The settings of one source's adapter: what a `SourceTypeDecoder` makes of the source's keys, and what
/// the adapter is built from.
///
/// The configuration layer stores settings as `any AdapterSettings` without knowing the built-in adapters
/// (they live beside their code, in RiffleSources); each adapter reads its own type back.
/// `PluginSourceSettings` and `GraphQLSettings` are the two this layer knows, because plugin manifests and
/// executables are decoded here (a manifest's `source:` is a `GraphQLSettings`).
package protocol AdapterSettings: Sendable, Hashable {
    /// Every setting that decides which pages the source gives (host and port, endpoint, query, filters,
    /// paging variables), and no credential: the fingerprint a stored page is kept under.
    var pageIdentity: PageIdentity { get }
}
