extension JSONValue {
    /// `members` without the ones whose value is `null`, and the same for every object nested in them
    /// (array elements stay, so positions keep their meaning). A number too large for a `Double` (parsed
    /// as infinity, which JSON cannot hold) counts as `null`: `write` writes it so, and a member written
    /// `null` would read back as absent — contract section 3 wants it omitted. Returns `members` itself,
    /// uncopied, when it holds no such member: the common case costs one walk and no allocation.
    package static func droppingNullMembers(_ members: [String: JSONValue]) -> [String: JSONValue] {
        guard members.values.contains(where: \.holdsNullMember) else { return members }
        var kept: [String: JSONValue] = [:]
        kept.reserveCapacity(members.count)
        for (key, value) in members where !value.writesNull {
            kept[key] = value.droppingNullMembers
        }
        return kept
    }

    /// This value with `null` members of its objects dropped, at any depth.
    package var droppingNullMembers: JSONValue {
        switch self {
        case .object(let members): return .object(Self.droppingNullMembers(members))
        case .array(let elements) where elements.contains(where: \.holdsNullMemberInside):
            return .array(elements.map(\.droppingNullMembers))
        default: return self
        }
    }

    /// Whether `write` writes this value as `null`: `null` itself, or a number that is not finite.
    package var writesNull: Bool {
        switch self {
        case .null: return true
        case .double(let value): return !value.isFinite
        default: return false
        }
    }

    /// Whether this value writes as `null`, or holds an object member that does (at any depth).
    private var holdsNullMember: Bool {
        if writesNull { return true }
        switch self {
        case .object(let members): return members.values.contains(where: \.holdsNullMember)
        case .array(let elements): return elements.contains(where: \.holdsNullMemberInside)
        default: return false
        }
    }

    /// Whether an array element holds a `null` object member (an element written `null` itself is kept).
    private var holdsNullMemberInside: Bool {
        if writesNull { return false }
        return holdsNullMember
    }
}
