import Foundation
import Glibc
import RiffleConfig
import RiffleTestSupport
import Testing

@testable import RifflePlugins

extension PluginTests {
    /// Contract section 5 (changed): plugin directories beside the configuration, XDG's and `plugins:`,
    /// never the working directory; an executable runs only when a configured source uses its type; a file
    /// that looks like a plugin but cannot be used is reported.
    @Suite struct TrustTests {
        /// A plugin that, whenever it runs, leaves `ran-NAME` beside itself, then describes itself.
        static func marking(_ description: String = "marks") -> String {
            """
            #!/bin/sh
            touch "$(dirname "$0")/ran-$(basename "$0")"
            echo '{"description": "\(description)", "params": {}}'
            """
        }

        /// A fresh directory and an environment whose XDG directory is empty and its own.
        func sandboxedEnvironment() throws -> (directory: String, environment: [String: String]) {
            let directory = try temporaryDirectory()
            try FileManager.default.createDirectory(atPath: directory + "/xdg", withIntermediateDirectories: true)
            return (directory, ["PATH": "/usr/bin:/bin", "HOME": directory, "XDG_CONFIG_HOME": directory + "/xdg"])
        }

        @Test func standardDirectoriesAreBesideTheConfigurationAndXDGs() {
            let home = ["HOME": "/home/u"]
            #expect(
                PluginCatalog.standardDirectories(configurationPath: "/etc/riffle/config.yaml", environment: home)
                    == ["/etc/riffle/plugins", "/home/u/.config/riffle/plugins"])
            #expect(
                PluginCatalog.standardDirectories(configurationPath: "conf/r.yaml", environment: home)
                    == ["conf/plugins", "/home/u/.config/riffle/plugins"])
            #expect(
                PluginCatalog.standardDirectories(configurationPath: "/r.yaml", environment: [:]) == ["/plugins"])
            #expect(
                PluginCatalog.standardDirectories(configurationPath: nil, environment: home)
                    == ["/home/u/.config/riffle/plugins"], "no configuration: no working-directory plugins/")
        }

        @Test func onlyTheExecutablesASourceUsesAreRun() async throws {
            let (directory, environment) = try sandboxedEnvironment()
            let plugins = directory + "/plugins"
            try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
            try await writeScript(plugins, "used.sh", Self.marking("the used one"))
            try await writeScript(plugins, "unused.sh", Self.marking())
            let config = try writeFile(directory, "config.yaml", "sources:\n  - {name: u, type: used}\n")

            let (configuration, catalog, problems) = try await PluginCatalog.loadConfiguration(
                path: config, environment: environment)
            #expect(problems.isEmpty)
            #expect(configuration.sources.map(\.type) == ["used"])
            #expect(catalog.plugins["used"]?.info.description == "the used one", "found beside the configuration")
            #expect(FileManager.default.fileExists(atPath: plugins + "/ran-used.sh"))
            #expect(!FileManager.default.fileExists(atPath: plugins + "/ran-unused.sh"), "a type no source uses")

            _ = try await PluginCatalog.loadConfiguration(path: config, environment: environment, describeAll: true)
            #expect(FileManager.default.fileExists(atPath: plugins + "/ran-unused.sh"), "riffle plugins runs every one")
        }

        @Test func aConfigurationThatDoesNotParseRunsNothing() async throws {
            let (directory, environment) = try sandboxedEnvironment()
            let plugins = directory + "/plugins"
            try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
            try await writeScript(plugins, "used.sh", Self.marking())
            let config = try writeFile(directory, "config.yaml", "sources: [{name: u, type: used}\n")
            await #expect(throws: ConfigError.self) {
                try await PluginCatalog.loadConfiguration(path: config, environment: environment)
            }
            #expect(!FileManager.default.fileExists(atPath: plugins + "/ran-used.sh"))
        }

        @Test func filesThatLookLikePluginsButCannotBeUsedAreReported() async throws {
            let (directory, environment) = try sandboxedEnvironment()
            let plugins = directory + "/plugins"
            try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
            _ = try writeFile(plugins, "mine.py", "#!/usr/bin/env python3\nprint('hi')\n")
            _ = try writeFile(plugins, "tool", "\u{7F}ELF and the rest")
            _ = try writeFile(plugins, "README.md", "# not a plugin\n")
            _ = try writeFile(plugins, "notes.txt", "# nor this\n")
            _ = try writeFile(plugins, "graphql", "#!/bin/sh\n")  // a built-in type: no chmod hint
            let config = try writeFile(directory, "config.yaml", "sources:\n  - {name: m, type: mine}\n")

            let (catalog, problems) = await PluginCatalog.discover(
                directories: [], configurationPath: config, environment: environment,
                describeTimeout: describeTimeout)
            #expect(
                problems.map(\.description) == [
                    "\(plugins)/mine.py: not executable (chmod +x it to use type mine)",
                    "\(plugins)/tool: not executable (chmod +x it to use type tool)",
                ])
            #expect(problems.allSatisfy { $0.severity == .warning })
            #expect(catalog.plugins.isEmpty)
            #expect(catalog.unavailableTypes.keys.sorted() == ["mine", "tool"])

            do {
                _ = try await PluginCatalog.loadConfiguration(path: config, environment: environment)
                Issue.record("expected an error")
            } catch {
                #expect(
                    error.diagnostics.map(\.description) == [
                        "\(config):2:21: sources[0].type: type \"mine\" is not available: "
                            + "\(plugins)/mine.py: not executable (chmod +x it to use type mine)"
                    ])
            }

            // Made executable, it is used (and an unusable file of a type a plugin defines gives no hint).
            try await ExecutableFile.write(Self.marking(), to: plugins + "/mine.py")
            _ = try writeFile(plugins, "mine.sh", "#!/bin/sh\n")
            let (_, catalog2, problems2) = try await PluginCatalog.loadConfiguration(
                path: config, environment: environment)
            #expect(catalog2.plugins["mine"] != nil)
            #expect(catalog2.unavailableTypes.keys.sorted() == ["tool"])
            #expect(
                problems2.map(\.description).contains(
                    "\(plugins)/mine.sh: not executable (chmod +x it to use type mine)"))
        }

        @Test(.enabled(if: geteuid() != 0, "root reads every file")) func anUnreadableFileIsReported() async throws {
            let (directory, environment) = try sandboxedEnvironment()
            let plugins = directory + "/plugins"
            try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
            let file = try writeFile(plugins, "closed.sh", "#!/bin/sh\n")
            #expect(chmod(file, 0) == 0)
            let (_, problems) = await PluginCatalog.discover(
                directories: [], configurationPath: directory + "/config.yaml", environment: environment,
                describeTimeout: describeTimeout)
            #expect(
                problems.map(\.description) == [
                    "\(file): cannot be read (Permission denied); chmod +rx it to use type closed"
                ])
        }
    }
}
