/// Whether a command can do its job without the store.
enum StoreNeed {
    /// Use the store when it can be used; otherwise one warning, and on without it.
    case optional
    /// The option named cannot work without the store (`--offline`, `--unread`, `--mark-read`): a store
    /// that cannot be used ends the run with exit 1.
    case required(by: String)
}
