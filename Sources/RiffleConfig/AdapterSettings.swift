/// The settings of one source's adapter: what a `SourceTypeDecoder` makes of the source's keys, and what
/// the adapter is built from.
///
/// A marker: the configuration layer stores settings as `any AdapterSettings` without knowing the
/// built-in adapters (they live beside their code, in RiffleSources); each adapter reads its own type
/// back. `PluginSourceSettings` and `GraphQLSettings` are the two this layer knows, because plugin
/// manifests and executables are decoded here.
public protocol AdapterSettings: Sendable, Hashable {}
