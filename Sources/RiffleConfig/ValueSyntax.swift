internal import RiffleBytes
import RiffleCore

/// The syntax of typed values: whole numbers, durations, booleans, URLs, names, dotted paths.
///
/// Pure functions over text, used by the decoders and tested directly.
package enum ValueSyntax {
    /// `42`, `-3`, `+7`: an optional sign and decimal digits that fit in an `Int`.
    static func wholeNumber(_ text: String) -> Int? {
        var digits = Substring(text)
        if digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.first != "+" else { return nil }
        return Int(digits)
    }

    /// `20s`, `2m`, `1h30m`, `500ms`, `7d`: whole amounts with units d, h, m, s, ms, largest first.
    static func duration(_ text: String) -> Duration? {
        if let answer = asciiDuration(text) { return answer }
        let units = durationUnits
        let order = durationOrder
        var rest = Substring(text)
        var total: Int64 = 0
        var lastRank = -1
        guard !rest.isEmpty else { return nil }
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 12, let amount = Int64(digits) else { return nil }
            rest = rest.dropFirst(digits.count)
            guard let unit = units.first(where: { rest.hasPrefix($0.name) }),
                let rank = order.firstIndex(of: unit.name), rank > lastRank
            else { return nil }
            rest = rest.dropFirst(unit.name.count)
            lastRank = rank
            let (product, overflow) = amount.multipliedReportingOverflow(by: unit.milliseconds)
            let (sum, overflow2) = total.addingReportingOverflow(product)
            guard !overflow, !overflow2 else { return nil }
            total = sum
        }
        return .milliseconds(total)
    }

    /// `duration` for ASCII text, read byte by byte; `nil` (no answer) for text that is not all ASCII. In
    /// ASCII a byte is a character (a CR LF pair is neither a digit nor a unit either way), so the answers
    /// are those of the general path, which reads characters of substrings at several times the cost.
    private static func asciiDuration(_ text: String) -> Duration?? {
        var text = text
        return text.withUTF8 { bytes -> Duration?? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            guard !bytes.isEmpty else { return .some(nil) }
            var index = 0
            var total: Int64 = 0
            var lastRank = -1
            while index < bytes.count {
                let digitsStart = index
                var amount: Int64 = 0
                while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                    // At most 12 digits are kept (below): no overflow before that is checked.
                    if index - digitsStart < 12 { amount = amount * 10 + Int64(bytes[index] - UInt8(ascii: "0")) }
                    index += 1
                }
                guard index > digitsStart, index - digitsStart <= 12, index < bytes.count else { return .some(nil) }
                // The units in `durationUnits`' order (`ms` before `m`), each with its place in `durationOrder`.
                let name: String
                switch bytes[index] {
                case UInt8(ascii: "d"): name = "d"
                case UInt8(ascii: "h"): name = "h"
                case UInt8(ascii: "m"):
                    name = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "s") ? "ms" : "m"
                case UInt8(ascii: "s"): name = "s"
                default: return .some(nil)
                }
                guard let unit = durationUnits.first(where: { $0.name == name }),
                    let rank = durationOrder.firstIndex(of: name), rank > lastRank
                else { return .some(nil) }
                index += name.utf8.count
                lastRank = rank
                let (product, overflow) = amount.multipliedReportingOverflow(by: unit.milliseconds)
                let (sum, overflow2) = total.addingReportingOverflow(product)
                guard !overflow, !overflow2 else { return .some(nil) }
                total = sum
            }
            return .some(.milliseconds(total))
        }
    }

    /// The units of a duration, each with its length; `ms` before `m`, so that the longer name wins.
    private static let durationUnits: [(name: String, milliseconds: Int64)] = [
        ("d", 86_400_000), ("h", 3_600_000), ("ms", 1), ("m", 60_000), ("s", 1000),
    ]
    /// The order units must come in.
    private static let durationOrder = ["d", "h", "m", "s", "ms"]

    /// A duration the way users write one: `1h30m`, `500ms`, `0s`.
    static func describe(_ duration: Duration) -> String {
        var milliseconds = duration.milliseconds
        if milliseconds == 0 { return "0s" }
        var out = ""
        for (name, size) in [("d", Int64(86_400_000)), ("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1)]
        where milliseconds >= size {
            out += "\(milliseconds / size)\(name)"
            milliseconds %= size
        }
        return out
    }

    /// Why `text` is not an http(s) URL with a host, or `nil` when it is one.
    package static func webURLProblem(_ text: String) -> String? {
        // Nearly every URL is ASCII: judged byte by byte, with the same answers, it costs a tenth of the
        // character-based reading below (which was a sixth of decoding a large file).
        if let answer = asciiWebURLProblem(text) { return answer }
        let bytes = text.utf8
        guard let separator = bytes.firstRange(of: "://".utf8) else { return "expected an http or https URL" }
        let scheme = String(decoding: bytes[..<separator.lowerBound], as: UTF8.self).lowercased()
        guard scheme == "http" || scheme == "https" else {
            return "expected an http or https URL, not \(scheme.isEmpty ? "one without a scheme" : scheme)"
        }
        guard !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F }),
            !text.unicodeScalars.contains(where: { (0x80...0x9F).contains($0.value) })
        else {
            return "a URL cannot contain spaces or control characters"
        }
        let schemeEnd = separator.lowerBound..<separator.upperBound
        let rest = text[schemeEnd.upperBound...]
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        var host = authority
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return "expected an http or https URL with a host" }
            host = host[...close]
        } else if let colon = host.lastIndex(of: ":") {
            let port = host[host.index(after: colon)...]
            guard port.allSatisfy({ $0.isASCII && $0.isNumber }), Int(port).map({ $0 <= 65_535 }) ?? port.isEmpty
            else { return "expected a port number after \":\"" }
            host = host[..<colon]
        }
        return host.isEmpty ? "expected an http or https URL with a host" : nil
    }

    /// `webURLProblem` for ASCII text, read byte by byte; `nil` (no answer) for text that is not all ASCII. For ASCII
    /// without control characters a byte is a character, so the answers are those of the general path.
    private static func asciiWebURLProblem(_ text: String) -> String?? {
        var text = text
        return text.withUTF8 { bytes -> String?? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            var separator: Int?
            if bytes.count >= 3 {
                for index in 0...(bytes.count - 3)
                where bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "/")
                    && bytes[index + 2] == UInt8(ascii: "/")
                {
                    separator = index
                    break
                }
            }
            guard let separator else { return .some("expected an http or https URL") }
            let scheme = UnsafeBufferPointer(rebasing: bytes[..<separator])
            guard
                ByteScan.spells(scheme, caseInsensitively: "http")
                    || ByteScan.spells(scheme, caseInsensitively: "https")
            else {
                let name = String(decoding: scheme, as: UTF8.self).lowercased()
                return .some("expected an http or https URL, not \(name.isEmpty ? "one without a scheme" : name)")
            }
            guard !bytes.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
                return .some("a URL cannot contain spaces or control characters")
            }
            var start = separator + 3
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"),
                bytes[end] != UInt8(ascii: "#")
            {
                end += 1
            }
            if let at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@")) { start = at + 1 }
            if start < end, bytes[start] == UInt8(ascii: "[") {
                guard bytes[start..<end].contains(UInt8(ascii: "]")) else {
                    return .some("expected an http or https URL with a host")
                }
                return .some(nil)
            }
            if let colon = bytes[start..<end].lastIndex(of: UInt8(ascii: ":")) {
                var port = 0
                for byte in bytes[(colon + 1)..<end] {
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
                        return .some("expected a port number after \":\"")
                    }
                    port = min(port * 10 + Int(byte - UInt8(ascii: "0")), 100_000)
                }
                guard port <= 65_535 else { return .some("expected a port number after \":\"") }
                end = colon
            }
            return .some(start == end ? "expected an http or https URL with a host" : nil)
        }
    }

    /// A GraphQL name: `[_A-Za-z][_0-9A-Za-z]*`.
    static func isGraphQLName(_ text: String) -> Bool {
        Substitution.isVariableName(text)
    }

    /// An HTTP header field name (RFC 9110 token characters).
    static func isHeaderName(_ text: String) -> Bool {
        !text.isEmpty
            && text.utf8.allSatisfy { byte in
                (0x21...0x7E).contains(byte) && !"\"(),/:;<=>?@[\\]{}".utf8.contains(byte)
            }
    }

    /// Letters, digits, `.`, `_`, `-`: names that are safe on a command line and in a terminal.
    package static func isSourceName(_ text: String) -> Bool {
        let isASCIIName = text.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || ".-_".utf8.contains(byte)
        }
        if isASCIIName { return !text.isEmpty }
        return !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || ".-_".unicodeScalars.contains(scalar))
                    && !scalar.properties.isWhitespace
            }
    }
}
