/// RFC 3986 reference resolution (section 5.2): a feed's relative links made absolute against `xml:base`
/// and the feed's own URL.
///
/// Works on the text, as the RFC does (strict parser, `remove_dot_segments`), without percent-decoding or
/// normalising anything else, so an absolute link comes back exactly as written.
package struct URIReference: Sendable, Hashable {
    /// The scheme without `:`, as written; `nil` for a relative reference.
    package var scheme: String?
    /// The authority without `//`; `nil` when absent (which differs from empty: `file:///x`).
    var authority: String?
    var path: String
    /// The query without `?`; `nil` when absent.
    var query: String?
    /// The fragment without `#`; `nil` when absent.
    var fragment: String?

    /// Splits `text` as RFC 3986 appendix B does (on its UTF-8 view: the delimiters are ASCII).
    package init(_ text: String) {
        var rest = Substring(text)
        scheme = nil
        let delimiters: (UInt8) -> Bool = {
            $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
        }
        if let colon = rest.utf8.firstIndex(where: delimiters), rest.utf8[colon] == UInt8(ascii: ":"),
            Self.isScheme(rest[..<colon])
        {
            scheme = String(rest[..<colon])
            rest = rest[rest.utf8.index(after: colon)...]
        }
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = String(rest[rest.utf8.index(after: hash)...])
            rest = rest[..<hash]
        } else {
            fragment = nil
        }
        if let mark = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = String(rest[rest.utf8.index(after: mark)...])
            rest = rest[..<mark]
        } else {
            query = nil
        }
        if rest.utf8.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            let afterSlashes = rest.utf8.index(rest.startIndex, offsetBy: 2)
            let end = rest.utf8[afterSlashes...].firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
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
    var text: String {
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
    package static func resolve(_ reference: String, against base: String?) -> String {
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
        // Most paths have no dot segments: nothing to do.
        guard path.utf8.contains(UInt8(ascii: ".")),
            path == "." || path == ".." || path.hasPrefix("./")
                || path.hasPrefix("../") || path.contains("/./") || path.contains("/../") || path.hasSuffix("/.")
                || path.hasSuffix("/..")
        else { return path }
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
