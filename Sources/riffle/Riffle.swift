import ArgumentParser

@main
struct Riffle: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "riffle",
        abstract: "Riffle many paginated sources into one feed, newest first.",
        version: "0.1.0")

    func run() async throws {}
}
