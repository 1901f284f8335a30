internal import RiffleSystem

/// Finds the configuration file (contract section 1): `--config`, else `$RIFFLE_CONFIG`, else
/// `$XDG_CONFIG_HOME/riffle/config.yaml` (XDG's default being `$HOME/.config`).
///
/// The working directory is never searched: a `config.yaml` there may belong to another program, or to a
/// repository just cloned, and reading it would let that directory choose what riffle runs. A pure function
/// of its inputs (the file-exists probe is passed in), so the order is testable.
package enum ConfigLocator {
    /// Which rule chose the file.
    package enum Origin: Sendable, Hashable {
        case flag
        case environment
        case xdg
    }

    /// The chosen path and why.
    package struct Location: Sendable, Hashable {
        package var path: String
        var origin: Origin

        package init(path: String, origin: Origin) {
            self.path = path
            self.origin = origin
        }
    }

    /// The configuration file to read. The flag and `$RIFFLE_CONFIG` are returned whether or not the file
    /// exists (reading it reports that, naming the path the user gave); the XDG path only when something
    /// is there. Throws `ConfigNotFound`, which says where riffle looked, when no rule finds a file.
    package static func resolve(
        flag: String?, environment: [String: String], fileExists: (String) -> Bool = ConfigLocator.fileExists
    ) throws(ConfigNotFound) -> Location {
        if let flag, !flag.isEmpty { return Location(path: flag, origin: .flag) }
        if let path = environment["RIFFLE_CONFIG"], !path.isEmpty { return Location(path: path, origin: .environment) }
        let xdg = defaultPath(environment: environment)
        guard let xdg, fileExists(xdg) else { throw ConfigNotFound(defaultPath: xdg) }
        return Location(path: xdg, origin: .xdg)
    }

    /// `$XDG_CONFIG_HOME/riffle/config.yaml`: the last place looked, and where `riffle init` writes; `nil`
    /// when neither `$XDG_CONFIG_HOME` (absolute) nor `$HOME` is set.
    static func defaultPath(environment: [String: String]) -> String? {
        configHome(environment: environment).map { $0 + "/riffle/config.yaml" }
    }

    /// `$XDG_CONFIG_HOME` when set to an absolute path (the XDG spec ignores relative ones), else
    /// `$HOME/.config`.
    package static func configHome(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg }
        if let home = environment["HOME"], !home.isEmpty {
            return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.config"
        }
        return nil
    }

    /// True when `path` names an existing file (the real probe).
    package static func fileExists(_ path: String) -> Bool {
        FileSystem.exists(path)
    }
}
