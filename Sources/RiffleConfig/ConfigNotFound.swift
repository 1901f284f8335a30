/// No configuration file was found: neither `--config` nor `$RIFFLE_CONFIG` was given, and nothing is at
/// the XDG path. Its description says where riffle looked, each place, and that `riffle init` writes one
/// (the CLI reports it as a configuration error, exit 78).
package struct ConfigNotFound: Error, Sendable, Hashable, CustomStringConvertible {
    /// `$XDG_CONFIG_HOME/riffle/config.yaml` as resolved, or `nil` when neither `$XDG_CONFIG_HOME` nor
    /// `$HOME` is set (so there was no third place to look).
    var defaultPath: String?

    package init(defaultPath: String?) {
        self.defaultPath = defaultPath
    }

    /// One line: `no configuration found: no --config, no $RIFFLE_CONFIG, and no /home/u/.config/riffle/config.yaml;
    /// "riffle init" writes one there`.
    package var description: String {
        let looked = "no configuration found: no --config, no $RIFFLE_CONFIG"
        guard let defaultPath else {
            return looked + ", and neither $XDG_CONFIG_HOME nor $HOME is set; pass --config FILE"
        }
        return looked + ", and no \(defaultPath); \"riffle init\" writes one there (or pass --config FILE)"
    }
}
