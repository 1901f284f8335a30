/// Whether a command can do its job without the store.
enum StoreNeed {
    /// Use the store when it can be used; otherwise one warning, and on without it.
    case optional
    /// The option named cannot work without the store (`--offline`, `--unread`, `--mark-read`): a store
    /// that cannot be used ends the run with exit 1.
    case required(by: String)
}

extension StoreNeed {
    /// The store cannot be used, for `reason`: exit 1 naming the option that needs it, or one warning and
    /// on without it. The one place these words are made.
    func goOnWithout(because reason: String) throws {
        if case .required(let option) = self { throw CLIFailure.other("\(reason) (\(option) needs the store)") }
        Self.warn(reason)
    }

    /// `riffle: warning: REASON; going on without the store`.
    static func warn(_ reason: String) {
        Console.writeError("riffle: warning: \(reason); going on without the store")
    }
}
