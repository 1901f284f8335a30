import Foundation
import RiffleConfig
import RiffleCore
import RiffleSources
import Testing

@testable import RifflePlugins

/// Every plugin test, one at a time: one of them stops every plugin process riffle started.
@Suite(.serialized) enum PluginTests {}

extension PluginTests {
    /// Manifest discovery and errors.
    @Suite struct ManifestTests {
        static let good = """
            description: Things
            params:
              owner: {required: true, description: who}
              endpoint: {default: "https://example.com/graphql"}
            source:
              endpoint: ${param.endpoint}
              query: "query($first: Int!, $after: String) { x }"
              variables: {owner: "${param.owner}"}
              items: data.x
              fields: {id: id, time: t, title: title}
            """

        func discover(_ files: [String: String]) async throws -> (PluginCatalog, [String], String) {
            let directory = try temporaryDirectory()
            for (name, text) in files { _ = try writeFile(directory, name, text) }
            let (catalog, problems) = await PluginCatalog.discover(
                directories: [directory], environment: [:], includeStandard: false)
            return (
                catalog,
                problems.map { $0.description.replacingOccurrences(of: directory + "/", with: "") }, directory
            )
        }

        @Test func badYAMLHasItsPosition() async throws {
            let (catalog, problems, _) = try await discover(["bad.yaml": "description: x\nsource: {endpoint: [\n"])
            #expect(catalog.plugins.isEmpty)
            #expect(problems.count == 1)
            #expect(problems.first?.hasPrefix("bad.yaml:3:1: ") == true)
        }

        @Test func unknownKeysAreErrorsWithPositions() async throws {
            let text = Self.good.replacingOccurrences(of: "items: data.x", with: "items: data.x\n  curser: data.c")
                .replacingOccurrences(of: "description: Things", with: "descripton: Things")
            let (_, problems, _) = try await discover(["things.yml": text])
            #expect(
                problems == [
                    "things.yml:1:1: descripton: unknown key; did you mean \"description\"?",
                    "things.yml:10:3: source.curser: unknown key; did you mean \"cursor\"?",
                ])
        }

