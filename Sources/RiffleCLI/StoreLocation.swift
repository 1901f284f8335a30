/// Where the store file is (contract section 6): `--store PATH`, else `store.path` from the
/// configuration, else `$XDG_STATE_HOME/riffle/store.sqlite`, else `~/.local/state/riffle/store.sqlite`.
enum StoreLocation {
    /// The store file's path, or `nil` when no rule gives one (no `HOME` and no absolute
    /// `XDG_STATE_HOME`). A relative `XDG_STATE_HOME` is ignored, as the XDG specification says.
    static func resolve(flag: String?, configured: String?, environment: [String: String]) -> String? {
        if let flag { return flag }
        if let configured { return configured }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return state + "/riffle/store.sqlite"
        }
        if let home = environment["HOME"], !home.isEmpty {
            return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.local/state/riffle/store.sqlite"
        }
        return nil
    }
}
