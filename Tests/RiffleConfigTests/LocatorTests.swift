import Testing

@testable import RiffleConfig

/// The lookup order of contract section 1 (changed): `--config`, `$RIFFLE_CONFIG`, the XDG path. The
/// working directory is never searched (it used to be, between the environment and XDG).
@Suite struct LocatorTests {
    let home = ["HOME": "/home/u"]

    func resolve(
        flag: String? = nil, _ environment: [String: String], exists: (String) -> Bool
    ) -> Result<ConfigLocator.Location, ConfigNotFound> {
        Result { () throws(ConfigNotFound) in
            try ConfigLocator.resolve(flag: flag, environment: environment, fileExists: exists)
        }
    }

    @Test func flagWins() {
        let env = home.merging(["RIFFLE_CONFIG": "/etc/r.yaml"]) { $1 }
        #expect(resolve(flag: "c.yaml", env, exists: { _ in true }) == .success(.init(path: "c.yaml", origin: .flag)))
        #expect(
            resolve(flag: "missing.yaml", env, exists: { _ in false })
                == .success(.init(path: "missing.yaml", origin: .flag)), "reading reports a missing --config file")
    }

    @Test func environmentComesNext() {
        let env = home.merging(["RIFFLE_CONFIG": "/etc/r.yaml"]) { $1 }
        #expect(resolve(env, exists: { _ in true }) == .success(.init(path: "/etc/r.yaml", origin: .environment)))
        #expect(resolve(env, exists: { _ in false }) == .success(.init(path: "/etc/r.yaml", origin: .environment)))
    }

    @Test func theWorkingDirectoryIsNeverSearched() {
        var probed: [String] = []
        let found = resolve(home) { path in
            probed.append(path)
            return path == "config.yaml" || path == "./config.yaml"
        }
        #expect(found == .failure(ConfigNotFound(defaultPath: "/home/u/.config/riffle/config.yaml")))
        #expect(probed == ["/home/u/.config/riffle/config.yaml"])
    }

    @Test func xdgThenHome() {
        #expect(
            resolve(home, exists: { _ in true })
                == .success(.init(path: "/home/u/.config/riffle/config.yaml", origin: .xdg)))
        let env = home.merging(["XDG_CONFIG_HOME": "/x/cfg"]) { $1 }
        #expect(resolve(env, exists: { _ in true }) == .success(.init(path: "/x/cfg/riffle/config.yaml", origin: .xdg)))
        let relative = home.merging(["XDG_CONFIG_HOME": "relative"]) { $1 }
        #expect(
            resolve(relative, exists: { _ in true })
                == .success(.init(path: "/home/u/.config/riffle/config.yaml", origin: .xdg)))
    }

    @Test func notFoundSaysWhereItLookedAndNamesInit() {
        let env = home.merging(["XDG_CONFIG_HOME": "/x/cfg"]) { $1 }
        #expect(
            resolve(env, exists: { _ in false }).failure?.description
                == "no configuration found: no --config, no $RIFFLE_CONFIG, and no /x/cfg/riffle/config.yaml; "
                + "\"riffle init\" writes one there (or pass --config FILE)")
        #expect(
            resolve([:], exists: { _ in true }).failure?.description
                == "no configuration found: no --config, no $RIFFLE_CONFIG, and neither $XDG_CONFIG_HOME nor "
                + "$HOME is set; pass --config FILE")
        #expect(resolve(["RIFFLE_CONFIG": ""], exists: { _ in true }).failure == ConfigNotFound(defaultPath: nil))
    }
}

extension Result {
    fileprivate var failure: Failure? {
        guard case .failure(let error) = self else { return nil }
        return error
    }
}
