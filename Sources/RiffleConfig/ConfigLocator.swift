internal import RiffleSystem

/// Finds the configuration file: `--config`, else `$RIFFLE_CONFIG`, else `./config.yaml` if it exists,
/// else `$XDG_CONFIG_HOME/riffle/config.yaml` (XDG's default being `$HOME/.config`).
///
/// A pure function of its inputs (the file-exists probe is passed in), so the order is testable.
public enum ConfigLocator {
    /// Which rule chose the file.
    public enum Origin: Sendable, Hashable {
        case flag
        case environment
        case workingDirectory
        case xdg
    }

    /// The chosen path and why.
    public struct Location: Sendable, Hashable {
        public var path: String
        public var origin: Origin

        public init(path: String, origin: Origin) {
            self.path = path
            self.origin = origin
        }
    }

    /// The configuration file to read; `nil` only when no rule applies (no `--config`, no
    /// `$RIFFLE_CONFIG`, no `./config.yaml`, and neither `$XDG_CONFIG_HOME` nor `$HOME`). The flag,
    /// `$RIFFLE_CONFIG` and the XDG path are returned whether or not they exist: reading reports that.
    public static func resolve(
        flag: String?, environment: [String: String], fileExists: (String) -> Bool = ConfigLocator.fileExists
    ) -> Location? {
        if let flag, !flag.isEmpty { return Location(path: flag, origin: .flag) }
        if let path = environment["RIFFLE_CONFIG"], !path.isEmpty { return Location(path: path, origin: .environment) }
        if fileExists("config.yaml") { return Location(path: "config.yaml", origin: .workingDirectory) }
        guard let base = configHome(environment: environment) else { return nil }
        return Location(path: base + "/riffle/config.yaml", origin: .xdg)
    }

    /// `$XDG_CONFIG_HOME` when set to an absolute path (the XDG spec ignores relative ones), else
    /// `$HOME/.config`.
    public static func configHome(environment: [String: String]) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg }
        if let home = environment["HOME"], !home.isEmpty {
            return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.config"
        }
        return nil
    }

    /// True when `path` names an existing file (the real probe).
    public static func fileExists(_ path: String) -> Bool {
        FileSystem.exists(path)
    }
}
