/// The GitLab GraphQL schema the sandbox serves: a subset of GitLab's real schema (16.3), with the
/// same type, field, argument and enum names and types, cut down to what listing issues and merge
/// requests needs. Arguments the sandbox cannot honour (`before`, `last`, epics, iterations...) are
/// left out, so using them is a validation error rather than silently ignored.
enum GitLabSchema {
    static let sdl = """
        "Time represented in ISO 8601. For example: \\"2021-03-09T14:58:50+00:00\\"."
        scalar Time

        type Query {
          "Find a project. Null when it does not exist or is not visible to the current user."
          project(fullPath: ID!): Project
          "Find a group."
          group(fullPath: ID!): Group
          "The user the token belongs to; null without a token."
          currentUser: UserCore
        }

        type Project {
          id: ID!
          fullPath: ID!
          name: String!
          nameWithNamespace: String!
          path: String!
          webUrl: String
          description: String
          visibility: String
          openIssuesCount: Int
          issues(
            after: String
            first: Int
            sort: IssueSort = created_desc
            state: IssuableState
            updatedAfter: Time
            updatedBefore: Time
            createdAfter: Time
            createdBefore: Time
            search: String
            labelName: [String]
            authorUsername: String
            iid: String
            iids: [String!]
            confidential: Boolean
          ): IssueConnection
          mergeRequests(
            after: String
            first: Int
            sort: MergeRequestSort = created_desc
            state: MergeRequestState
            updatedAfter: Time
            updatedBefore: Time
            createdAfter: Time
            createdBefore: Time
            labels: [String!]
            authorUsername: String
            iids: [String!]
            draft: Boolean
          ): MergeRequestConnection
        }

        type Group {
          id: ID!
          fullPath: ID!
          name: String!
          path: String!
          webUrl: String!
          description: String
          visibility: String
          issues(
            after: String
            first: Int
            includeArchived: Boolean = false
            includeSubgroups: Boolean = false
            sort: IssueSort = created_desc
            state: IssuableState
            updatedAfter: Time
            updatedBefore: Time
            createdAfter: Time
            createdBefore: Time
            search: String
            labelName: [String]
            authorUsername: String
            iid: String
            iids: [String!]
            confidential: Boolean
          ): IssueConnection
        }

        type IssueConnection {
          count: Int!
          edges: [IssueEdge]
          nodes: [Issue]
          pageInfo: PageInfo!
        }

        type IssueEdge {
          cursor: String!
          node: Issue
        }

        type Issue {
          id: ID!
          iid: ID!
          title: String!
          description: String
          state: IssueState!
          type: IssueType
          confidential: Boolean!
          createdAt: Time!
          updatedAt: Time!
          closedAt: Time
          webUrl: String!
          webPath: String!
          reference(full: Boolean = false): String!
          author: UserCore!
          labels(after: String, first: Int): LabelConnection
          milestone: Milestone
          userNotesCount: Int!
          upvotes: Int!
          downvotes: Int!
          projectId: Int!
        }

        enum IssueState {
          all
          closed
          locked
          opened
        }

        enum IssueType {
          INCIDENT
          ISSUE
          REQUIREMENT
          TEST_CASE
        }

        type MergeRequestConnection {
          count: Int!
          edges: [MergeRequestEdge]
          nodes: [MergeRequest]
          pageInfo: PageInfo!
        }

        type MergeRequestEdge {
          cursor: String!
          node: MergeRequest
        }

        type MergeRequest {
          id: ID!
          iid: String!
          title: String!
          description: String
          state: MergeRequestState!
          draft: Boolean!
          createdAt: Time!
          updatedAt: Time!
          mergedAt: Time
          webUrl: String
          sourceBranch: String!
          targetBranch: String!
          author: MergeRequestAuthor
          labels(after: String, first: Int): LabelConnection
          userNotesCount: Int
        }

        type MergeRequestAuthor {
          id: ID!
          username: String!
          name: String!
          webUrl: String!
          state: UserState!
          bot: Boolean!
        }

        type UserCore {
          id: ID!
          username: String!
          name: String!
          avatarUrl: String
          webUrl: String!
          webPath: String!
          state: UserState!
          publicEmail: String
          bot: Boolean!
        }

        enum UserState {
          active
          blocked
          deactivated
        }

        type PageInfo {
          endCursor: String
          hasNextPage: Boolean!
          hasPreviousPage: Boolean!
          startCursor: String
        }

        type LabelConnection {
          count: Int!
          edges: [LabelEdge]
          nodes: [Label]
          pageInfo: PageInfo!
        }

        type LabelEdge {
          cursor: String!
          node: Label
        }

        type Label {
          id: ID!
          title: String!
          color: String!
          textColor: String!
          description: String
          createdAt: Time!
          updatedAt: Time!
        }

        type Milestone {
          id: ID!
          iid: ID!
          title: String!
          description: String
          state: MilestoneStateEnum!
          expired: Boolean!
          webPath: String!
          createdAt: Time!
          updatedAt: Time!
        }

        enum MilestoneStateEnum {
          active
          closed
        }

        enum IssuableState {
          all
          closed
          locked
          opened
        }

        enum MergeRequestState {
          all
          closed
          locked
          merged
          opened
        }

        enum IssueSort {
          BLOCKING_ISSUES_ASC
          BLOCKING_ISSUES_DESC
          CLOSED_AT_ASC
          CLOSED_AT_DESC
          CREATED_ASC
          CREATED_DESC
          DUE_DATE_ASC
          DUE_DATE_DESC
          ESCALATION_STATUS_ASC
          ESCALATION_STATUS_DESC
          HEALTH_STATUS_ASC
          HEALTH_STATUS_DESC
          LABEL_PRIORITY_ASC
          LABEL_PRIORITY_DESC
          MILESTONE_DUE_ASC
          MILESTONE_DUE_DESC
          POPULARITY_ASC
          POPULARITY_DESC
          PRIORITY_ASC
          PRIORITY_DESC
          PUBLISHED_ASC
          PUBLISHED_DESC
          RELATIVE_POSITION_ASC
          SEVERITY_ASC
          SEVERITY_DESC
          SLA_DUE_AT_ASC
          SLA_DUE_AT_DESC
          TITLE_ASC
          TITLE_DESC
          UPDATED_ASC
          UPDATED_DESC
          WEIGHT_ASC
          WEIGHT_DESC
          created_asc @deprecated(reason: "This was renamed. Please use `CREATED_ASC`. Deprecated in 13.5.")
          created_desc @deprecated(reason: "This was renamed. Please use `CREATED_DESC`. Deprecated in 13.5.")
          updated_asc @deprecated(reason: "This was renamed. Please use `UPDATED_ASC`. Deprecated in 13.5.")
          updated_desc @deprecated(reason: "This was renamed. Please use `UPDATED_DESC`. Deprecated in 13.5.")
        }

        enum MergeRequestSort {
          CLOSED_AT_ASC
          CLOSED_AT_DESC
          CREATED_ASC
          CREATED_DESC
          LABEL_PRIORITY_ASC
          LABEL_PRIORITY_DESC
          MERGED_AT_ASC
          MERGED_AT_DESC
          MILESTONE_DUE_ASC
          MILESTONE_DUE_DESC
          PRIORITY_ASC
          PRIORITY_DESC
          TITLE_ASC
          TITLE_DESC
          UPDATED_ASC
          UPDATED_DESC
          created_asc @deprecated(reason: "This was renamed. Please use `CREATED_ASC`. Deprecated in 13.5.")
          created_desc @deprecated(reason: "This was renamed. Please use `CREATED_DESC`. Deprecated in 13.5.")
          updated_asc @deprecated(reason: "This was renamed. Please use `UPDATED_ASC`. Deprecated in 13.5.")
          updated_desc @deprecated(reason: "This was renamed. Please use `UPDATED_DESC`. Deprecated in 13.5.")
        }
        """
}
