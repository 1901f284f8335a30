extension JSONValue {
    /// The value at a dotted path's segments. A numeric segment indexes an array; any other segment
    /// applied to an array is applied to every element, collecting the results (flattened), so
    /// `labels.nodes.title` gives every label's title. `nil` when nothing is there.
    package func value(at segments: [String]) -> JSONValue? {
        value(at: segments[...])
    }

    /// `value(at:)` over a slice: not generic, so the walk costs no runtime type lookups.
    func value(at segments: ArraySlice<String>) -> JSONValue? {
        guard let segment = segments.first else { return self }
        let rest = segments.dropFirst()
        switch self {
        case .object(let members):
            return members[segment]?.value(at: rest)
        case .array(let elements):
            if let index = Int(segment) {
                guard index >= 0, index < elements.count else { return nil }
                return elements[index].value(at: rest)
            }
            var collected: [JSONValue] = []
            for element in elements {
                switch element.value(at: segments) {
                case .array(let inner)?: collected.append(contentsOf: inner)
                case .null?, nil: break
                case let value?: collected.append(value)
                }
            }
            return .array(collected)
        default:
            return nil
        }
    }

    /// A scalar as text: strings as they are, numbers and booleans written out; else `nil`.
    package var scalarText: String? {
        switch self {
        case .string(let text): return text
        case .int(let value): return String(value)
        case .double(let value):
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .bool(let value): return value ? "true" : "false"
        case .null, .array, .object: return nil
        }
    }
}
