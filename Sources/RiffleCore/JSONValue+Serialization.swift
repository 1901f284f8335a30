extension JSONValue {
    /// Compact JSON text, object members sorted by key so equal values always give equal bytes.
    public var jsonText: String {
        var out: [UInt8] = []
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends compact JSON (members sorted by key) to `out`.
    public func write(to out: inout [UInt8]) {
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
            for (position, key) in members.keys.sorted().enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                members[key]?.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Appends `text` as a JSON string. Every control character is escaped, so the output is one
    /// line and valid JSON whatever the (untrusted) text holds, back-to-back escapes included. Runs that
    /// need no escaping are copied whole.
    public static func writeString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F else {
                    continue
                }
                if runStart < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
                case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
                case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
                case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
                case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
                default:
                    out.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30])
                    out.append(hexDigits[Int(byte >> 4)])
                    out.append(hexDigits[Int(byte & 0xF)])
                }
            }
            if runStart < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
        }
        out.append(UInt8(ascii: "\""))
    }
}
