/// The `store:` section (contract section 6): where the store file lives and how much it keeps.
package struct StoreSettings: Sendable, Hashable {
    /// The store file as configured, resolved against the configuration file's directory (`~` is
    /// `$HOME`); `nil` means the default, `$XDG_STATE_HOME/riffle/store.sqlite`.
    package var path: String?
    /// Items kept per source; the oldest beyond it are dropped as pages are written.
    package var maxItems: Int
    /// Items older than this are dropped as pages are written; `.zero` keeps them.
    package var keep: Duration

    static let defaultMaxItems = 20_000
    static let maxItemsRange = 1...10_000_000
    /// `keep` from a minute to about a century (`0` aside).
    static let keepRange: ClosedRange<Duration> = .seconds(60)...(.seconds(36_500 * 86_400))

    init(path: String? = nil, maxItems: Int = StoreSettings.defaultMaxItems, keep: Duration = .zero) {
        self.path = path
        self.maxItems = maxItems
        self.keep = keep
    }
}
