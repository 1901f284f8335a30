internal import RiffleSystem

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

    /// Why the store cannot be at `path` when the user named it (`--store`, `store.path`): its directory
    /// does not exist. Only the default location's directories are made; a directory the user named is
    /// never created, since a typo would otherwise become a tree of directories.
    static func missingDirectory(of path: String) -> String? {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return nil }
        let directory = String(path[..<slash])
        guard !FileSystem.isDirectory(directory) else { return nil }
        guard !FileSystem.exists(directory) else { return "\(path): \(directory) is not a directory" }
        return "\(path): its directory \(directory) does not exist; create it (mkdir -p \(directory)) "
            + "or pass another --store"
    }
}
