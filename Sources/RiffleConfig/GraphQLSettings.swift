package import RiffleBytes
package import RiffleCore

/// A `type: graphql` source (the generic adapter), and the `source:` of a plugin manifest.
package struct GraphQLSettings: AdapterSettings {
    package var endpoint: String
    package var headers: [HTTPHeader]
    package var query: String
    /// Static variables sent with every request. Plain YAML scalars are typed (`true`, `12`, `1.5`, `null`);
    /// quoted ones are strings.
    package var variables: [String: JSONValue]
    /// The array of items in a response.
    package var items: FieldPath
    /// The next-page cursor in a response; `nil` with offset pagination (or a single page).
    package var cursor: FieldPath?
    /// The "more pages" flag in a response.
    package var hasMore: FieldPath?
    /// The variable that receives the cursor.
    package var cursorVariable: String
    /// The variable that receives the page size.
    package var pageSizeVariable: String
    /// With offset pagination, the variable that receives the offset.
    package var offsetVariable: String?
    package var fields: Fields

    /// Where an item's fields are, as paths inside one item.
    package struct Fields: Sendable, Hashable {
        package var id: FieldPath
        package var time: FieldPath
        package var title: FieldPath
        package var url: FieldPath?
        package var author: FieldPath?
        package var summary: FieldPath?
        package var tags: FieldPath?

        static let keys = ["id", "time", "title", "url", "author", "summary", "tags"]

        package init(
            id: FieldPath, time: FieldPath, title: FieldPath, url: FieldPath? = nil, author: FieldPath? = nil,
            summary: FieldPath? = nil, tags: FieldPath? = nil
        ) {
            self.id = id
            self.time = time
            self.title = title
            self.url = url
            self.author = author
            self.summary = summary
            self.tags = tags
        }
    }

    /// The keys of the generic adapter (a plugin manifest's `source:` may hold these and no others).
    package static let keys = [
        "endpoint", "headers", "query", "variables", "items", "cursor", "has_more", "cursor_variable",
        "page_size_variable", "offset_variable", "fields",
    ]

    package init(
        endpoint: String, headers: [HTTPHeader] = [], query: String, variables: [String: JSONValue] = [:],
        items: FieldPath, cursor: FieldPath? = nil, hasMore: FieldPath? = nil, cursorVariable: String = "after",
        pageSizeVariable: String = "first", offsetVariable: String? = nil, fields: Fields
    ) {
        self.endpoint = endpoint
        self.headers = headers
        self.query = query
        self.variables = variables
        self.items = items
        self.cursor = cursor
        self.hasMore = hasMore
        self.cursorVariable = cursorVariable
        self.pageSizeVariable = pageSizeVariable
        self.offsetVariable = offsetVariable
        self.fields = fields
    }
}

extension GraphQLSettings {
    /// The endpoint, the query and its variables, where items and paging are found, and the headers.
    package var pageIdentity: PageIdentity {
        var identity = PageIdentity()
        identity["endpoint"] = endpoint
        identity["query"] = query
        identity["variables"] = JSONValue.object(variables).jsonText
        identity["items"] = items.description
        identity["cursor"] = cursor?.description
        identity["has_more"] = hasMore?.description
        identity["cursor_variable"] = cursorVariable
        identity["page_size_variable"] = pageSizeVariable
        identity["offset_variable"] = offsetVariable
        identity["fields.id"] = fields.id.description
        identity["fields.time"] = fields.time.description
        identity["fields.title"] = fields.title.description
        identity["fields.url"] = fields.url?.description
        identity["fields.author"] = fields.author?.description
        identity["fields.summary"] = fields.summary?.description
        identity["fields.tags"] = fields.tags?.description
        identity.add(headers: headers)
        return identity
    }
}
