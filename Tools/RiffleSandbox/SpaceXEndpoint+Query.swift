/// The mongo-style parts of a SpaceX query: filters, sort keys, populate paths and projections.
extension SpaceXEndpoint {
    /// Whether a launch matches every member of a filter.
    static func matches(_ launch: SandboxJSON, _ filter: [(key: String, value: SandboxJSON)]) throws(SpaceXQueryError)
        -> Bool
    {
        for (field, condition) in filter {
            guard !field.hasPrefix("$") else { throw SpaceXQueryError("unsupported query operator \(field)") }
            let value = launch[field] ?? .null
            if let operators = condition.members, operators.first?.key.hasPrefix("$") == true {
                for (op, operand) in operators {
                    let order = compare(value, operand)
                    let ok: Bool
                    switch op {
                    case "$eq": ok = order == 0
                    case "$ne": ok = order != 0
                    case "$gt": ok = order > 0 && !value.isNull
                    case "$gte": ok = order >= 0 && !value.isNull
                    case "$lt": ok = order < 0 && !value.isNull
                    case "$lte": ok = order <= 0 && !value.isNull
                    case "$in":
                        guard case .array(let options) = operand else { throw SpaceXQueryError("$in needs an array") }
                        ok = options.contains { compare(value, $0) == 0 }
                    default: throw SpaceXQueryError("unsupported query operator \(op)")
                    }
                    if !ok { return false }
                }
            } else if compare(value, condition) != 0 {
                return false
            }
        }
        return true
    }

    /// A sort key and its direction.
    struct SortKey {
        var field: String
        var descending: Bool
    }

    /// Sort keys from `{"date_unix": "desc"}`, `{"date_unix": -1}` or `"-date_unix flight_number"`.
    static func sortKeys(_ sort: SandboxJSON) throws(SpaceXQueryError) -> [SortKey] {
        if let text = sort.stringValue {
            return text.split(separator: " ").map { part in
                part.hasPrefix("-")
                    ? SortKey(field: String(part.dropFirst()), descending: true)
                    : SortKey(field: String(part.hasPrefix("+") ? part.dropFirst() : part), descending: false)
            }
        }
        guard let members = sort.members else { throw SpaceXQueryError("options.sort must be an object or a string") }
        var keys: [SortKey] = []
        for (field, direction) in members {
            switch direction {
            case .int(-1), .string("desc"), .string("descending"), .string("-1"):
                keys.append(SortKey(field: field, descending: true))
            case .int(1), .string("asc"), .string("ascending"), .string("1"):
                keys.append(SortKey(field: field, descending: false))
            default: throw SpaceXQueryError("invalid sort direction for \(field): use asc, desc, 1 or -1")
            }
        }
        return keys
    }

    /// The paths of `["rocket"]`, `"rocket launchpad"`, `{"path": "rocket"}` or `[{"path": "rocket"}]`.
    static func populatePaths(_ populate: SandboxJSON) throws(SpaceXQueryError) -> Set<String> {
        var paths: Set<String> = []
        func add(_ entry: SandboxJSON) throws(SpaceXQueryError) {
            if let text = entry.stringValue {
                for path in text.split(separator: " ") { paths.insert(String(path)) }
            } else if let path = entry["path"]?.stringValue {
                paths.insert(path)
            } else {
                throw SpaceXQueryError("options.populate entries are paths or {\"path\": …}")
            }
        }
        if case .array(let entries) = populate {
            for entry in entries { try add(entry) }
        } else {
            try add(populate)
        }
        for path in paths where path != "rocket" && path != "launchpad" {
            throw SpaceXQueryError("the sandbox cannot populate \(path): only rocket and launchpad")
        }
        return paths
    }

    /// A `select` projection: the fields kept (inclusion) or dropped (exclusion).
    struct Projection {
        var fields: Set<String>
        var including: Bool

        func apply(_ document: SandboxJSON) -> SandboxJSON {
            guard let members = document.members else { return document }
            return .object(members.filter { ($0.key == "id" && including) || fields.contains($0.key) == including })
        }
    }

    /// A projection from `{"name": 1, "date_utc": 1}`, `{"details": 0}` or `"name date_utc"` / `"-details"`.
    static func projection(_ select: SandboxJSON) throws(SpaceXQueryError) -> Projection {
        var include: Set<String> = []
        var exclude: Set<String> = []
        if let text = select.stringValue {
            for part in text.split(separator: " ") {
                if part.hasPrefix("-") {
                    exclude.insert(String(part.dropFirst()))
                } else {
                    include.insert(String(part))
                }
            }
        } else if let members = select.members {
            for (field, flag) in members {
                switch flag {
                case .int(0), .bool(false): exclude.insert(field)
                case .int(1), .bool(true): include.insert(field)
                default: throw SpaceXQueryError("options.select values are 0 or 1")
                }
            }
        } else {
            throw SpaceXQueryError("options.select must be an object or a string")
        }
        guard include.isEmpty || exclude.isEmpty else {
            throw SpaceXQueryError("options.select cannot mix inclusion and exclusion")
        }
        return include.isEmpty
            ? Projection(fields: exclude, including: false) : Projection(fields: include, including: true)
    }

    /// Mongo-like ordering of two values: null < numbers < strings < others; -1, 0 or 1.
    static func compare(_ a: SandboxJSON, _ b: SandboxJSON) -> Int {
        func rank(_ value: SandboxJSON) -> Int {
            switch value {
            case .null: 0
            case .int, .double: 1
            case .string: 2
            case .bool: 3
            default: 4
            }
        }
        func number(_ value: SandboxJSON) -> Double? {
            switch value {
            case .int(let number): Double(number)
            case .double(let number): number
            default: nil
            }
        }
        if let x = number(a), let y = number(b) { return x < y ? -1 : x > y ? 1 : 0 }
        switch (a, b) {
        case (.string(let x), .string(let y)): return x < y ? -1 : x > y ? 1 : 0
        case (.bool(let x), .bool(let y)): return x == y ? 0 : (x ? 1 : -1)
        default:
            let (x, y) = (rank(a), rank(b))
            return x < y ? -1 : x > y ? 1 : 0
        }
    }
}
