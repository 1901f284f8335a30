import Testing

@testable import RiffleConfig

@Suite struct LocatorTests {
    let home = ["HOME": "/home/u"]

    @Test func flagWins() {
        let env = home.merging(["RIFFLE_CONFIG": "/etc/r.yaml"]) { $1 }
        #expect(
            ConfigLocator.resolve(flag: "c.yaml", environment: env, fileExists: { _ in true })
                == .init(path: "c.yaml", origin: .flag))
    }

    @Test func environmentComesNext() {
        let env = home.merging(["RIFFLE_CONFIG": "/etc/r.yaml"]) { $1 }
        #expect(
            ConfigLocator.resolve(flag: nil, environment: env, fileExists: { _ in true })
                == .init(path: "/etc/r.yaml", origin: .environment))
    }

    @Test func workingDirectoryWhenTheFileExists() {
        #expect(
            ConfigLocator.resolve(flag: nil, environment: home, fileExists: { $0 == "config.yaml" })
                == .init(path: "config.yaml", origin: .workingDirectory))
    }

    @Test func xdgThenHome() {
        #expect(
            ConfigLocator.resolve(flag: nil, environment: home, fileExists: { _ in false })
                == .init(path: "/home/u/.config/riffle/config.yaml", origin: .xdg))
        let env = home.merging(["XDG_CONFIG_HOME": "/x/cfg"]) { $1 }
        #expect(
            ConfigLocator.resolve(flag: nil, environment: env, fileExists: { _ in false })
                == .init(path: "/x/cfg/riffle/config.yaml", origin: .xdg))
        let relative = home.merging(["XDG_CONFIG_HOME": "relative"]) { $1 }
        #expect(
            ConfigLocator.resolve(flag: nil, environment: relative, fileExists: { _ in false })?.path
                == "/home/u/.config/riffle/config.yaml")
        #expect(ConfigLocator.resolve(flag: nil, environment: [:], fileExists: { _ in false }) == nil)
    }
}
