import GraphQL

/// Query texts already parsed and validated against one schema, with their documents — what GraphQL
/// servers keep (Apollo Server's and GraphQL Yoga's document caches) so that a client that sends the same
/// query for every page pays parsing and validation once. Valid documents only: a text that fails is
/// parsed and reported again each time, as a server that caches only what it will execute does.
final class ValidatedDocuments: Sendable {
    /// What a query text gave.
    enum Lookup: Sendable {
        case document(Document)
        case errors([GraphQLError])
    }

    /// Texts kept at most; past that the cache starts again empty (every input has a limit).
    static let capacity = 256

    private let documents = BoundedMemo<String, Document>(capacity: ValidatedDocuments.capacity)

    /// The document of `query`, valid against `schema`, or the errors that parsing or validating it gave.
    func lookUp(_ query: String, schema: GraphQLSchema) -> Lookup {
        if let known = documents.value(for: query) { return .document(known) }
        let document: Document
        do {
            document = try parse(source: Source(body: query, name: "GraphQL request"))
        } catch let error as GraphQLError {
            return .errors([error])
        } catch {
            return .errors([GraphQLError(message: "\(error)")])
        }
        let problems = validate(schema: schema, ast: document)
        guard problems.isEmpty else { return .errors(problems) }
        documents.keep(document, for: query)
        return .document(document)
    }
}
