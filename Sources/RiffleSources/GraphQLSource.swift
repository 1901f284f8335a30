package import RiffleBytes
package import RiffleConfig
package import RiffleCore
package import RiffleHTTP

/// The generic adapter (contract section 2): any GraphQL API, described by dotted paths. Cursor
/// paging puts the cursor in `cursor_variable`; offset paging keeps the offset in riffle's cursor and
/// sends it in `offset_variable`. Without `has_more`, a cursor source goes on while it gets a cursor and
/// items, and an offset source stops at a page shorter than the page size.
package struct GraphQLSource: Pageable {
    let settings: GraphQLSettings
    let endpoint: GraphQLEndpoint
    /// The item fields' paths compiled once, looked up together per item: id, time, title, url, author,
    /// summary, tags (an absent field's path is empty and never read).
    let fieldPlan: JSONPathPlan

    /// The largest page asked for: the adapter does not know the API's own maximum.
    static let maxPageSize = 1000

    package init(settings: GraphQLSettings, client: HTTPClient, timeout: Duration, retries: Int) {
        var headers = HTTPHeaders()
        for header in settings.headers { headers.add(name: header.name, value: header.value) }
        self.settings = settings
        let fields = settings.fields
        self.fieldPlan = JSONPathPlan(
            [fields.id, fields.time, fields.title, fields.url, fields.author, fields.summary, fields.tags].map {
                $0?.segments ?? []
            })
        self.endpoint = GraphQLEndpoint(
            client: client, url: settings.endpoint, headers: headers, timeout: timeout, retries: retries)
    }

    /// The variables for one page.
    func variables(after cursor: String?, pageSize: Int) throws -> [String: JSONValue] {
        var variables = settings.variables
        variables[settings.pageSizeVariable] = .int(Int64(min(max(1, pageSize), Self.maxPageSize)))
        if let offsetVariable = settings.offsetVariable {
            let offset = try cursor.map { text -> Int64 in
                guard let value = Int64(text), value >= 0 else {
                    throw SourceError.invalidCursor("not an offset cursor: \(text.prefix(40))")
                }
                return value
            }
            variables[offsetVariable] = .int(offset ?? 0)
        } else if let cursor {
            variables[settings.cursorVariable] = .string(cursor)
        }
        return variables
    }

    package func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        let response = try await endpoint.send(
            query: settings.query, variables: try variables(after: cursor, pageSize: pageSize), operationName: nil)
        guard let data = response.data else { throw response.missingData(service: nil, host: endpoint.host) }
        let selection = Self.select(settings.items, data: data)
        let list: [JSONNode]
        if let elements = selection?.list {
            list = elements
        } else if case .node(let node)? = selection, !node.isNull {
            throw SourceError.mapping("\(settings.items) is not a list", host: endpoint.host)
        } else {
            let reason = "no list at \(settings.items)"
            if response.errors.isEmpty { throw SourceError.mapping(reason, host: endpoint.host) }
            throw SourceError.graphQLFieldError(
                service: nil, host: endpoint.host, missing: reason, messages: response.errors)
        }
        var mapping = ItemMapping()
        var items: [Item] = []
        items.reserveCapacity(list.count)
        let fields = settings.fields
        // Each item's texts go from the page's bytes into its one buffer.
        var builder = ItemBuilder()
        let plan = fieldPlan
        var stops: [JSONPathPlan.Stop] = []
        for (position, element) in list.enumerated() {
            // All the fields' members found in one pass over each object on the way.
            plan.locate(in: element, into: &stops)
            guard let id = ItemMapping.text(plan.scalarText(0, in: element, stops: stops)) else {
                mapping.skip(position, "no value at \(fields.id)")
                continue
            }
            guard let time = plan.timestampValue(1, in: element, stops: stops) else {
                let given = plan.scalarText(1, in: element, stops: stops)
                mapping.skip(
                    position,
                    given.map { UnreadableTime.reason($0, at: "\(fields.time)") } ?? "no time at \(fields.time)")
                continue
            }
            builder.reset()
            guard builder.set(.title, at: 2, of: plan, in: element, stops: stops, .scalarText) else {
                mapping.skip(position, "no value at \(fields.title)")
                continue
            }
            if fields.url != nil { builder.set(.url, at: 3, of: plan, in: element, stops: stops, .nonEmptyText) }
            if fields.author != nil {
                builder.set(.author, at: 4, of: plan, in: element, stops: stops, .nonEmptyText)
            }
            if fields.summary != nil {
                builder.set(.summary, at: 5, of: plan, in: element, stops: stops, .nonEmptyText)
            }
            if fields.tags != nil { builder.appendTags(6, of: plan, in: element, stops: stops) }
            items.append(try builder.build(id: id, time: time))
        }
        mapping.notes.warnings = response.errors
        mapping.notes.unmatchedPaths = unmatchedFields(in: list, kept: items)
        let hasMoreFlag = try hasMore(in: data, notes: &mapping.notes)
        if settings.offsetVariable != nil {
            let offset = cursor.flatMap { Int($0) } ?? 0
            let hasMore = hasMoreFlag ?? (list.count >= min(max(1, pageSize), Self.maxPageSize))
            return Page(
                items: items, nextCursor: String(offset + list.count), hasMore: hasMore && !list.isEmpty,
                notes: mapping.notes)
        }
        let cursorValue = settings.cursor.flatMap { Self.select($0, data: data)?.value }
        let next = cursorValue?.scalarText
        let hasMore = hasMoreFlag ?? (next != nil && !list.isEmpty)
        mapping.notes.missingCursor = missingCursor(
            next: next, found: cursorValue != nil, hasMore: hasMoreFlag, listed: list.count, pageSize: pageSize)
        return Page(items: items, nextCursor: next, hasMore: hasMore, notes: mapping.notes)
    }

    /// Why this page gives no way to the next one although it should, or `nil`: `has_more` said more but
    /// the cursor path holds nothing, or — without a `has_more` answer — the cursor path is not there at all (not
    /// even `null`) after a full page, which is what a mistyped path looks like. Either way paging stops
    /// here, and the user is told instead of getting 50 of 400 items without a word.
    func missingCursor(next: String?, found: Bool, hasMore: Bool?, listed: Int, pageSize: Int) -> String? {
        guard let path = settings.cursor, next == nil, listed > 0 else { return nil }
        if hasMore == true { return "has_more was true but \(path) is missing" }
        if hasMore == nil, !found, listed >= min(max(1, pageSize), Self.maxPageSize) {
            return "no value at \(path) after a full page of \(listed) items"
        }
        return nil
    }

    /// The optional fields whose path is on none of a page's items (not even as `null`): a mistyped path,
    /// which would give items without that field in silence. Looked at only when no kept item has the field.
    func unmatchedFields(in list: [JSONNode], kept items: [Item]) -> [String] {
        guard !list.isEmpty else { return [] }
        let fields = settings.fields
        let optional: [(name: String, path: FieldPath?, isSet: (Item) -> Bool)] = [
            ("url", fields.url, { $0.url != nil }), ("author", fields.author, { $0.author != nil }),
            ("summary", fields.summary, { $0.summary != nil }), ("tags", fields.tags, { !$0.tags.isEmpty }),
        ]
        return optional.compactMap { field in
            guard let path = field.path, !items.contains(where: field.isSet),
                list.allSatisfy({ $0.select(path.segments[...]) == nil })
            else { return nil }
            return "fields.\(field.name): \(path) is on no item of a page"
        }
    }

    /// What the `has_more` path says: true or false; nil when there is no `has_more` or the answer holds
    /// `null` or nothing there (then the cursor, or a short page, decides). Any other value — a string,
    /// a number, an object — means the path points at the wrong thing; read as "no more", it would stop
    /// the source after one page without a word, so it is an error naming the path. A path the answer does
    /// not hold at all is noted in `notes` (most likely mistyped).
    func hasMore(in data: JSONNode, notes: inout PageNotes) throws(SourceError) -> Bool? {
        guard let path = settings.hasMore else { return nil }
        let selection = Self.select(path, data: data)
        switch selection {
        case .node(let node)? where node.boolValue != nil: return node.boolValue
        case .node(let node)? where node.isNull: return nil
        case nil:
            notes.unmatchedPaths.append("has_more: \(path) is not in the answer (paging goes by the cursor)")
            return nil
        case .some:
            throw SourceError.mapping("\(path) is not true or false", host: endpoint.host)
        }
    }

    /// The value at `path` in the answer `{"data": data}` (the paths start at `data`), as
    /// `JSONValue.value(at:)` would find it there, read in place.
    static func select(_ path: FieldPath, data: JSONNode) -> JSONNode.Selection? {
        guard path.segments.first == "data" else { return nil }
        return data.select(path.segments.dropFirst())
    }
}
