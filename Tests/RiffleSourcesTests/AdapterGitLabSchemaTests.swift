import Foundation
import GraphQL
import RiffleConfig
import RiffleCore
import RiffleHTTP
import RiffleSources
import RiffleTestSupport
import Testing

/// Every query the GitLab adapter can send, validated against GitLab's real schema (16.3, the shared
/// fixture): fields, arguments, enum values, and the declared types of the variables.
@Suite(
    "Adapter: GitLab queries against GitLab's real schema",
    .enabled(if: SharedFixtures.present, Comment(rawValue: SharedFixtures.missing)))
struct AdapterGitLabSchemaTests {
    /// GitLab's schema, built once (it has 1,882 types); `nil` (recorded as an issue) when it cannot be read
    /// or does not build. The suite runs only when the shared fixtures are there.
    static let schema: GraphQLSchema? = {
        do {
            let text = try String(
                contentsOfFile: SharedFixtures.path("gitlab/gitlab_schema.graphql"), encoding: .utf8)
            return try buildSchema(source: text)
        } catch {
            Issue.record("GitLab's schema cannot be read or does not build: \(error)")
            return nil
        }
    }()

    static let queries: [(name: String, text: String)] = [
        ("projectQuery", GitLabSource.projectQuery), ("groupQuery", GitLabSource.groupQuery),
    ]

    /// One use of a variable as an argument: the variable's declared type and the argument's type.
    struct VariableUse: CustomStringConvertible {
        var variable: String
        var declared: String
        var argument: String
        var expected: String

        /// Whether a value of the declared type may go where the argument is (a non-null variable may
        /// fill a nullable argument, not the other way round).
        var fits: Bool {
            let bare = { (type: String) in type.hasSuffix("!") ? String(type.dropLast()) : type }
            return bare(declared) == bare(expected) && (!expected.hasSuffix("!") || declared.hasSuffix("!"))
        }

        var description: String { "$\(variable): \(declared) used as \(argument): \(expected)" }
    }

    /// The written form of a type in a query (`ID!`, `[String]`).
    static func describe(_ type: Any) -> String {
        if let nonNull = type as? NonNullType { return describe(nonNull.type) + "!" }
        if let list = type as? ListType { return "[" + describe(list.type) + "]" }
        if let named = type as? NamedType { return named.name.value }
        return "?"
    }

    /// Every variable used as a field argument in the query's operation, with both types.
    static func variableUses(_ document: Document, schema: GraphQLSchema) throws -> [VariableUse] {
        guard let operation = document.definitions.compactMap({ $0 as? OperationDefinition }).first,
            let query = schema.queryType
        else { return [] }
        var declared: [String: String] = [:]
        for definition in operation.variableDefinitions {
            declared[definition.variable.name.value] = describe(definition.type)
        }
        var uses: [VariableUse] = []
        func walk(_ selections: SelectionSet, in parent: GraphQLObjectType) throws {
            let fields = try parent.fields()
            for case let field as Field in selections.selections {
                guard let definition = fields[field.name.value] else { continue }
                for argument in field.arguments {
                    guard let variable = argument.value as? Variable else { continue }
                    let name = variable.name.value
                    uses.append(
                        VariableUse(
                            variable: name, declared: declared[name] ?? "(undeclared)",
                            argument: "\(parent.name).\(field.name.value)(\(argument.name.value))",
                            expected: definition.args[argument.name.value].map { String(reflecting: $0.type) }
                                ?? "(no such argument)"))
                }
                if let inner = field.selectionSet, let type = getNamedType(type: definition.type) as? GraphQLObjectType
                {
                    try walk(inner, in: type)
                }
            }
        }
        try walk(operation.selectionSet, in: query)
        return uses
    }

    @Test(arguments: queries.map(\.name))
    func queryValidates(_ name: String) throws {
        let schema = try #require(Self.schema, "GitLab's schema")
        let text = try #require(Self.queries.first { $0.name == name }?.text)
        let document = try parse(source: text)
        let errors = validate(schema: schema, ast: document)
        #expect(errors.isEmpty, "\(name): \(errors.map(\.message))")
        #expect(text.count < 10_000, "GitLab refuses queries over 10,000 characters")
    }

