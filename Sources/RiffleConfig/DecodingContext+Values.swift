/// Typed values: each reads one node, reports what is wrong with it at its position, and returns `nil`
/// then (decoding goes on, so that one run reports every problem).
extension DecodingContext {
    /// A non-empty string.
    func string(_ node: YAMLNode, _ path: ConfigPath, allowEmpty: Bool = false) -> ScalarValue? {
        guard let value = scalar(node, path, expecting: "a string") else { return nil }
        if value.text.isEmpty && !allowEmpty {
            error("expected a non-empty string", at: node.mark, path)
            return nil
        }
        return value
    }

    /// A whole number in `range`.
    func int(_ node: YAMLNode, _ path: ConfigPath, in range: ClosedRange<Int>) -> Int? {
        guard let value = scalar(node, path, expecting: "a whole number") else { return nil }
        guard let number = ValueSyntax.wholeNumber(value.text) else {
            error("expected a whole number, got \(value.display)", at: node.mark, path)
            return nil
        }
        guard range.contains(number) else {
            error(
                "expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(value.display)",
                at: node.mark, path)
            return nil
        }
        return number
    }

    /// A duration such as `20s` in `range`.
    func duration(_ node: YAMLNode, _ path: ConfigPath, in range: ClosedRange<Duration>) -> Duration? {
        guard let value = scalar(node, path, expecting: "a duration") else { return nil }
        guard let duration = ValueSyntax.duration(value.text) else {
            error("expected a duration such as 20s, 2m, 1h30m, 500ms or 7d, got \(value.display)", at: node.mark, path)
            return nil
        }
        guard range.contains(duration) else {
            error(
                "expected a duration from \(ValueSyntax.describe(range.lowerBound)) to "
                    + "\(ValueSyntax.describe(range.upperBound)), got \(value.display)",
                at: node.mark, path)
            return nil
        }
        return duration
    }

    /// `true` or `false`, nothing else (YAML 1.2: `yes`, `on`, `no` are not booleans).
    func bool(_ node: YAMLNode, _ path: ConfigPath) -> Bool? {
        guard let value = scalar(node, path, expecting: "true or false") else { return nil }
        switch value.text {
        case "true": return true
        case "false": return false
        default:
            error("expected true or false, got \(value.display)", at: node.mark, path)
            return nil
        }
    }

    /// One of `options`.
    func choice(_ node: YAMLNode, _ path: ConfigPath, among options: [String]) -> String? {
        guard let value = scalar(node, path, expecting: "one of \(options.joined(separator: ", "))") else {
            return nil
        }
        guard options.contains(value.text) else {
            error("expected one of \(options.joined(separator: ", ")), got \(value.display)", at: node.mark, path)
            return nil
        }
        return value.text
    }

    /// One of `Choice`'s raw values, read through `Choice(rawValue:)` (the same test as `choice(_:_:among:)`'s
    /// `contains`): the list of allowed values is built only for a message, where building it on every call
    /// was 2% of decoding a file of GitLab sources.
    func choice<Choice: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ path: ConfigPath, as _: Choice.Type)
        -> Choice?
    where Choice.RawValue == String {
        // A closure, not `\.rawValue`: in this generic function a key path is instantiated at run time on
        // every call.
        let options = { Choice.allCases.map { $0.rawValue }.joined(separator: ", ") }
        guard let value = scalar(node, path, expecting: "one of \(options())") else { return nil }
        guard let choice = Choice(rawValue: value.text) else {
            error("expected one of \(options()), got \(value.display)", at: node.mark, path)
            return nil
        }
        return choice
    }

    /// An http or https URL with a host.
    func webURL(_ node: YAMLNode, _ path: ConfigPath) -> String? {
        guard let value = scalar(node, path, expecting: "an http or https URL") else { return nil }
        if let problem = ValueSyntax.webURLProblem(value.text) {
            error("\(problem), got \(value.display)", at: node.mark, path)
            return nil
        }
        return value.text
    }

    /// A dotted path with non-empty segments.
    func fieldPath(_ node: YAMLNode, _ path: ConfigPath) -> FieldPath? {
        guard let value = scalar(node, path, expecting: "a dotted path") else { return nil }
        guard let fieldPath = FieldPath(value.text) else {
            error(
                "expected a dotted path such as data.items.nodes (non-empty segments, no spaces), got \(value.display)",
                at: node.mark, path)
            return nil
        }
        return fieldPath
    }

    /// A GraphQL variable name.
    func graphQLName(_ node: YAMLNode, _ path: ConfigPath) -> String? {
        guard let value = scalar(node, path, expecting: "a GraphQL variable name") else { return nil }
        guard ValueSyntax.isGraphQLName(value.text) else {
            error("expected a GraphQL variable name (letters, digits, _), got \(value.display)", at: node.mark, path)
            return nil
        }
        return value.text
    }

    /// A string that may go into an HTTP header: no CR, LF or NUL.
    func headerValue(_ node: YAMLNode, _ path: ConfigPath) -> ScalarValue? {
        guard let value = string(node, path, allowEmpty: true) else { return nil }
        // These three are ASCII, and a byte below 0x80 in UTF-8 is always the character itself: looked for
        // among the bytes (going through the scalars cost more than reading the rest of a source).
        guard !value.text.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
            error("a header value cannot contain CR, LF or NUL", at: node.mark, path)
            return nil
        }
        return value
    }
}
