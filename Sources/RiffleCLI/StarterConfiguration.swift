/// The commented configuration `riffle init` writes: two public sources that need no token (so the first
/// `riffle` shows something), the generic GraphQL adapter commented out (it needs a token), and a pointer
/// to every other key. `riffle check` accepts it as written; the end-to-end tests hold it to that.
enum StarterConfiguration {
    static let text = """
        # riffle's configuration, written by `riffle init`. Check it with `riffle check`; read with `riffle`.
        #
        # Every key is documented in riffle's README (Configuration) and in the example config.yaml installed
        # under share/riffle/. Unknown keys are errors, with a did-you-mean. Any string may take values from
        # the environment: ${VAR}, ${VAR:-default}; $$ is a literal $. Keep tokens there, not in this file.

        reader:
          lines: auto              # lines per page: auto (the terminal's height) or 1 to 1000
          prefetch: 2              # pages fetched ahead of the screen: 0 to 20
          links: true              # titles link to their URLs (OSC 8) when colour is on

        defaults:                  # for every source that does not set its own
          page_size: 50            # items per request, 1 to 1000
          timeout: 20s             # per request: 500ms, 20s, 2m (up to 1h)
          retries: 3               # retries after a failed request, 0 to 10

        sources:
          # The issues of GitLab's own project on gitlab.com; public, so no token is needed.
          - name: gitlab
            type: gitlab
            url: https://gitlab.com
            project: gitlab-org/gitlab     # or group: NAME for every issue of a group
            state: opened                  # opened | closed | all
            # token: ${GITLAB_TOKEN}       # for private projects: a token with read_api

          # Past launches from the public SpaceX API.
          - name: launches
            type: spacex
            url: https://api.spacexdata.com
            upcoming: false                # false | true | all

          # Any GraphQL API, through the generic adapter: say where the items, the cursor and each field
          # are. This one reads GitHub issues; it needs a token, so it is commented out.
          # - name: swift
          #   type: graphql
          #   endpoint: https://api.github.com/graphql
          #   headers:
          #     Authorization: Bearer ${GITHUB_TOKEN}
          #   query: |
          #     query($first: Int!, $after: String) {
          #       repository(owner: "apple", name: "swift") {
          #         issues(first: $first, after: $after, orderBy: {field: UPDATED_AT, direction: DESC}) {
          #           nodes { id title url updatedAt author { login } }
          #           pageInfo { endCursor hasNextPage }
          #         }
          #       }
          #     }
          #   items: data.repository.issues.nodes
          #   cursor: data.repository.issues.pageInfo.endCursor
          #   has_more: data.repository.issues.pageInfo.hasNextPage
          #   fields: {id: id, time: updatedAt, title: title, url: url, author: author.login}

        """
}
