import ArgumentParser
import RiffleConfig
internal import RiffleSystem
import RiffleTerminal

/// `riffle init`: writes the starter configuration (`StarterConfiguration`) where riffle looks for it,
/// `$XDG_CONFIG_HOME/riffle/config.yaml`, or at `--config PATH`. The file is created mode 600 (it is where
/// tokens may end up) and never over an existing one: an existing file is refused (exit 1), naming it.
struct InitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Write a commented starter configuration (never over an existing one).",
        discussion: """
            Writes $XDG_CONFIG_HOME/riffle/config.yaml (~/.config/riffle/config.yaml), mode 600, creating \
            its directory; with --config PATH, writes PATH instead.

            Example:
              riffle init && riffle check && riffle
            """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    func run() async throws {
        let environment = Environment.all()
        let path = try Self.destination(flag: global.config, environment: environment)
        try Self.write(StarterConfiguration.text, to: path)
        let shown = UntrustedText.sanitize(path)
        Console.writeOut("riffle: wrote \(shown) (mode 600)\n")
        if let override = environment["RIFFLE_CONFIG"], !override.isEmpty, override != path {
            Console.writeOut(
                "riffle: note: RIFFLE_CONFIG is set, so riffle reads \(UntrustedText.sanitize(override)), "
                    + "not this file, until it is unset\n")
        }
        let flag = global.config == nil ? "" : " --config \(shown)"
        Console.writeOut(
            "next: edit it to add your sources, check it with `riffle check\(flag)`, then read with `riffle\(flag)`\n")
    }

    /// Where to write: `--config PATH`, else the XDG configuration file.
    static func destination(flag: String?, environment: [String: String]) throws -> String {
        if let flag, !flag.isEmpty { return flag }
        guard let home = ConfigLocator.configHome(environment: environment) else {
            throw CLIFailure.other("cannot tell where to write: set XDG_CONFIG_HOME or HOME, or pass --config PATH")
        }
        return home + "/riffle/config.yaml"
    }

    /// Creates `path` (and its directory, mode 700) holding `text`, mode 600; an existing file is refused.
    static func write(_ text: String, to path: String) throws {
        let shown = UntrustedText.sanitize(path)
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            do {
                try FileSystem.createDirectories(String(path[..<slash]), mode: 0o700)
            } catch {
                throw CLIFailure.other("cannot create the directory of \(shown): \(error.reason)")
            }
        }
        let fd: Int32
        do {
            fd = try FileSystem.createExclusive(path, mode: 0o600)
        } catch  where error.isAlreadyExists {
            throw CLIFailure.other(
                "\(shown) already exists; riffle init never overwrites a configuration "
                    + "(edit it, or move it away and run riffle init again)")
        } catch {
            throw CLIFailure.other("cannot create \(shown): \(error.reason)")
        }
        defer { Descriptor.close(fd) }
        do {
            try Descriptor.writeAll(fd, Array(text.utf8))
            try Descriptor.sync(fd)
        } catch {
            FileSystem.removeQuietly(path)
            throw CLIFailure.other("cannot write \(shown): \(error.reason)")
        }
    }
}
