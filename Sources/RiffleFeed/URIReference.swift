/// RFC 3986 reference resolution (section 5.2): a feed's relative links made absolute against `xml:base`
/// and the feed's own URL.
///
/// Works on the text, as the RFC does (strict parser, `remove_dot_segments`), without percent-decoding or
/// normalising anything else, so an absolute link comes back exactly as written.
public struct URIReference: Sendable, Hashable {
    /// The scheme without `:`, as written; `nil` for a relative reference.
    public var scheme: String?
    /// The authority without `//`; `nil` when absent (which differs from empty: `file:///x`).
    public var authority: String?
    public var path: String
    /// The query without `?`; `nil` when absent.
    public var query: String?
    /// The fragment without `#`; `nil` when absent.
    public var fragment: String?

    /// Splits `text` as RFC 3986 appendix B does.
    public init(_ text: String) {
        var rest = Substring(text)
        scheme = nil
        if let colon = rest.firstIndex(where: { $0 == ":" || $0 == "/" || $0 == "?" || $0 == "#" }), rest[colon] == ":",
            Self.isScheme(rest[..<colon])
        {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...]
        }
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        } else {
            fragment = nil
        }
        if let mark = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: mark)...])
            rest = rest[..<mark]
        } else {
            query = nil
        }
        if rest.hasPrefix("//") {
            let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
            let end = rest[afterSlashes...].firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[afterSlashes..<end])
            rest = rest[end...]
        } else {
            authority = nil
        }
        path = String(rest)
    }

    init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// The reference put back together (RFC 3986 section 5.3).
    public var text: String {
        var result = ""
        if let scheme { result += scheme + ":" }
        if let authority { result += "//" + authority }
        result += path
        if let query { result += "?" + query }
        if let fragment { result += "#" + fragment }
        return result
    }

    /// `reference` resolved against `base` (RFC 3986 section 5.2.2), both trimmed of surrounding
    /// whitespace. Without an absolute base, the reference comes back as it is.
    public static func resolve(_ reference: String, against base: String?) -> String {
        let reference = reference.trimmingSpaces
        let parsed = URIReference(reference)
        guard parsed.scheme == nil, let base, case let baseReference = URIReference(base.trimmingSpaces),
            baseReference.scheme != nil
        else { return parsed.scheme == nil ? reference : parsed.text }
        return parsed.resolved(against: baseReference).text
    }

    /// This reference resolved against an absolute `base`.
    func resolved(against base: URIReference) -> URIReference {
        if let scheme {
            return URIReference(
                scheme: scheme, authority: authority, path: Self.removeDotSegments(path), query: query,
                fragment: fragment)
        }
        if let authority {
            return URIReference(
                scheme: base.scheme, authority: authority, path: Self.removeDotSegments(path), query: query,
                fragment: fragment)
        }
        if path.isEmpty {
            return URIReference(
                scheme: base.scheme, authority: base.authority, path: base.path, query: query ?? base.query,
                fragment: fragment)
        }
        let merged: String
        if path.hasPrefix("/") {
            merged = path
        } else if base.authority != nil, base.path.isEmpty {
            merged = "/" + path
        } else if let slash = base.path.lastIndex(of: "/") {
            merged = base.path[...slash] + path
        } else {
            merged = path
        }
        return URIReference(
            scheme: base.scheme, authority: base.authority, path: Self.removeDotSegments(merged), query: query,
            fragment: fragment)
    }

    /// RFC 3986 section 5.2.4.
    static func removeDotSegments(_ path: String) -> String {
        var input = Substring(path)
        var output: [Substring] = []
        while !input.isEmpty {
            if input.hasPrefix("../") {
                input = input.dropFirst(3)
            } else if input.hasPrefix("./") {
                input = input.dropFirst(2)
            } else if input.hasPrefix("/./") {
                input = input.dropFirst(2)
            } else if input == "/." {
                input = "/"
            } else if input.hasPrefix("/../") || input == "/.." {
                input = input == "/.." ? "/" : input.dropFirst(3)
                if !output.isEmpty { output.removeLast() }
            } else if input == "." || input == ".." {
                input = ""
            } else {
                // Move the first segment (with its leading "/", if any) to the output.
                let searchStart = input.hasPrefix("/") ? input.index(after: input.startIndex) : input.startIndex
                let end = input[searchStart...].firstIndex(of: "/") ?? input.endIndex
                output.append(input[..<end])
                input = input[end...]
            }
        }
        return output.joined()
    }

    private static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, Markup.isLetter(first) else { return false }
        return text.utf8.allSatisfy {
            Markup.isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                || $0 == UInt8(ascii: ".")
        }
    }
}
