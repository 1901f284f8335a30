package import RiffleBytes
package import RiffleCore
package import RiffleHTTP

/// SpaceX API v4 launches: `POST {url}/v4/launches/query`, newest first by `date_unix`, offset paging
/// through mongoose-paginate's `page`/`hasNextPage`. The cursor is the next page number.
package struct SpaceXSource: Pageable {
    let settings: SpaceXSettings
    let endpoint: JSONEndpoint

    /// The launch fields read, each read as `launch[first][second]` reads it (`JSONPathPlan.member`),
    /// looked up together in one pass over a launch's members.
    enum LaunchField: Int, JSONPathPlanField {
        case id, dateUnix, dateUTC, name, webcast, article, wikipedia, details, rocket
        case datePrecision, flightNumber, success, upcoming

        /// The fields kept under `extra`, as they are, each under its member's name: in the order the export
        /// writes keys in, which `ItemBuilder.appendExtra` takes them in. The names come from the paths, made
        /// once (a path is an array made per call).
        static let extras: [(key: String, field: LaunchField)] =
            [LaunchField.datePrecision, .flightNumber, .success, .upcoming].map { ($0.path[0], $0) }

        var path: [String] {
            switch self {
            case .id: ["id"]
            case .dateUnix: ["date_unix"]
            case .dateUTC: ["date_utc"]
            case .name: ["name"]
            case .webcast: ["links", "webcast"]
            case .article: ["links", "article"]
            case .wikipedia: ["links", "wikipedia"]
            case .details: ["details"]
            case .rocket: ["rocket", "name"]
            case .datePrecision: ["date_precision"]
            case .flightNumber: ["flight_number"]
            case .success: ["success"]
            case .upcoming: ["upcoming"]
            }
        }
    }

    /// `LaunchField`'s plan, compiled once.
    static let launchPlan = JSONPathPlan(fields: LaunchField.self)

    /// The most launches asked for at once.
    static let maxPageSize = 100

    package init(settings: SpaceXSettings, client: HTTPClient, timeout: Duration, retries: Int) {
        var base = settings.url
        while base.hasSuffix("/") { base.removeLast() }
        self.settings = settings
        self.endpoint = JSONEndpoint(
            client: client, url: base + "/v4/launches/query", timeout: timeout, retries: retries)
    }

    /// The request body for one page.
    func body(page: Int, limit: Int) -> JSONValue {
        var query: [String: JSONValue] = [:]
        switch settings.upcoming {
        case .pastOnly: query["upcoming"] = .bool(false)
        case .upcomingOnly: query["upcoming"] = .bool(true)
        case .all: break
        }
        return .object([
            "query": .object(query),
            "options": .object([
                "page": .int(Int64(page)),
                "limit": .int(Int64(min(max(1, limit), Self.maxPageSize))),
                "sort": .object(["date_unix": .string("desc")]),
                "populate": .array([.object(["path": .string("rocket")])]),
            ]),
        ])
    }

    package func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        let page: Int
        if let cursor {
            guard let number = Int(cursor), number >= 1 else {
                throw SourceError.invalidCursor("not a SpaceX page cursor: \(cursor.prefix(40))")
            }
            page = number
        } else {
            page = 1
        }
        let json = try await endpoint.post(body(page: page, limit: pageSize)).json
        guard let docs = json["docs"]?.elements else {
            let message = json["error"]?.value.scalarText ?? json["message"]?.value.scalarText
            throw SourceError.mapping(
                "SpaceX API sent no launches" + (message.map { ": \($0)" } ?? ""), host: endpoint.host)
        }
        var mapping = ItemMapping()
        var items: [Item] = []
        // Each item's texts go from the page's bytes into its one buffer.
        var builder = ItemBuilder()
        // A launch's fields found in one pass over its members, not one pass per field.
        let plan = Self.launchPlan
        var stops: [JSONPathPlan.Stop] = []
        for (position, launch) in docs.enumerated() {
            plan.locate(in: launch, into: &stops)
            guard let id = ItemMapping.text(plan.member(LaunchField.id, in: launch, stops: stops)) else {
                mapping.skip(position, "no value at id")
                continue
            }
            guard
                let time = plan.member(LaunchField.dateUnix, in: launch, stops: stops)?.timestampValue
                    ?? plan.member(LaunchField.dateUTC, in: launch, stops: stops)?.timestampValue
            else {
                mapping.skip(position, "no time at date_unix")
                continue
            }
            builder.reset()
            guard builder.set(.title, textOf: plan.member(LaunchField.name, in: launch, stops: stops), .scalarText)
            else {
                mapping.skip(position, "no value at name")
                continue
            }
            _ =
                builder.set(.url, textOf: plan.member(LaunchField.webcast, in: launch, stops: stops), .nonEmptyText)
                || builder.set(.url, textOf: plan.member(LaunchField.article, in: launch, stops: stops), .nonEmptyText)
                || builder.set(
                    .url, textOf: plan.member(LaunchField.wikipedia, in: launch, stops: stops), .nonEmptyText)
            builder.set(.summary, textOf: plan.member(LaunchField.details, in: launch, stops: stops), .nonEmptyText)
            for (key, field) in LaunchField.extras {
                builder.appendExtra(key, plan.member(field, in: launch, stops: stops))
            }
            builder.appendTag(textOf: plan.member(LaunchField.rocket, in: launch, stops: stops), .string)
            items.append(try builder.build(id: id, time: time))
        }
        let hasNext = json["hasNextPage"]?.boolValue == true
        let next = json["nextPage"]?.value.scalarText.flatMap { Int($0) } ?? (page + 1)
        return Page(items: items, nextCursor: hasNext ? String(next) : nil, hasMore: hasNext, notes: mapping.notes)
    }
}
