/// `${VAR}`, `${VAR:-default}` and `$$` in string values, and `${param.NAME}` in plugin manifests.
///
/// A `$` followed by anything else stays as it is, so GraphQL queries (`$first: Int!`) need no escaping.
/// `${param.NAME}` is never taken from the environment: it stays in place until a source that uses the
/// plugin supplies its params.
struct Substitution {
    /// The text after substitution.
    var text: String
    /// `VAR` (or `param.NAME`) for every value that came from outside the file, in order.
    var origins: [String] = []
    /// Every non-empty value read from the environment (secrets when in a secret position, see
    /// `SecretPosition`).
    var secrets: [String] = []
    /// True when `${param.…}` placeholders were left in place.
    var hasPlaceholders = false

    /// Why a value could not be substituted.
    enum Failure: Error, Equatable {
        case unset(String)
        case unterminated
        case invalidName(String)
        case unknownParam(String)

        var message: String {
            switch self {
            case .unset(let name):
                return "environment variable \(name) is not set (${\(name):-default} gives a default)"
            case .unterminated:
                return "\"${\" without a closing \"}\" (write $$ for a literal $)"
            case .invalidName(let name):
                return "\(Quote.text(name)) is not a variable name (letters, digits and _; write $$ for a literal $)"
            case .unknownParam(let name):
                return "${param.\(name)} names no param of this plugin"
            }
        }
    }

    /// Substitutes `raw`. `params` is `nil` to leave `${param.…}` in place.
    static func substitute(
        _ raw: String, environment: [String: String], params: [String: String]?
    ) throws(Failure) -> Substitution {
        let dollar = UInt8(ascii: "$")
        // Over the contiguous bytes: the generic search through the UTF-8 view cost a call per byte. Only a
        // `$` before `$` or `{` changes anything: a GraphQL query's `$first` is no reason to copy the text
        // byte by byte into a new string.
        guard
            raw.utf8.withContiguousStorageIfAvailable(Self.hasSubstitution)
                ?? Self.hasSubstitution(Array(raw.utf8))
        else {
            return Substitution(text: raw)
        }
        let bytes = Array(raw.utf8)
        var result = Substitution(text: "")
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte != dollar || (next != dollar && next != UInt8(ascii: "{")) {
                out.append(byte)
                index += 1
                continue
            }
            if next == dollar {
                out.append(dollar)
                index += 2
                continue
            }
            guard let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: "}")) else { throw .unterminated }
            let inner = String(decoding: bytes[(index + 2)..<close], as: UTF8.self)
            let (name, fallback) = split(inner)
            if name.hasPrefix("param.") {
                let param = String(name.dropFirst("param.".count))
                if let params {
                    if let value = params[param] {
                        out.append(contentsOf: value.utf8)
                        result.origins.append(name)
                    } else if let fallback {
                        out.append(contentsOf: fallback.utf8)
                    } else {
                        throw .unknownParam(param)
                    }
                } else {
                    out.append(contentsOf: bytes[index...close])
                    result.hasPlaceholders = true
                }
                index = close + 1
                continue
            }
            guard isVariableName(name) else { throw .invalidName(name) }
            if let value = environment[name], !(value.isEmpty && fallback != nil) {
                out.append(contentsOf: value.utf8)
                result.origins.append(name)
                if !value.isEmpty { result.secrets.append(value) }
            } else if let fallback {
                out.append(contentsOf: fallback.utf8)
            } else {
                throw .unset(name)
            }
            index = close + 1
        }
        result.text = String(decoding: out, as: UTF8.self)
        return result
    }

    /// Whether `bytes` has a `$` followed by `$` or `{`, the only sequences `substitute` changes.
    private static func hasSubstitution<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool
    where Bytes.Index == Int {
        var index = bytes.startIndex
        while index < bytes.endIndex - 1 {
            if bytes[index] == UInt8(ascii: "$") {
                let next = bytes[index + 1]
                if next == UInt8(ascii: "$") || next == UInt8(ascii: "{") { return true }
            }
            index += 1
        }
        return false
    }

    /// `NAME:-default` into its parts.
    private static func split(_ inner: String) -> (name: String, fallback: String?) {
        let utf8 = inner.utf8
        if !utf8.contains(where: { $0 >= 0x80 }) {
            // ASCII, where a byte is a character: found without the general substring search, whose set-up
            // costs more than the whole of a short placeholder.
            var index = utf8.startIndex
            while index < utf8.endIndex {
                let next = utf8.index(after: index)
                if utf8[index] == UInt8(ascii: ":"), next < utf8.endIndex, utf8[next] == UInt8(ascii: "-") {
                    return (String(inner[..<index]), String(inner[utf8.index(after: next)...]))
                }
                index = next
            }
            return (inner, nil)
        }
        guard let range = inner.firstRange(of: ":-") else { return (inner, nil) }
        return (String(inner[..<range.lowerBound]), String(inner[range.upperBound...]))
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`, the portable shell variable name.
    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }

    /// The names `NAME` of every `${param.NAME…}` in `text`.
    static func paramReferences(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let start = rest.firstRange(of: "${param.") {
            let after = rest[start.upperBound...]
            guard let close = after.firstIndex(of: "}") else { break }
            let inner = after[..<close]
            let name = inner.firstRange(of: ":-").map { inner[..<$0.lowerBound] } ?? inner
            names.append(String(name))
            rest = after[close...]
        }
        return names
    }
}
