import FoundationEssentials
import RiffleBytes
import RiffleCore

extension SandboxJSON {
    /// The value of a parsed document; object members come out sorted by key, since `JSONValue` does
    /// not keep their order.
    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .int(Int(value))
        case .double(let value): self = .double(value)
        case .string(let value): self = .string(value)
        case .array(let elements): self = .array(elements.map(SandboxJSON.init))
        case .object(let members):
            self = .object(members.sorted { $0.key < $1.key }.map { (key: $0.key, value: SandboxJSON($0.value)) })
        }
    }

    /// Parses a JSON document with riffle's own parser (and its depth limit).
    static func parse(_ bytes: some Sequence<UInt8>) throws(JSONParseError) -> SandboxJSON {
        SandboxJSON(try JSONValue(parsing: Array(bytes)))
    }
}

extension SandboxJSON {
    /// The compact JSON text of this value, UTF-8 encoded.
    var data: Data { Data(bytes) }

    /// The compact JSON text of this value.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The compact JSON text of this value, as bytes.
    var bytes: [UInt8] {
        var output: [UInt8] = []
        write(to: &output)
        return output
    }

    /// Appends the compact JSON text of this value to `output`, members in their order; strings are
    /// escaped as `JSONValue` escapes them.
    func write(to output: inout [UInt8]) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .int(let value): output += String(value).utf8
        case .double(let value): output += (value.isFinite ? String(value) : "null").utf8
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}
