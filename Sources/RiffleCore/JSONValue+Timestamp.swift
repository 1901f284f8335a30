package import RiffleBytes

/// Item times read from JSON: the one reading every adapter and plugin kind uses, on a parsed value and,
/// where it lies, on a page's node (the JSON types live in RiffleBytes; `Timestamp` is RiffleCore's).
extension JSONValue {
    /// A time: an RFC 3339 string, a plain date (`2026-11-01`, its midnight UTC), or Unix seconds as a
    /// number or a string of digits. Every adapter and plugin kind reads item times through this.
    package var timestampValue: Timestamp? {
        switch self {
        case .string(let text):
            if let time = Timestamp(rfc3339OrDate: text) { return time }
            if let seconds = Int64(text) { return Timestamp(unixSeconds: seconds) }
            return nil
        case .int(let seconds): return Timestamp(unixSeconds: seconds)
        case .double(let seconds) where seconds.isFinite && abs(seconds) < 1e12:
            return Timestamp(microseconds: Int64((seconds * 1_000_000).rounded()))
        default: return nil
        }
    }
}

extension JSONNode {
    /// `value.timestampValue`, with a string without escapes parsed as a time where it lies (no `String`
    /// is made for it); only a string that is no RFC 3339 time or date goes the `JSONValue` way (Unix
    /// seconds as digits), so every answer is `value.timestampValue`'s.
    package var timestampValue: Timestamp? {
        if let bytes = plainStringBytes {
            return Timestamp(rfc3339OrDateBytes: bytes.span) ?? value.timestampValue
        }
        return isNumber || isString ? value.timestampValue : nil
    }
}

extension JSONNode.Selection {
    /// `value.timestampValue`, read in place: collected values are an array, which is no time.
    package var timestampValue: Timestamp? {
        if case .node(let node) = self { return node.timestampValue }
        return nil
    }
}

extension JSONPathPlan {
    /// `select(path, in: node, stops: stops)?.timestampValue`, without a `Selection` where the path ends in
    /// an object's member.
    package func timestampValue(_ path: Int, in node: JSONNode, stops: [Stop]) -> Timestamp? {
        if let member = member(path, in: node, stops: stops) { return member.timestampValue }
        return select(path, in: node, stops: stops)?.timestampValue
    }
}
