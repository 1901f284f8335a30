/// Sources over riffle-sandbox, as configuration YAML: one of each pagination style the sandbox serves.
/// The end-to-end tests and the benchmarks configure the sandbox from here, so each source is written once.
/// Repeated under distinct names, copies are not deduplicated (items are unique per source name and id).
package enum SandboxSourceKind: String, CaseIterable, Sendable {
    case gitlabRocket = "gitlab sandbox/rocket"
    case gitlabGround = "gitlab sandbox/ground"
    case spacex = "spacex launches"
    case articles = "graphql articles (cursor)"
    case acmeRocket = "graphql acme/rocket issues (edges)"
    case events = "graphql events (offset)"
    case acmeGround = "graphql acme/ground issues (edges)"

    /// The six of the limit benchmark, in the order the baseline script fetches them.
    package static let limitSet: [SandboxSourceKind] = [
        .gitlabRocket, .gitlabGround, .spacex, .articles, .acmeRocket, .events,
    ]

    package var shortName: String {
        switch self {
        case .gitlabRocket: "rocket"
        case .gitlabGround: "ground"
        case .spacex: "launches"
        case .articles: "articles"
        case .acmeRocket: "acme"
        case .events: "events"
        case .acmeGround: "acme-ground"
        }
    }

    /// The YAML of one source named `name`, indented as an element of `sources:`. `token` goes to the
    /// GitLab sources (without one the sandbox hides confidential issues and private projects).
    package func yaml(name: String, sandbox url: String, token: String? = nil) -> String {
        switch self {
        case .gitlabRocket, .gitlabGround:
            return """
                  - name: \(name)
                    type: gitlab
                    url: \(url)
                    project: \(self == .gitlabRocket ? "sandbox/rocket" : "sandbox/ground")
                    state: all
                """ + (token.map { "\n    token: \($0)\n" } ?? "\n")
        case .spacex:
            return """
                  - name: \(name)
                    type: spacex
                    url: \(url)
                    upcoming: all

                """
        case .articles:
            return """
                  - name: \(name)
                    type: graphql
                    endpoint: \(url)/graphql
                    query: |
                      query($first: Int!, $after: String) {
                        articles(first: $first, after: $after) { nodes { id headline publishedAt byline url } pageInfo { endCursor hasNextPage } }
                      }
                    items: data.articles.nodes
                    cursor: data.articles.pageInfo.endCursor
                    has_more: data.articles.pageInfo.hasNextPage
                    fields: {id: id, time: publishedAt, title: headline, url: url, author: byline}

                """
        case .acmeRocket, .acmeGround:
            return Self.issuesYAML(
                name: name, repository: self == .acmeRocket ? "rocket" : "ground", sandbox: url, withBody: true)
        case .events:
            return """
                  - name: \(name)
                    type: graphql
                    endpoint: \(url)/graphql
                    query: |
                      query($limit: Int!, $offset: Int!) { events(offset: $offset, limit: $limit) { id name at } }
                    items: data.events
                    page_size_variable: limit
                    offset_variable: offset
                    fields: {id: id, time: at, title: name}

                """
        }
    }

    /// A graphql source over the sandbox's GitHub-shaped issues of `acme/REPOSITORY`, named `name`; without
    /// `withBody` it asks for no body text (and maps no summary).
    package static func issuesYAML(name: String, repository: String, sandbox url: String, withBody: Bool) -> String {
        """
          - name: \(name)
            type: graphql
            endpoint: \(url)/graphql
            query: |
              query($first: Int!, $after: String) {
                repository(owner: "acme", name: "\(repository)") {
                  issues(first: $first, after: $after, orderBy: {field: UPDATED_AT, direction: DESC}) {
                    edges { node { id title url updatedAt\(withBody ? " bodyText" : "") author { login } labels(first: 10) { nodes { name } } } }
                    pageInfo { endCursor hasNextPage }
                  }
                }
              }
            items: data.repository.issues.edges
            cursor: data.repository.issues.pageInfo.endCursor
            has_more: data.repository.issues.pageInfo.hasNextPage
            fields:
              id: node.id
              time: node.updatedAt
              title: node.title
              url: node.url
              author: node.author.login
        \(withBody ? "      summary: node.bodyText\n" : "")      tags: node.labels.nodes.name

        """
    }

    /// A whole config: `sources` as (kind, name) pairs, every source asking for `pageSize` items.
    package static func config(
        _ sources: [(kind: SandboxSourceKind, name: String)], pageSize: Int, sandbox url: String,
        token: String? = nil, timeout: String = "60s", retries: Int = 0
    ) -> String {
        var text = """
            defaults:
              page_size: \(pageSize)
              timeout: \(timeout)
              retries: \(retries)
            sources:

            """
        for source in sources { text += source.kind.yaml(name: source.name, sandbox: url, token: token) }
        return text
    }

    /// `count` sources cycling through every kind, named `rocket-1`, `ground-1`, ….
    package static func scaleSet(_ count: Int) -> [(kind: SandboxSourceKind, name: String)] {
        (0..<count).map { index in
            let kind = allCases[index % allCases.count]
            return (kind, "\(kind.shortName)-\(index / allCases.count + 1)")
        }
    }
}
