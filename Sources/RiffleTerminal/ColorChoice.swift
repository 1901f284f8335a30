internal import RiffleSystem

/// Whether the reader writes colour (SGR escape sequences).
package enum ColorChoice: Sendable, Hashable {
    case always
    case never

    var isEnabled: Bool { self == .always }

    /// The decision, as a pure function of its inputs, first rule that applies:
    /// 1. `--no-color` → never.
    /// 2. `NO_COLOR` set, to any value (even empty, as the contract says "any value") → never.
    /// 3. `CLICOLOR_FORCE` set, non-empty and not `0` → always, even into a pipe.
    /// 4. stdout not a terminal, or `TERM=dumb` → never.
    /// 5. Otherwise → always.
    package static func resolve(noColorFlag: Bool, environment: [String: String], stdoutIsTerminal: Bool) -> ColorChoice
    {
        if noColorFlag || environment["NO_COLOR"] != nil { return .never }
        if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return .always }
        if !stdoutIsTerminal || environment["TERM"] == "dumb" { return .never }
        return .always
    }

    /// `resolve` against this process's environment and its stdout.
    package static func resolveForProcess(noColorFlag: Bool) -> ColorChoice {
        var environment: [String: String] = [:]
        for name in ["NO_COLOR", "CLICOLOR_FORCE", "TERM"] { environment[name] = Environment.value(name) }
        return resolve(
            noColorFlag: noColorFlag, environment: environment,
            stdoutIsTerminal: Descriptor.isTerminal(Descriptor.standardOutput))
    }

    /// Whether item titles link to their URLs (OSC 8 hyperlinks): only with colour on, on a terminal
    /// (`CLICOLOR_FORCE` into a pipe gets none), not with `TERM=dumb` or `NO_COLOR`, and not when the
    /// configuration says `reader.links: false`. Terminals that do not know OSC 8 ignore it.
    package func hyperlinks(configured: Bool, environment: [String: String], stdoutIsTerminal: Bool) -> Bool {
        isEnabled && configured && stdoutIsTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    /// `hyperlinks` against this process's environment and its stdout.
    package func hyperlinksForProcess(configured: Bool) -> Bool {
        var environment: [String: String] = [:]
        for name in ["NO_COLOR", "TERM"] { environment[name] = Environment.value(name) }
        return hyperlinks(
            configured: configured, environment: environment,
            stdoutIsTerminal: Descriptor.isTerminal(Descriptor.standardOutput))
    }
}
