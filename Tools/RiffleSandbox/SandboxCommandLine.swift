/// The `riffle-sandbox` command line, parsed by hand into ``SandboxOptions``.
///
/// Lives in the library so that tests can check it without starting a process.
public enum SandboxCommandLine {
    /// What the command line asks for.
    public enum Command: Sendable {
        /// Serve with these options.
        case serve(SandboxOptions)
        /// Print ``usage`` and exit 0.
        case help
    }

    /// The usage text.
    public static let usage = """
        usage: riffle-sandbox [--port N] [--latency D] [--fault RULE]... [--spacex-data FILE]
                              [--spacex-rockets FILE] [--seed N] [--items N] [--token T]... [--no-hostile]

        Serves fake GitLab, SpaceX, GraphQL and REST APIs on 127.0.0.1 for riffle's tests and demo.

          --port N             port to listen on (default 0: any free port)
          --latency D          delay before each response: 300ms, 1.5s, 2s (default 0)
          --fault RULE         inject a fault, repeatable: \(FaultRule.syntax)
                               e.g. gitlab:3=429, spacex:2-4=502, any:every=reset
          --spacex-data FILE   serve the launches of a SpaceX v4 launches JSON array
          --spacex-rockets FILE  rockets for populate (default: the four real rockets)
          --seed N             seed of the generated data (default 2026)
          --items N            items per source, 1...10000 (default 400)
          --token T            accepted bearer token, repeatable (default sandbox-token)
          --no-hostile         no terminal escape sequences or controls in generated titles
        """

    /// Parses the arguments after the program name.
    public static func parse(_ arguments: [String]) throws(SandboxUsageError) -> Command {
        var options = SandboxOptions()
        var tokens: Set<String> = []
        var remaining = arguments[...]

        func value(for flag: String) throws(SandboxUsageError) -> String {
            guard let next = remaining.popFirst() else { throw SandboxUsageError("\(flag) needs a value") }
            return next
        }

        while let argument = remaining.popFirst() {
            var flag = argument
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                remaining.insert(String(argument[argument.index(after: equals)...]), at: remaining.startIndex)
            }
            switch flag {
            case "-h", "--help":
                return .help
            case "--port":
                let text = try value(for: flag)
                guard let port = UInt16(text) else { throw SandboxUsageError("--port: '\(text)' is not a port") }
                options.port = port
            case "--latency":
                options.latency = try parseDuration(try value(for: flag))
            case "--fault":
                options.faults.append(try FaultRule(parsing: try value(for: flag)))
            case "--spacex-data":
                options.spaceXLaunchesFile = try value(for: flag)
            case "--spacex-rockets":
                options.spaceXRocketsFile = try value(for: flag)
            case "--seed":
                let text = try value(for: flag)
                guard let seed = UInt64(text) else { throw SandboxUsageError("--seed: '\(text)' is not a number") }
                options.seed = seed
            case "--items":
                let text = try value(for: flag)
                guard let items = Int(text), (1...10_000).contains(items) else {
                    throw SandboxUsageError("--items: '\(text)' is not a number in 1...10000")
                }
                options.itemsPerSource = items
            case "--token":
                let token = try value(for: flag)
                guard !token.isEmpty, token.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
                    throw SandboxUsageError("--token: a token is printable ASCII without spaces")
                }
                tokens.insert(token)
            case "--no-hostile":
                options.includeHostileTitles = false
            default:
                throw SandboxUsageError("unknown argument '\(argument)'")
            }
        }
        if !tokens.isEmpty { options.validTokens = tokens }
        return .serve(options)
    }

    /// Parses `300ms`, `1.5s`, `2s`, `0` into a duration of at most one minute.
    package static func parseDuration(_ text: String) throws(SandboxUsageError) -> Duration {
        let bad = SandboxUsageError("invalid duration '\(text)': expected e.g. 300ms or 1.5s (at most 60s)")
        let number: Substring
        let millisecondsPerUnit: Double
        if text.hasSuffix("ms") {
            number = text.dropLast(2)
            millisecondsPerUnit = 1
        } else if text.hasSuffix("s") {
            number = text.dropLast()
            millisecondsPerUnit = 1000
        } else if text == "0" {
            return .zero
        } else {
            throw bad
        }
        guard let value = Double(number), value >= 0, value * millisecondsPerUnit <= 60_000 else { throw bad }
        return .milliseconds(Int((value * millisecondsPerUnit).rounded()))
    }
}