        @Test func clashWithABuiltInType() async throws {
            let (catalog, problems, _) = try await discover(["gitlab.yaml": Self.good, "graphql": "#!/bin/sh\n"])
            #expect(catalog.plugins.isEmpty)
            #expect(
                problems == [
                    "gitlab.yaml: plugin type \"gitlab\" clashes with the built-in type; rename the file"
                ])
        }

        @Test func firstPluginOfATypeWins() async throws {
            let first = try temporaryDirectory()
            let second = try temporaryDirectory()
            _ = try writeFile(first, "things.yaml", Self.good)
            _ = try writeFile(second, "things.yml", Self.good)
            let (catalog, problems) = await PluginCatalog.discover(
                directories: [first, second, first + "/", second + "/../" + (second as NSString).lastPathComponent],
                environment: [:], includeStandard: false)
            #expect(catalog.plugins["things"]?.file == first + "/things.yaml")
            #expect(
                problems.map(\.description) == [
                    "\(second)/things.yml: plugin type \"things\" is already defined by \(first)/things.yaml, which wins; "
                        + "this file is ignored"
                ])
            #expect(problems.map(\.severity) == [.warning])
        }

        @Test func missingAndUnknownParamsNameThePluginFile() async throws {
            let (catalog, _, directory) = try await discover(["things.yaml": Self.good])
            let text = "sources:\n  - {name: a, type: things, ownr: x}\n"
            do {
                _ = try ConfigDocument.parse(bytes: Array(text.utf8), file: "config.yaml").decode(
                    environment: [:], adapters: BuiltInAdapters.all, plugins: catalog.types, namingPluginFiles: true)
                Issue.record("expected an error")
            } catch {
                let lines = error.diagnostics.map(\.description)
                #expect(
                    lines == [
                        "config.yaml:2:5: sources[0].owner: missing required param of plugin type \"things\" "
                            + "(defined in \(directory)/things.yaml)",
                        "config.yaml:2:29: sources[0].ownr: unknown param of plugin type \"things\" "
                            + "(defined in \(directory)/things.yaml); did you mean \"owner\"?",
                    ])
            }
        }

        @Test func loadConfigurationSearchesTheConfiguredDirectories() async throws {
            let directory = try temporaryDirectory()
            try FileManager.default.createDirectory(atPath: directory + "/mine", withIntermediateDirectories: true)
            _ = try writeFile(directory + "/mine", "things.yaml", Self.good)
            let config = try writeFile(
                directory, "config.yaml",
                "plugins: [./mine]\nsources:\n  - {name: a, type: things, owner: x, ownr: y}\n")
            do {
                _ = try await PluginCatalog.loadConfiguration(path: config, environment: [:], includeStandard: false)
                Issue.record("expected an error")
            } catch {
                #expect(
                    error.description
                        == "\(config):3:39: sources[0].ownr: unknown param of plugin type \"things\" "
                        + "(defined in \(directory)/mine/things.yaml); did you mean \"owner\"?")
            }
            try "plugins: [./mine]\nsources:\n  - {name: a, type: things, owner: x, endpoint: \"ftp://no\"}\n".write(
                toFile: config, atomically: true, encoding: .utf8)
            do {
                _ = try await PluginCatalog.loadConfiguration(path: config, environment: [:], includeStandard: false)
                Issue.record("expected an error")
            } catch {
                #expect(
                    error.description
                        == "\(directory)/mine/things.yaml:6:13: source.endpoint: expected an http or https URL, not ftp, "
                        + "got (value from ${param.endpoint}) (for source \"a\" of type \"things\")")
            }
            try "plugins: [./mine]\nsources:\n  - {name: a, type: things, owner: x}\n".write(
                toFile: config, atomically: true, encoding: .utf8)
            let (configuration, catalog, problems) = try await PluginCatalog.loadConfiguration(
                path: config, environment: [:], includeStandard: false)
            #expect(problems.isEmpty)
            #expect(catalog.plugins["things"] != nil)
            #expect(configuration.sources.map(\.type) == ["things"])
        }

        @Test func brokenManifestExplainsAnUnknownType() async throws {
            let directory = try temporaryDirectory()
            _ = try writeFile(directory, "things.yaml", "source: {}\n")
            let config = try writeFile(
                try temporaryDirectory(), "config.yaml",
                "plugins: [\(directory)]\nsources:\n  - {name: a, type: things}\n")
            do {
                _ = try await PluginCatalog.loadConfiguration(path: config, environment: [:], includeStandard: false)
                Issue.record("expected an error")
            } catch {
                #expect(
                    error.diagnostics.first?.description
                        == "\(directory)/things.yaml:1:9: source.endpoint: missing required key")
                #expect(error.diagnostics.last?.description.contains("unknown type \"things\"") == true)
            }
        }

        @Test func emptyHeaderValuesAreNotSent() async throws {
            let (catalog, problems) = await shippedCatalog()
            #expect(problems.isEmpty)
            let source = try sources("sources:\n  - {name: m, type: gitlab-merge-requests, project: a/b}\n", catalog)[0]
            guard let plugin = source.plugin,
                case .manifest(let manifest)? = catalog.plugins[plugin.type]?.kind
            else {
                Issue.record("not a manifest source")
                return
            }
            let anonymous = try catalog.graphQLSettings(manifest, source: source, plugin: plugin).settings
            #expect(anonymous.headers.isEmpty)
            #expect(anonymous.endpoint == "https://gitlab.com/api/graphql")
            #expect(anonymous.variables == ["project": .string("a/b"), "state": .string("opened")])
            var withToken = plugin
            withToken.params["token"] = "glpat-x"
            let settings = try catalog.graphQLSettings(manifest, source: source, plugin: withToken)
            #expect(settings.settings.headers == [HTTPHeader(name: "PRIVATE-TOKEN", value: "glpat-x")])
        }

        @Test func listingHasBuiltInsAndPlugins() async throws {
            let (catalog, _) = await shippedCatalog()
            let types = catalog.adapterTypes
            #expect(
                types.map(\.name) == [
                    "gitlab", "spacex", "graphql", "feed", "github-issues", "gitlab-merge-requests", "rest-events",
                ])
            #expect(types[0].origin.description == "built-in")
            let github = try #require(types.first { $0.name == "github-issues" })
            #expect(github.origin.description == shippedPlugins + "/github-issues.yaml")
            #expect(github.params.map(\.name) == ["endpoint", "owner", "repo", "token"])
            #expect(github.params[0].defaultValue == "https://api.github.com/graphql")
            #expect(github.params[1].required)
            let rest = try #require(types.first { $0.name == "rest-events" })
            #expect(rest.origin == .executable(file: shippedPlugins + "/rest-events.py"))
            #expect(rest.description?.contains("Link-header") == true)
            #expect(rest.params.first { $0.name == "owner" }?.required == true)
            #expect(rest.params.first { $0.name == "base_url" }?.defaultValue == "https://api.github.com")
        }
    }
}