    @Test(arguments: queries.map(\.name))
    func variableTypesMatchTheArguments(_ name: String) throws {
        let schema = try #require(Self.schema, "GitLab's schema")
        let text = try #require(Self.queries.first { $0.name == name }?.text)
        let uses = try Self.variableUses(try parse(source: text), schema: schema)
        #expect(Set(uses.map(\.variable)) == ["fullPath", "first", "after", "state", "updatedAfter"])
        for use in uses {
            #expect(use.fits, "\(name): \(use)")
        }
        let byName = Dictionary(uses.map { ($0.variable, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byName["state"]?.expected == "IssuableState")
        #expect(byName["updatedAfter"]?.expected == "Time")
        #expect(byName["fullPath"]?.expected == "ID!")
    }

    @Test func variablesTheAdapterSendsAreDeclaredAndOfTheirTypes() throws {
        let schema = try #require(Self.schema, "GitLab's schema")
        let client = try HTTPClient()
        defer { client.syncShutdown() }
        let states = (schema.getType(name: "IssuableState") as? GraphQLEnumType)?.values.map(\.name) ?? []
        let sorts = (schema.getType(name: "IssueSort") as? GraphQLEnumType)?.values.map(\.name) ?? []
        #expect(schema.getType(name: "Time") is GraphQLScalarType)
        #expect(sorts.contains("UPDATED_DESC"))
        let since = try #require(Timestamp(rfc3339: "2026-01-06T15:09:24Z"))
        for scope in [GitLabSettings.Scope.project("a/b"), .group("a")] {
            for state in GitLabSettings.State.allCases {
                let source = GitLabSource(
                    settings: GitLabSettings(scope: scope, state: state), client: client, timeout: .seconds(1),
                    retries: 0, since: since)
                let text = scope == .group("a") ? GitLabSource.groupQuery : GitLabSource.projectQuery
                let operation = try parse(source: text).definitions.compactMap { $0 as? OperationDefinition }.first
                let declared = Set(operation?.variableDefinitions.map(\.variable.name.value) ?? [])
                let variables = source.variables(after: "eyJpZCI6IjEifQ", pageSize: 20)
                #expect(Set(variables.keys).isSubset(of: declared), "\(variables.keys) declared in \(declared)")
                #expect(states.contains(variables["state"]?.stringValue ?? ""), "\(state) is an IssuableState")
                #expect(variables["first"] == .int(20))
                #expect(variables["updatedAfter"] == .string("2026-01-06T15:09:24Z"))
                #expect(variables["fullPath"]?.stringValue != nil)
            }
        }
    }

    /// GitLab's `Group.issues` leaves subgroups out unless asked (`includeSubgroups` defaults to false):
    /// the group query asks, so a group lists what its issue page on GitLab shows.
    @Test func groupQueryIncludesSubgroups() throws {
        let schema = try #require(Self.schema, "GitLab's schema")
        let group = try #require(schema.getType(name: "Group") as? GraphQLObjectType)
        let argument = try #require(try group.fields()["issues"]?.args["includeSubgroups"])
        #expect(String(reflecting: argument.type) == "Boolean")
        #expect(argument.defaultValue == .bool(false))

        let operation = try #require(
            try parse(source: GitLabSource.groupQuery).definitions.compactMap { $0 as? OperationDefinition }.first)
        let root = operation.selectionSet.selections.compactMap { $0 as? Field }.first
        let issues = root?.selectionSet?.selections.compactMap { $0 as? Field }.first { $0.name.value == "issues" }
        let value = issues?.arguments.first { $0.name.value == "includeSubgroups" }?.value as? BooleanValue
        #expect(value?.value == true, "the group query sets includeSubgroups: true")
        #expect(!GitLabSource.projectQuery.contains("includeSubgroups"))
    }

    /// The validator is live: a query with a wrong variable type or an unknown field is reported.
    @Test func validationCatchesMistakes() throws {
        let schema = try #require(Self.schema, "GitLab's schema")
        let wrongType = GitLabSource.projectQuery.replacing("$state: IssuableState", with: "$state: String")
        #expect(!validate(schema: schema, ast: try parse(source: wrongType)).isEmpty)
        let unknownField = GitLabSource.projectQuery.replacing("userNotesCount", with: "userNoteCount")
        #expect(!validate(schema: schema, ast: try parse(source: unknownField)).isEmpty)
        let uses = try Self.variableUses(try parse(source: wrongType), schema: schema)
        #expect(uses.contains { $0.variable == "state" && !$0.fits })
    }
}
