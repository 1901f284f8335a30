/// The generic GraphQL API's schema: four pagination styles for riffle's generic adapter.
///
/// - `repository.issues`: Relay edges with cursors, GitHub-shaped (GitHub's names and types).
/// - `articles`: a `nodes` connection with `pageInfo`.
/// - `launches`: the Apollo fullstack tutorial's `cursor`/`hasMore` shape, plus `launchDateUnix`.
/// - `events`: a plain list paged by `offset` and `limit`.
enum GenericSchema {
    static let sdl = """
        "An ISO-8601 encoded UTC date string."
        scalar DateTime
        "An RFC 3986, RFC 3987, and RFC 6570 (level 4) compliant URI string."
        scalar URI

        type Query {
          "Lookup a given repository by the owner and repository name."
          repository(owner: String!, name: String!): Repository
          "News articles, newest first."
          articles(first: Int!, after: String): ArticleConnection!
          "Past launches, newest first (the Apollo tutorial's query)."
          launches(pageSize: Int, after: String): LaunchConnection!
          launch(id: ID!): Launch
          "Timeline events, newest first, paged by offset."
          events(offset: Int!, limit: Int!): [Event!]!
        }

        type Repository {
          id: ID!
          name: String!
          nameWithOwner: String!
          url: URI!
          owner: RepositoryOwner!
          issues(first: Int, after: String, orderBy: IssueOrder, states: [IssueState!]): IssueConnection!
        }

        type RepositoryOwner {
          login: String!
          url: URI!
        }

        input IssueOrder {
          field: IssueOrderField!
          direction: OrderDirection!
        }

        enum IssueOrderField {
          CREATED_AT
          UPDATED_AT
          COMMENTS
        }

        enum OrderDirection {
          ASC
          DESC
        }

        enum IssueState {
          OPEN
          CLOSED
        }

        type IssueConnection {
          edges: [IssueEdge]
          nodes: [Issue]
          pageInfo: PageInfo!
          totalCount: Int!
        }

        type IssueEdge {
          cursor: String!
          node: Issue
        }

        type Issue {
          id: ID!
          number: Int!
          title: String!
          url: URI!
          state: IssueState!
          createdAt: DateTime!
          updatedAt: DateTime!
          bodyText: String!
          author: User
          labels(first: Int, after: String): LabelConnection
          comments: IssueCommentConnection!
        }

        type User {
          login: String!
          url: URI!
        }

        type LabelConnection {
          nodes: [Label]
          totalCount: Int!
        }

        type Label {
          name: String!
          color: String!
        }

        type IssueCommentConnection {
          totalCount: Int!
        }

        type PageInfo {
          endCursor: String
          hasNextPage: Boolean!
          hasPreviousPage: Boolean!
          startCursor: String
        }

        type ArticleConnection {
          nodes: [Article!]!
          pageInfo: PageInfo!
          totalCount: Int!
        }

        type Article {
          id: ID!
          headline: String!
          publishedAt: String!
          byline: String
          url: String!
        }

        type LaunchConnection {
          cursor: String!
          hasMore: Boolean!
          launches: [Launch]!
        }

        type Launch {
          id: ID!
          site: String
          mission: Mission
          rocket: Rocket
          isBooked: Boolean!
          "Not in the real tutorial: the launch's Unix time, which its cursor is."
          launchDateUnix: Int
        }

        type Rocket {
          id: ID!
          name: String
          type: String
        }

        type Mission {
          name: String
          missionPatch(size: PatchSize): String
        }

        enum PatchSize {
          SMALL
          LARGE
        }

        type Event {
          id: ID!
          name: String!
          at: String!
        }
        """
}
