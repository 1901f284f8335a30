import RiffleSources
import Testing

@testable import RiffleConfig

/// One test per error class: each asserts the exact line, column, key path and message.
@Suite struct DecodingErrorTests {
    @Test func wrongType() {
        #expect(
            problems(gitlabSource("    project: x\n    page_size: fifty\n")) == [
                "config.yaml:5:16: sources[0].page_size: expected a whole number, got \"fifty\""
            ])
        #expect(
            problems("sources: {a: 1}\n") == ["config.yaml:1:10: sources: expected a list of sources, got a mapping"])
    }

    @Test func outOfRange() {
        #expect(
            problems("defaults:\n  retries: 11\nsources: []\n").first
                == "config.yaml:2:12: defaults.retries: expected a whole number from 0 to 10, got \"11\"")
        #expect(
            problems("reader:\n  prefetch: -1\n  lines: 0\n" + gitlabSource("    project: x\n")) == [
                "config.yaml:2:13: reader.prefetch: expected a whole number from 0 to 20, got \"-1\"",
                "config.yaml:3:10: reader.lines: expected auto or a whole number from 1 to 1000, got \"0\"",
            ])
    }

    /// `reader.links`: true or false only, and a mistyped key gets a did-you-mean like the other keys.
    @Test func readerLinks() {
        #expect(
            problems("reader:\n  links: no\n" + gitlabSource("    project: x\n")) == [
                "config.yaml:2:10: reader.links: expected true or false, got \"no\""
            ])
        #expect(
            problems("reader:\n  link: false\n" + gitlabSource("    project: x\n")) == [
                "config.yaml:2:3: reader.link: unknown key; did you mean \"links\"?"
            ])
        let off = try? Configuration.parse(
            bytes: Array(("reader:\n  links: false\n" + gitlabSource("    project: x\n")).utf8), file: "config.yaml",
            environment: [:], adapters: BuiltInAdapters.all, plugins: [:], limits: .standard)
        #expect(off?.reader.links == false)
        #expect(ReaderSettings().links)
    }

    @Test func badDuration() {
        #expect(
            problems(gitlabSource("    project: x\n    timeout: 20 seconds\n")) == [
                "config.yaml:5:14: sources[0].timeout: expected a duration such as 20s, 2m, 1h30m, 500ms or 7d, "
                    + "got \"20 seconds\""
            ])
        #expect(
            problems(gitlabSource("    project: x\n    timeout: 2h\n")) == [
                "config.yaml:5:14: sources[0].timeout: expected a duration from 1ms to 1h, got \"2h\""
            ])
    }

    @Test func badBoolean() {
        let text = "sources:\n  - name: l\n    type: spacex\n    upcoming: yes\n"
        #expect(
            problems(text) == ["config.yaml:4:15: sources[0].upcoming: expected one of false, true, all, got \"yes\""])
        let manifest = "params:\n  owner: {required: yes}\nsource: {}\n"
        #expect(throws: ConfigError.self) {
            try PluginManifest.parse(text: manifest, file: "p.yaml", adapters: BuiltInAdapters.all)
        }
        do {
            _ = try PluginManifest.parse(text: manifest, file: "p.yaml", adapters: BuiltInAdapters.all)
        } catch {
            #expect(
                error.diagnostics.first?.description
                    == "p.yaml:2:21: params.owner.required: expected true or false, got \"yes\"")
        }
    }

    @Test func badEnum() {
        #expect(
            problems(gitlabSource("    project: x\n    state: open\n")) == [
                "config.yaml:5:12: sources[0].state: expected one of opened, closed, all, got \"open\""
            ])
    }

    @Test func badURLScheme() {
        #expect(
            problems(gitlabSource("    project: x\n    url: ftp://gitlab.com\n")) == [
                "config.yaml:5:10: sources[0].url: expected an http or https URL, not ftp, got \"ftp://gitlab.com\""
            ])
        #expect(
            problems(gitlabSource("    project: x\n    url: https:///x\n")) == [
                "config.yaml:5:10: sources[0].url: expected an http or https URL with a host, got \"https:///x\""
            ])
    }

    @Test func unknownKeyWithDidYouMean() {
        #expect(
            problems(gitlabSource("    projct: x\n")) == [
                "config.yaml:2:5: sources[0]: needs a project (e.g. gitlab-org/gitlab) or a group",
                "config.yaml:4:5: sources[0].projct: unknown key; did you mean \"project\"?",
            ])
        #expect(
            problems("sorces: []\n") == [
                "config.yaml:1:1: sorces: unknown key; did you mean \"sources\"?",
                "config.yaml:1:1: sources: missing required key",
            ])
        #expect(
            problems(gitlabSource("    project: x\n    zzzzzz: 1\n")) == [
                "config.yaml:5:5: sources[0].zzzzzz: unknown key (expected one of name, type, page_size, timeout, "
                    + "retries, refresh, url, project, group, state, token)"
            ])
    }

    @Test func missingRequiredKey() {
        let text =
            "sources:\n  - name: g\n    type: graphql\n    endpoint: https://api.example.com/graphql\n"
            + "    items: data.items\n    fields: {id: id, time: t}\n"
        #expect(
            problems(text) == [
                "config.yaml:2:5: sources[0].query: missing required key",
                "config.yaml:6:13: sources[0].fields.title: missing required key",
            ])
        #expect(problems("sources:\n  - type: spacex\n") == ["config.yaml:2:5: sources[0].name: missing required key"])
    }

    @Test func duplicateSourceName() {
        let text = """
            sources:
              - {name: a, type: spacex}
              - {name: b, type: spacex}
              - {name: a, type: spacex}
            """
        #expect(problems(text) == ["config.yaml:4:12: sources[2].name: duplicate source name \"a\" (first at 2:12)"])
    }

    @Test func projectAndGroup() {
        #expect(
            problems(gitlabSource("    project: x\n    group: y\n")) == [
                "config.yaml:5:5: sources[0].group: give project or group, not both"
            ])
    }

    @Test func offsetAndCursor() {
        let text = """
            sources:
              - name: g
                type: graphql
                endpoint: https://api.example.com/graphql
                query: "{ items }"
                items: data.items
                cursor: data.next
                offset_variable: offset
                fields: {id: id, time: t, title: title}
            """
        #expect(
            problems(text) == [
                "config.yaml:7:5: sources[0].cursor: not allowed with offset_variable (offset pagination has no cursor)"
            ])
    }

    @Test func badDottedPathAndVariableName() {
        let text = """
            sources:
              - name: g
                type: graphql
                endpoint: https://api.example.com/graphql
                query: "{ items }"
                items: data..items
                cursor_variable: 1after
                fields: {id: id, time: t, title: title}
            """
        #expect(
            problems(text) == [
                "config.yaml:6:12: sources[0].items: expected a dotted path such as data.items.nodes (non-empty "
                    + "segments, no spaces), got \"data..items\"",
                "config.yaml:7:22: sources[0].cursor_variable: expected a GraphQL variable name (letters, digits, _), "
                    + "got \"1after\"",
            ])
    }

    @Test func headerWithLineBreakIsRefused() {
        let text = """
            sources:
              - name: g
                type: graphql
                endpoint: https://api.example.com/graphql
                headers: {X-Evil: "a\\r\\nHost: b", "Bad Name": c}
                query: "{ items }"
                items: data.items
                fields: {id: id, time: t, title: title}
            """
        #expect(
            problems(text) == [
                "config.yaml:5:23: sources[0].headers.X-Evil: a header value cannot contain CR, LF or NUL",
                "config.yaml:5:39: sources[0].headers.Bad Name: not a header name (letters, digits and "
                    + "!#$%&'*+-.^_`|~; no CR, LF or spaces)",
            ])
    }

    @Test func unknownType() {
        let text = "sources:\n  - {name: a, type: spacex}\n  - {name: b, type: gitlap}\n"
        #expect(
            problems(text) == [
                "config.yaml:3:21: sources[1].type: unknown type \"gitlap\"; did you mean \"gitlab\"? "
                    + "(available: gitlab, spacex, graphql, feed)"
            ])
    }

    @Test func severalErrorsAreAllReported() {
        let text = """
            reader:
              prefetch: many
            defaults:
              timeout: soon
              retries: yes
            sources:
              - name: a
                type: gitlab
                projct: x
              - name: a
                type: spacex
                upcoming: on
            """
        #expect(
            problems(text) == [
                "config.yaml:2:13: reader.prefetch: expected a whole number, got \"many\"",
                "config.yaml:4:12: defaults.timeout: expected a duration such as 20s, 2m, 1h30m, 500ms or 7d, got \"soon\"",
                "config.yaml:5:12: defaults.retries: expected a whole number, got \"yes\"",
                "config.yaml:7:5: sources[0]: needs a project (e.g. gitlab-org/gitlab) or a group",
                "config.yaml:9:5: sources[0].projct: unknown key; did you mean \"project\"?",
                "config.yaml:10:11: sources[1].name: duplicate source name \"a\" (first at 7:11)",
                "config.yaml:12:15: sources[1].upcoming: expected one of false, true, all, got \"on\"",
            ])
    }

    @Test func manyErrorsAreCapped() {
        let sources = (0..<60).map { "  - {name: s\($0), type: spacex, upcoming: maybe}" }.joined(separator: "\n")
        let found = problems("sources:\n" + sources + "\n")
        #expect(found.count == 51)
        #expect(found.last == "config.yaml: 10 more errors not shown")
    }

    @Test func topLevelMustBeAMapping() {
        #expect(problems("- a\n- b\n") == ["config.yaml:1:1: expected a mapping with a sources key, got a list"])
        #expect(problems("") == ["config.yaml:1:1: sources: missing required key"])
    }
}
