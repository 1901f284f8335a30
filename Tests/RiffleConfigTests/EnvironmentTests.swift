import RiffleCore
import RiffleSources
import Testing

@testable import RiffleConfig

@Suite struct EnvironmentTests {
    @Test func substitutionForms() throws {
        let env = ["A": "alpha", "EMPTY": ""]
        #expect(try Substitution.substitute("x${A}y", environment: env, params: nil).text == "xalphay")
        #expect(try Substitution.substitute("${B:-beta}", environment: env, params: nil).text == "beta")
        #expect(try Substitution.substitute("${EMPTY:-dflt}", environment: env, params: nil).text == "dflt")
        #expect(try Substitution.substitute("${EMPTY}", environment: env, params: nil).text == "")
        #expect(
            try Substitution.substitute("cost: $$5 and $${A}", environment: env, params: nil).text
                == "cost: $5 and ${A}")
        #expect(
            try Substitution.substitute("query($first: Int!)", environment: env, params: nil).text
                == "query($first: Int!)")
        #expect(try Substitution.substitute("${param.owner}", environment: env, params: nil).text == "${param.owner}")
        #expect(try Substitution.substitute("${param.owner}", environment: env, params: ["owner": "me"]).text == "me")
        #expect(throws: Substitution.Failure.unset("NOPE")) {
            try Substitution.substitute("${NOPE}", environment: env, params: nil)
        }
        #expect(throws: Substitution.Failure.unterminated) {
            try Substitution.substitute("${A", environment: env, params: nil)
        }
        #expect(throws: Substitution.Failure.invalidName("1A")) {
            try Substitution.substitute("${1A}", environment: env, params: nil)
        }
    }

    @Test func environmentValuesAreSecrets() throws {
        let text = """
            sources:
              - name: a
                type: gitlab
                project: ${PROJECT:-gitlab-org/gitlab}
                token: ${GITLAB_TOKEN}
              - name: g
                type: graphql
                endpoint: https://api.example.com/graphql
                headers:
                  Authorization: Bearer ${HUB_TOKEN}
                query: "query($first: Int!) { items }"
                items: data.items
                fields: {id: id, time: t, title: title}
            """
        let config = try Configuration.parse(
            text: text, environment: ["GITLAB_TOKEN": "glpat-secret", "HUB_TOKEN": "hub-secret", "UNUSED": "x"],
            adapters: BuiltInAdapters.all)
        #expect(config.secrets == ["glpat-secret", "hub-secret"])
        guard let gitlab = config.sources[0].settings as? GitLabSettings,
            let graphql = config.sources[1].settings as? GraphQLSettings
        else {
            Issue.record("wrong kinds")
            return
        }
        #expect(gitlab.token == "glpat-secret")
        #expect(gitlab.scope == .project("gitlab-org/gitlab"))
        #expect(graphql.headers == [HTTPHeader(name: "Authorization", value: "Bearer hub-secret")])
        #expect(graphql.query == "query($first: Int!) { items }")
        #expect(config.warnings.isEmpty)
    }

    @Test func unsetVariableNamesTheVariableAndTheKey() {
        #expect(
            problems(gitlabSource("    project: x\n    token: ${GITLAB_TOKEN}\n")) == [
                "config.yaml:5:12: sources[0].token: environment variable GITLAB_TOKEN is not set "
                    + "(${GITLAB_TOKEN:-default} gives a default)"
            ])
    }

    @Test func valuesFromTheEnvironmentAreNeverQuoted() {
        let found = problems(
            gitlabSource("    project: x\n    page_size: ${SIZE}\n    url: ${URL}\n"),
            environment: ["SIZE": "sekrit-size", "URL": "ftp://sekrit-host"])
        #expect(
            found == [
                "config.yaml:5:16: sources[0].page_size: expected a whole number, got (value from ${SIZE})",
                "config.yaml:6:10: sources[0].url: expected an http or https URL, not ftp, got (value from ${URL})",
            ])
        #expect(!found.joined().contains("sekrit"))
    }

    @Test func numbersAndDurationsMayComeFromTheEnvironment() throws {
        let config = try Configuration.parse(
            text: "defaults:\n  page_size: ${SIZE}\n  timeout: ${TIMEOUT:-45s}\n" + gitlabSource("    project: x\n"),
            environment: ["SIZE": "25"], adapters: BuiltInAdapters.all)
        #expect(config.defaults.pageSize == 25)
        #expect(config.defaults.timeout == .seconds(45))
        #expect(config.sources[0].pageSize == 25)
    }
}

@Suite struct FlowPlaceholderTests {
    @Test func theContractsFlowMappingExampleParses() throws {
        let text = """
            sources:
              - {name: swift, type: graphql, endpoint: "https://api.example.test/graphql", query: "{ x }", items: data.x, fields: {id: id, time: t, title: title}, headers: {Authorization: Bearer ${HUB_TOKEN}}}
              - {name: other, type: gitlab, project: a/b, token: ${GITLAB_TOKEN:-none}}
            """
        let configuration = try Configuration.parse(
            text: text, environment: ["HUB_TOKEN": "s3cret"], adapters: BuiltInAdapters.all)
        guard let settings = configuration.sources[0].settings as? GraphQLSettings else {
            Issue.record("not graphql")
            return
        }
        #expect(settings.headers.first?.value == "Bearer s3cret")
        guard let gitlab = configuration.sources[1].settings as? GitLabSettings else {
            Issue.record("not gitlab")
            return
        }
        #expect(gitlab.token == "none")
        #expect(configuration.secrets.contains("s3cret"))
    }

    @Test func marksStayExactAfterShielding() throws {
        let text = "sources:\n  - {name: a, type: gitlab, token: ${T:-x}, projct: a/b}\n"
        let error = try #require(throws: ConfigError.self) {
            try Configuration.parse(text: text, environment: [:], adapters: BuiltInAdapters.all)
        }
        #expect(error.description.contains("config.yaml:2:45: sources[0].projct: unknown key"))
    }
}
