/// Decodes the keys of one built-in source `type:`.
///
/// The configuration layer knows no built-in type by name: `Configuration.parse`/`load` and
/// `ConfigDocument.decode` are given the decoders (RiffleSources' `BuiltInAdapters.all`), check a
/// source's keys against `SourceSettings.commonKeys` plus the decoder's `keys` (with a did-you-mean),
/// then let the decoder read its own keys.
package protocol SourceTypeDecoder: Sendable {
    /// What the decoder makes of a source's keys.
    associatedtype Settings: AdapterSettings

    /// The `type:` value, such as `gitlab`; a plugin may not take it.
    static var type: String { get }
    /// The keys a source of this type may have besides `SourceSettings.commonKeys`, in the order
    /// a did-you-mean prefers them.
    static var keys: [String] { get }
    /// The settings, or `nil` when a key has a problem (each one reported through `keys`).
    static func decode(_ keys: SourceKeys) -> Settings?
}
