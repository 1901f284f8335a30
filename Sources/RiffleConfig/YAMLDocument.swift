internal import CLibYAML

/// The one place that talks to libyaml: runs its event parser over a file's bytes and builds the tree.
///
/// The event API, not `yaml_parser_load`: the document API keeps duplicate keys silently and builds cyclic
/// graphs from self-referencing aliases. libyaml's own errors (tabs, indentation, unclosed quotes) come
/// back as diagnostics with a line and column like every other error.
package enum YAMLDocument {
    /// Parses the single YAML document in `bytes`; `nil` for an empty stream.
    ///
    /// Throws every problem found: a syntax error or exceeded limit (which stops parsing), and duplicate
    /// keys (which do not).
    static func parse(
        _ bytes: [UInt8], file: String, limits: ParseLimits = .standard
    ) throws(ConfigError) -> YAMLNode? {
        var diagnostics = Diagnostics(file: file)
        let outcome = parse(bytes, limits: limits, diagnostics: &diagnostics)
        guard diagnostics.isEmpty, case .parsed(let root) = outcome else { throw diagnostics.error }
        return root
    }

    /// Parses the single YAML document in `text`; see `parse(_:file:limits:)`.
    package static func parse(
        _ text: String, file: String, limits: ParseLimits = .standard
    ) throws(ConfigError) -> YAMLNode? {
        try parse(Array(text.utf8), file: file, limits: limits)
    }

    /// What parsing gave: a tree (possibly with non-fatal problems in `diagnostics`), or nothing usable.
    enum Outcome {
        case parsed(YAMLNode?)
        case failed
    }

    /// Parses `bytes`, adding problems to `diagnostics`.
    static func parse(_ bytes: [UInt8], limits: ParseLimits, diagnostics: inout Diagnostics) -> Outcome {
        if let problem = InputCheck.problem(in: bytes, limits: limits) {
            diagnostics.add(problem.message, at: problem.mark)
            return .failed
        }
        if bytes.isEmpty { return .parsed(nil) }
        var builder = TreeBuilder(limits: limits, inputSize: bytes.count)
        do {
            try run(bytes, builder: &builder)
        } catch {
            for problem in builder.problems { diagnostics.add(problem.message, at: problem.mark, path: problem.path) }
            diagnostics.add(error.message, at: error.mark)
            return .failed
        }
        for problem in builder.problems { diagnostics.add(problem.message, at: problem.mark, path: problem.path) }
        return .parsed(builder.root())
    }

    /// The event loop: one libyaml parser over `bytes`, each event handed to `builder`.
    private static func run(_ bytes: [UInt8], builder: inout TreeBuilder) throws(TreeBuilder.Failure) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw TreeBuilder.Failure(
                message: "libyaml could not start (out of memory)", mark: Mark(line: 1, column: 1))
        }
        defer { yaml_parser_delete(&parser) }
        let shielded = PlaceholderBraces.shield(bytes)
        let input = shielded ?? bytes
        let failure: TreeBuilder.Failure? = input.withUnsafeBufferPointer { buffer -> TreeBuilder.Failure? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    return syntaxError(&parser, bytes: bytes)
                }
                defer { yaml_event_delete(&event) }
                do throws(TreeBuilder.Failure) {
                    if try handle(&event, builder: &builder, restoring: shielded != nil) { return nil }
                } catch {
                    return error
                }
            }
        }
        if let failure { throw failure }
    }

    /// Feeds one event to the builder; true at the end of the stream.
    private static func handle(
        _ event: inout yaml_event_t, builder: inout TreeBuilder, restoring: Bool
    ) throws(TreeBuilder.Failure) -> Bool {
        let mark = Mark(line: event.start_mark.line + 1, column: event.start_mark.column + 1)
        switch event.type {
        case YAML_STREAM_END_EVENT:
            return true
        case YAML_DOCUMENT_START_EVENT:
            try builder.startDocument(at: mark)
        case YAML_ALIAS_EVENT:
            try builder.alias(string(event.data.alias.anchor) ?? "", at: mark)
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let style: YAMLScalarStyle
            switch data.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: style = .literal
            case YAML_FOLDED_SCALAR_STYLE: style = .folded
            default: style = .plain
            }
            // libyaml's buffer goes into the tree's byte buffer as it is: no `String` is made here.
            try builder.scalar(
                UnsafeBufferPointer(start: data.value, count: data.value == nil ? 0 : data.length), style: style,
                tag: string(data.tag), anchor: string(data.anchor), at: mark, restoring: restoring)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            try builder.startCollection(isMapping: false, tag: string(data.tag), anchor: string(data.anchor), at: mark)
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            try builder.startCollection(isMapping: true, tag: string(data.tag), anchor: string(data.anchor), at: mark)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            builder.endCollection()
        default:
            break
        }
        return false
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// The text of line `line` (1-based), for hints.
    private static func lineText(_ line: Int, in bytes: [UInt8]) -> String {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return "" }
        return String(decoding: lines[line - 1], as: UTF8.self)
    }

    /// libyaml's error as a message and a position, reworded where a plainer hint helps.
    private static func syntaxError(_ parser: inout yaml_parser_t, bytes: [UInt8]) -> TreeBuilder.Failure {
        let problem = parser.problem.map { String(cString: $0) } ?? "syntax error"
        switch parser.error {
        case YAML_READER_ERROR:
            return TreeBuilder.Failure(message: problem, mark: InputCheck.mark(at: parser.problem_offset, in: bytes))
        case YAML_MEMORY_ERROR:
            return TreeBuilder.Failure(message: "out of memory while parsing", mark: Mark(line: 1, column: 1))
        default:
            break
        }
        let mark = Mark(line: parser.problem_mark.line + 1, column: parser.problem_mark.column + 1)
        let context = parser.context.map { String(cString: $0) }
        let contextMark = Mark(line: parser.context_mark.line + 1, column: parser.context_mark.column + 1)
        if InputCheck.byte(at: mark, in: bytes) == UInt8(ascii: "\t") {
            return TreeBuilder.Failure(message: "a tab character here; YAML indents with spaces", mark: mark)
        }
        if let context, context.hasPrefix("while scanning a quoted scalar"), problem.contains("end of stream") {
            return TreeBuilder.Failure(message: "unclosed quote: this string has no closing quote", mark: contextMark)
        }
        var message = problem
        if let context { message += " (\(context) at \(contextMark))" }
        let indentationProblems = [
            "did not find expected key", "did not find expected '-' indicator",
            "mapping values are not allowed in this context", "did not find expected <document start>",
        ]
        if indentationProblems.contains(problem) {
            message += "; check the indentation"
        } else if context?.hasPrefix("while parsing a flow") == true, lineText(mark.line, in: bytes).contains("${") {
            message += "; inside { } or [ ], quote a value that holds ${…}: \"${VAR}\""
        }
        return TreeBuilder.Failure(message: message, mark: mark)
    }
}
