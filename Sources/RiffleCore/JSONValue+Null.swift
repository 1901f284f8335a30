extension JSONValue {
    /// `members` without the ones whose value is `null`, and the same for every object nested in them
    /// (array elements stay, so positions keep their meaning). Returns `members` itself, uncopied, when
    /// it holds no `null` member: the common case costs one walk and no allocation.
    package static func droppingNullMembers(_ members: [String: JSONValue]) -> [String: JSONValue] {
        guard members.values.contains(where: \.holdsNullMember) else { return members }
        var kept: [String: JSONValue] = [:]
        kept.reserveCapacity(members.count)
        for (key, value) in members where value != .null {
            kept[key] = value.droppingNullMembers
        }
        return kept
    }

    /// This value with `null` members of its objects dropped, at any depth.
    var droppingNullMembers: JSONValue {
        switch self {
        case .object(let members): return .object(Self.droppingNullMembers(members))
        case .array(let elements) where elements.contains(where: \.holdsNullMemberInside):
            return .array(elements.map(\.droppingNullMembers))
        default: return self
        }
    }

    /// Whether this value is `null`, or holds an object member that is (at any depth).
    private var holdsNullMember: Bool {
        switch self {
        case .null: return true
        case .object(let members): return members.values.contains(where: \.holdsNullMember)
        case .array(let elements): return elements.contains(where: \.holdsNullMemberInside)
        default: return false
        }
    }

    /// Whether an array element holds a `null` object member (a `null` element itself is kept).
    private var holdsNullMemberInside: Bool {
        if case .null = self { return false }
        return holdsNullMember
    }
}
