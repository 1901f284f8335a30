/// Everything `config.yaml` says, decoded and checked.
///
/// Made by `Configuration.load(path:environment:adapters:plugins:)` (or `parse(text:…)` in tests); either returns a
/// configuration with no problems or throws every problem found.
package struct Configuration: Sendable, Hashable {
    /// The file it was read from, as given.
    package var path: String
    package var reader: ReaderSettings
    package var defaults: DefaultSettings
    package var store: StoreSettings
    package var serve: ServeSettings
    /// The `plugins:` directories, resolved against the config file's directory (`~` is `$HOME`).
    package var pluginDirectories: [String]
    package var sources: [SourceSettings]
    /// Every non-empty value substituted from the environment into a secret position (`SecretPosition`:
    /// headers, tokens, keys): the HTTP log masks these.
    package var secrets: Set<String>
    /// Problems that do not stop riffle, worded with their fix (a token in a file others can read).
    package var warnings: [String]

    init(
        path: String, reader: ReaderSettings = ReaderSettings(), defaults: DefaultSettings = DefaultSettings(),
        store: StoreSettings = StoreSettings(), serve: ServeSettings = ServeSettings(),
        pluginDirectories: [String] = [], sources: [SourceSettings] = [],
        secrets: Set<String> = [],
        warnings: [String] = []
    ) {
        self.path = path
        self.reader = reader
        self.defaults = defaults
        self.store = store
        self.serve = serve
        self.pluginDirectories = pluginDirectories
        self.sources = sources
        self.secrets = secrets
        self.warnings = warnings
    }
}
