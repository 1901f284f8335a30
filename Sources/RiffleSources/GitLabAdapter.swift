import RiffleConfig
import RiffleCore
import RiffleHTTP

/// `type: gitlab`: the issues of a GitLab project or group (`GitLabSource`).
enum GitLabAdapter: BuiltInAdapter {
    static let type = "gitlab"
    static let keys = ["url", "project", "group", "state", "token"]
    static let description = "Issues of a GitLab project or group, most recently updated first"
    static let params: [String: PluginParam] = [
        "url": PluginParam(defaultValue: GitLabSettings.defaultURL, description: "instance base URL"),
        "project": PluginParam(description: "full path of a project (or give group)"),
        "group": PluginParam(description: "full path of a group (or give project)"),
        "state": PluginParam(defaultValue: "opened", description: "opened | closed | all"),
        "token": PluginParam(description: "optional; sent as Authorization: Bearer"),
    ]

    static func decode(_ keys: SourceKeys) -> GitLabSettings? {
        let url = keys.baseURL("url") ?? GitLabSettings.defaultURL
        let project = keys.string("project")
        let group = keys.string("group")
        let state = keys.choice("state", as: GitLabSettings.State.self) ?? .opened
        let token = keys.credential("token")
        let scope: GitLabSettings.Scope
        switch keys.exactlyOne(
            of: ["project", "group"], none: "needs a project (e.g. gitlab-org/gitlab) or a group",
            several: "give project or group, not both")
        {
        case "project":
            guard let project else { return nil }
            scope = .project(project)
        case "group":
            guard let group else { return nil }
            scope = .group(group)
        default:
            return nil
        }
        return GitLabSettings(url: url, scope: scope, state: state, token: token)
    }

    static func host(of settings: GitLabSettings) -> String {
        HTTPURL.authority(of: settings.url)
    }

    static func secrets(of settings: GitLabSettings) -> [String] {
        settings.token.map { [$0] } ?? []
    }

    static func make(_ settings: GitLabSettings, for source: SourceSettings, context: AdapterContext) -> any Pageable {
        GitLabSource(
            settings: settings, client: context.client, timeout: source.timeout, retries: source.retries,
            since: context.since)
    }
}
