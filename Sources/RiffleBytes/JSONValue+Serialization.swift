extension JSONValue {
    /// Compact JSON text, object members sorted by key so equal values always give equal bytes.
    package var jsonText: String {
        var out: [UInt8] = []
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends compact JSON (members sorted by key) to `out`.
    package func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): out.append(contentsOf: String(value).utf8)
        case .double(let value):
            if value.isFinite {
                if value == value.rounded(), abs(value) < 1e15 {
                    out.append(contentsOf: String(Int64(value)).utf8)
                } else {
                    out.append(contentsOf: String(value).utf8)
                }
            } else {
                out.append(contentsOf: "null".utf8)
            }
        case .string(let value): JSONValue.writeString(value, to: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                element.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            // Sorted as pairs: no second lookup (and hash) of each key.
            for (position, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `text` as a JSON string (`JSONString.append`: every control character and DEL escaped, so
    /// the output is one line and valid JSON whatever the untrusted text holds).
    package static func writeString(_ text: String, to out: inout [UInt8]) {
        JSONString.append(text, to: &out)
    }
}
