import ArgumentParser
import RiffleBytes
import RiffleCore

/// The names of the global options, read from their definitions in `GlobalOptions`: the argument parser's
/// own description of that type (`_dumpHelp()`), so that an option added there is moved past the command
/// without a second list to keep in step.
struct GlobalOptionNames: Sendable, Equatable {
    /// Names of options that take a value (`--config`, `--store`).
    var valued: Set<String>
    /// Names of options that take none (`--offline`, `-v`).
    var flags: Set<String>

    /// The global options as `GlobalOptions` declares them, less the parser's own help flags.
    static let declared = GlobalOptionNames(describing: GlobalOptions._dumpHelp(), excluding: ["-h", "--help"])

    /// Every name, valued or not.
    var all: Set<String> { valued.union(flags) }

    /// The names in the parser's JSON description of a type. A description that cannot be read gives no
    /// names (the parser wrote it; a test holds the table to the options).
    init(describing json: String, excluding excluded: Set<String>) {
        var valued: Set<String> = []
        var flags: Set<String> = []
        let arguments = (try? JSONValue(parsing: json))?["command"]?["arguments"]
        if case .array(let definitions) = arguments {
            for definition in definitions {
                guard case .array(let names) = definition["names"] else { continue }
                let spelled = names.compactMap(Self.spelling).filter { !excluded.contains($0) }
                switch definition["kind"]?.stringValue {
                case "option": valued.formUnion(spelled)
                case "flag": flags.formUnion(spelled)
                default: break
                }
            }
        }
        self.valued = valued
        self.flags = flags
    }

    /// A name as it is typed: `--store`, `-v`, `-name` for a long name with a single dash.
    private static func spelling(_ name: JSONValue) -> String? {
        guard let text = name["name"]?.stringValue, !text.isEmpty else { return nil }
        switch name["kind"]?.stringValue {
        case "long": return "--" + text
        case "short": return "-" + text
        case "longWithSingleDash": return "-" + text
        default: return nil
        }
    }
}
