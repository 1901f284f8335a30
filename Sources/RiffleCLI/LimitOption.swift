import ArgumentParser

/// `--limit N`, shared by `read` and `export`: how many items to write at most.
///
/// A number too large for an `Int` is refused by the parser, a negative one by `validate()`: both are
/// usage errors (exit 64).
struct LimitOption: ParsableArguments {
    @Option(help: ArgumentHelp("Stop after this many items.", valueName: "n"))
    var limit: Int?

    func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit \(limit): expected 0 or more") }
    }
}
