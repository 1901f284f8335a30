import FoundationEssentials
import GraphQL
import RiffleBytes
import RiffleCore

/// One executable GraphQL schema: SDL text plus resolvers for the fields that need code.
///
/// The schema is built from SDL with GraphQLSwift's `buildSchema`, so requests are really parsed,
/// validated against the schema and executed; fields without a resolver read the key of the same name
/// from the parent value (a `[String: any Sendable]`).
struct GraphQLService: Sendable {
    /// Resolvers by type name, then field name.
    typealias Resolvers = [String: [String: GraphQLFieldResolve]]

    /// Longest query accepted (GitLab's limit).
    static let maxQueryLength = 10_000

    let schema: GraphQLSchema
    /// Query texts parsed and validated once (see `ValidatedDocuments`).
    let documents = ValidatedDocuments()

    init(sdl: String, resolvers: Resolvers) throws {
        let schema = try buildSchema(source: sdl)
        for (typeName, fieldResolvers) in resolvers {
            guard let type = schema.getType(name: typeName) as? GraphQLObjectType else {
                throw GraphQLError(message: "sandbox schema has no object type \(typeName)")
            }
            // The schema is mutated during setup only, as GraphQLSwift allows: the field map is
            // fixed once, resolvers attached, and the type made to return that same map.
            let fields = try type.fields()
            for (fieldName, resolve) in fieldResolvers {
                guard let field = fields[fieldName] else {
                    throw GraphQLError(message: "sandbox schema has no field \(typeName).\(fieldName)")
                }
                field.resolve = resolve
            }
            type.fields = { fields }
        }
        let problems = validateSchema(schema: schema)
        if let problem = problems.first { throw problem }
        self.schema = schema
    }

    /// Executes one request: parsed and validated as `graphql(…)` does, once per query text, then executed.
    /// Syntax errors come back as a result with errors, like any GraphQL server.
    func execute(_ request: GraphQLRequest, context: any Sendable) async -> GraphQLResult {
        do {
            switch documents.lookUp(request.query, schema: schema) {
            case .errors(let errors): return GraphQLResult(errors: errors)
            case .document(let document):
                return try await GraphQL.execute(
                    schema: schema, documentAST: document, rootValue: (), context: context,
                    variableValues: request.variables, operationName: request.operationName)
            }
        } catch let error as GraphQLError {
            return GraphQLResult(errors: [error])
        } catch {
            return GraphQLResult(errors: [GraphQLError(message: "\(error)")])
        }
    }

    /// The JSON body of a result with extra top-level members appended (e.g. GitLab's
    /// `correlationId`), keeping the result's own member order.
    static func encode(_ result: GraphQLResult, extra: [(key: String, value: SandboxJSON)] = []) -> Data {
        let encoder = GraphQLJSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        var body = (try? encoder.encode(result)) ?? Data(#"{"errors":[{"message":"internal error"}]}"#.utf8)
        guard !extra.isEmpty, body.last == UInt8(ascii: "}") else { return body }
        body.removeLast()
        var tail: [UInt8] = []
        for member in extra {
            if body.count > 1 || !tail.isEmpty { tail.append(UInt8(ascii: ",")) }
            JSONValue.writeString(member.key, to: &tail)
            tail.append(UInt8(ascii: ":"))
            member.value.write(to: &tail)
        }
        body.append(contentsOf: tail)
        body.append(UInt8(ascii: "}"))
        return body
    }

    /// Decodes a GraphQL POST body: `{"query", "variables", "operationName"}`.
    static func decodeRequest(_ body: Data) -> GraphQLRequest? {
        // Foundation's decoder, not `JSONValue`: GraphQLSwift's request and its `Map` variables are `Decodable`.
        return try? JSONDecoder().decode(GraphQLRequest.self, from: body)
    }
}

/// Reading resolver arguments out of GraphQLSwift's `Map`.
extension Map {
    /// The member `name` of an object, unless absent or null.
    func member(_ name: String) -> Map? {
        guard case .dictionary(let members) = self, let value = members[name] else { return nil }
        switch value {
        case .undefined, .null: return nil
        default: return value
        }
    }

    /// The string argument `name`, if given and not null.
    func string(_ name: String) -> String? {
        member(name).flatMap { try? $0.stringValue(converting: true) }
    }

    /// The integer argument `name`, if given and not null.
    func int(_ name: String) -> Int? {
        member(name).flatMap { try? $0.intValue(converting: true) }
    }

    /// The list-of-strings argument `name`, if given and not null.
    func strings(_ name: String) -> [String]? {
        guard let array = member(name).flatMap({ try? $0.arrayValue() }) else { return nil }
        return array.compactMap { try? $0.stringValue(converting: true) }
    }
}
