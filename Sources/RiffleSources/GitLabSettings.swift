package import RiffleConfig

/// A `type: gitlab` source: the issues of one project or one group on a GitLab instance.
package struct GitLabSettings: AdapterSettings {
    /// The instance base URL without a trailing slash; the API is `{url}/api/graphql`.
    var url: String
    package var scope: Scope
    var state: State
    /// Sent as `Authorization: Bearer`; `nil` for anonymous access.
    package var token: String?

    /// Whose issues: exactly one of `project:` and `group:`.
    package enum Scope: Sendable, Hashable {
        /// A project's full path, e.g. `gitlab-org/gitlab`.
        case project(String)
        /// A group's full path.
        case group(String)
    }

    /// Which issues, by state.
    package enum State: String, Sendable, Hashable, CaseIterable {
        case opened, closed, all
    }

    package static let defaultURL = "https://gitlab.com"

    package init(url: String = GitLabSettings.defaultURL, scope: Scope, state: State = .opened, token: String? = nil) {
        self.url = url
        self.scope = scope
        self.state = state
        self.token = token
    }
}

extension GitLabSettings {
    /// The instance, the project or group, and the state; not the token.
    package var pageIdentity: PageIdentity {
        var identity = PageIdentity()
        identity["url"] = url
        switch scope {
        case .project(let path): identity["project"] = path
        case .group(let path): identity["group"] = path
        }
        identity["state"] = state.rawValue
        return identity
    }
}
