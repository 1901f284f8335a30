/// `POST /v4/launches/query`: the SpaceX API v4 query route, paginated like mongoose-paginate-v2.
///
/// Body `{"query": {…}, "options": {"page", "offset", "limit", "sort", "select", "populate"}}`, both
/// optional. Supported: equality filters on top-level fields (`{"upcoming": false}`), `$gt/$gte/$lt/
/// $lte/$ne/$in` on them, sort objects (`{"date_unix": "desc"}`, `-1`) and strings (`"-date_unix"`),
/// ties broken by id in the sort's direction so pages are stable, `select` (inclusion or exclusion,
/// object or string), and `populate` of `rocket` and `launchpad`. Anything else is 400 with
/// `{"error": …}`.
struct SpaceXEndpoint: Sendable {
    let data: SpaceXData

    /// Largest `limit` honoured (mongoose has none; the sandbox caps it).
    static let maxLimit = 1000

    func handle(_ request: SandboxIncoming) -> SandboxResponse {
        let body: SandboxJSON
        if request.body.isEmpty {
            body = .object([])
        } else {
            guard let parsed = try? SandboxJSON.parse(request.body), parsed.members != nil else {
                return .error(400, "body must be a JSON object like {\"query\":{},\"options\":{}}")
            }
            body = parsed
        }
        do {
            return .json(200, try query(body))
        } catch {
            return .error(400, error.message)
        }
    }

    private func query(_ body: SandboxJSON) throws(SpaceXQueryError) -> SandboxJSON {
        let filter = body["query"] ?? .object([])
        let options = body["options"] ?? .object([])
        guard let filterMembers = filter.members else { throw SpaceXQueryError("query must be an object") }
        guard options.members != nil else { throw SpaceXQueryError("options must be an object") }

        var docs: [SandboxJSON] = []
        for launch in data.launches where try Self.matches(launch, filterMembers) {
            docs.append(launch)
        }
        if let sort = options["sort"], !sort.isNull {
            let keys = try Self.sortKeys(sort)
            let descending = keys.first?.descending ?? false
            docs = docs.sorted { a, b in
                for key in keys {
                    let order = Self.compare(a[key.field] ?? .null, b[key.field] ?? .null)
                    if order != 0 { return key.descending ? order > 0 : order < 0 }
                }
                let tie = Self.compare(a["id"] ?? .null, b["id"] ?? .null)
                return descending ? tie > 0 : tie < 0
            }
        }

        // mongoose-paginate-v2: limit defaults to 10; 0 or less means "count only".
        var limit = 10
        if let value = options["limit"], !value.isNull {
            guard let number = value.intValue else { throw SpaceXQueryError("options.limit must be an integer") }
            limit = min(max(number, 0), Self.maxLimit)
        }
        var page = 1
        var offset: Int?
        if let value = options["offset"], !value.isNull {
            guard let number = value.intValue, number >= 0 else {
                throw SpaceXQueryError("options.offset must be a non-negative integer")
            }
            offset = number
        } else if let value = options["page"], !value.isNull {
            guard let number = value.intValue else { throw SpaceXQueryError("options.page must be an integer") }
            page = max(1, number)
        } else {
            offset = 0
        }
        let skip = offset ?? (page - 1) * limit
        if let offset, limit > 0 { page = offset / limit + 1 }

        let total = docs.count
        var pageDocs = limit > 0 && skip < total ? Array(docs[skip..<min(total, skip + limit)]) : []
        if let populate = options["populate"], !populate.isNull {
            let paths = try Self.populatePaths(populate)
            pageDocs = pageDocs.map { populateDocument($0, paths: paths) }
        }
        if let select = options["select"], !select.isNull {
            let projection = try Self.projection(select)
            pageDocs = pageDocs.map { projection.apply($0) }
        }

        var totalPages = limit > 0 ? max(1, (total + limit - 1) / limit) : 1
        var hasPrevPage = page > 1 || (offset ?? 0) > 0
        var hasNextPage = limit > 0 && page < totalPages
        var pagingCounter = (page - 1) * limit + 1
        if limit == 0 {
            totalPages = 1
            page = 1
            pagingCounter = 1
            hasPrevPage = false
            hasNextPage = false
        }
        var members: [(key: String, value: SandboxJSON)] = [
            (key: "docs", value: .array(pageDocs)),
            (key: "totalDocs", value: .int(total)),
        ]
        if let offset { members.append((key: "offset", value: .int(offset))) }
        members += [
            (key: "limit", value: .int(limit)),
            (key: "totalPages", value: .int(totalPages)),
            (key: "page", value: .int(page)),
            (key: "pagingCounter", value: .int(pagingCounter)),
            (key: "hasPrevPage", value: .bool(hasPrevPage)),
            (key: "hasNextPage", value: .bool(hasNextPage)),
            (key: "prevPage", value: hasPrevPage ? .int(max(1, page - 1)) : .null),
            (key: "nextPage", value: hasNextPage ? .int(page + 1) : .null),
        ]
        return .object(members)
    }

    private func populateDocument(_ launch: SandboxJSON, paths: Set<String>) -> SandboxJSON {
        guard var members = launch.members else { return launch }
        for index in members.indices {
            let key = members[index].key
            guard paths.contains(key), let id = members[index].value.stringValue else { continue }
            let lookup = key == "rocket" ? data.rockets : data.launchpads
            members[index].value = lookup[id] ?? .null
        }
        return .object(members)
    }
}

/// A query the SpaceX endpoint refuses; the message goes into the 400 body.
struct SpaceXQueryError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
