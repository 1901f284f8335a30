import FoundationEssentials
import RiffleBytes
import RiffleCore

/// Something GitLab pages with keyset cursors: it has an id and creation and update times.
protocol GitLabKeyed: Sendable {
    var id: Int { get }
    var createdAt: Int64 { get }
    var updatedAt: Int64 { get }
}

/// GitLab's keyset pagination: sort orders, cursors, and the page a `first`/`after` pair selects.
///
/// A cursor is base64url without padding of `{"updated_at":"2026-01-16 13:32:47.000000000 +0000","id":"N"}`
/// (`created_at` for creation orders), exactly as gitlab.com makes them; the page after a cursor holds
/// the items strictly after that key in the sort order, so an item that moves while a client pages is
/// skipped or repeated just as on GitLab.
struct GitLabKeyset: Sendable {
    /// A supported sort order.
    enum Order: Sendable {
        case createdAscending, createdDescending, updatedAscending, updatedDescending

        /// The order an `IssueSort`/`MergeRequestSort` value names; `nil` for orders the sandbox lacks.
        init?(sortName: String) {
            switch sortName {
            case "CREATED_ASC", "created_asc": self = .createdAscending
            case "CREATED_DESC", "created_desc": self = .createdDescending
            case "UPDATED_ASC", "updated_asc": self = .updatedAscending
            case "UPDATED_DESC", "updated_desc": self = .updatedDescending
            default: return nil
            }
        }

        var cursorKey: String {
            switch self {
            case .createdAscending, .createdDescending: "created_at"
            case .updatedAscending, .updatedDescending: "updated_at"
            }
        }

        var isDescending: Bool { self == .createdDescending || self == .updatedDescending }

        func key(_ item: some GitLabKeyed) -> (Int64, Int) {
            switch self {
            case .createdAscending, .createdDescending: (item.createdAt, item.id)
            case .updatedAscending, .updatedDescending: (item.updatedAt, item.id)
            }
        }

        /// Whether `a` comes before `b`: by the time, then by id, both in the order's direction.
        func precedes(_ a: (Int64, Int), _ b: (Int64, Int)) -> Bool {
            isDescending ? a > b : a < b
        }
    }

    /// The largest and default page size.
    static let maxPageSize = 100

    /// One page of a connection.
    struct Page<Item: GitLabKeyed> {
        var items: [Item]
        var cursors: [String]
        var hasNextPage: Bool
        var hasPreviousPage: Bool
        var totalCount: Int
    }

    /// The page of `items` that `first` and `after` select in `order`. `hasNextPage` follows GitLab:
    /// without `first` it is always false.
    static func page<Item: GitLabKeyed>(
        _ items: [Item], order: Order, first: Int?, after: String?
    ) throws(GitLabKeysetError) -> Page<Item> {
        if let first, first < 0 { throw GitLabKeysetError("first must be greater than or equal to 0") }
        let size = min(first ?? maxPageSize, maxPageSize)
        var sorted = items.sorted { order.precedes(order.key($0), order.key($1)) }
        if let after {
            let key = try decode(after, order: order)
            sorted.removeAll { !order.precedes(key, order.key($0)) }
        }
        let page = Array(sorted.prefix(size))
        return Page(
            items: page,
            cursors: page.map { encode($0, order: order) },
            hasNextPage: first != nil && sorted.count > page.count,
            hasPreviousPage: after != nil,
            totalCount: items.count)
    }

    /// The cursor of an item in an order.
    static func encode(_ item: some GitLabKeyed, order: Order) -> String {
        let (time, id) = order.key(item)
        let json = SandboxJSON.object([
            (key: order.cursorKey, value: .string(UTCTime.gitLabCursor(time))),
            (key: "id", value: .string(String(id))),
        ])
        return Base64URL.encode(json.bytes)
    }

    private static func decode(_ cursor: String, order: Order) throws(GitLabKeysetError) -> (Int64, Int) {
        let invalid = GitLabKeysetError("Please provide a valid cursor")
        guard cursor.utf8.count <= 1024, let data = Base64URL.decode(cursor),
            let json = try? JSONValue(parsing: data),
            let timeText = json[order.cursorKey]?.stringValue, let idText = json["id"]?.stringValue,
            let nanos = UTCTime.parseNanoseconds(timeText), let id = Int(idText)
        else { throw invalid }
        // Items carry whole seconds: a fractional cursor time sorts just after its second.
        let seconds = nanos / 1_000_000_000
        let hasFraction = nanos % 1_000_000_000 != 0
        if hasFraction {
            return order.isDescending ? (seconds + 1, Int.min) : (seconds, Int.max)
        }
        return (seconds, id)
    }
}

/// A paging argument GitLab refuses; the message is GitLab's.
struct GitLabKeysetError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
