import ArgumentParser
import RiffleConfig
import RiffleCore
import RiffleServe
import RiffleStoreKit
internal import RiffleSystem
import RiffleTerminal

/// `riffle serve`: refreshes every source into the store on its schedule and serves the merged feed over
/// HTTP from the store (contract section 9), until SIGTERM or SIGINT.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve", abstract: "Serve the merged feed over HTTP, refreshing every source on its schedule.",
        discussion: """
            Feeds: /feed.atom, /feed.rss, /feed.json (?n=, ?source=a,b, ?q=, ?unread=1, ?after=), one source \
            at /sources/NAME/feed.atom (.rss, .json); /healthz. With --offline nothing is refreshed.

            Examples:
              riffle serve
              riffle serve --listen 127.0.0.1:0 --access-log
            """)

    @OptionGroup(title: "Global Options") var global: GlobalOptions

    @Option(help: ArgumentHelp("Listen here instead of serve.listen (default 127.0.0.1:8686).", valueName: "host:port"))
    var listen: String?

    @Flag(help: "One line per request on stderr (secrets masked).")
    var accessLog = false

    func validate() throws {
        if let listen, case .failure(let problem) = ListenAddress.parse(listen) {
            throw ValidationError("--listen \(listen): \(problem.message)")
        }
    }

    func run() async throws {
        // Checked here rather than in `validate()`: every global option parses with every command.
        if global.noStore { throw CLIFailure.usage("riffle serve serves the store; it cannot be used with --no-store") }
        let session = try await Session.load(global, storeNeed: .required(by: "riffle serve"))
        guard let store = session.store else { throw CLIFailure.other("riffle serve needs the store") }
        let serve = session.configuration.serve
        var address = serve.listen
        if let listen, case .success(let given) = ListenAddress.parse(listen) { address = given }
        let token = try Self.token(serve, file: session.configuration.path)
        if token == nil, !address.isLoopback {
            throw CLIFailure.configuration([
                "\(session.configuration.path): serve.listen \(address) is not a loopback address; riffle serve "
                    + "refuses to listen there without serve.token (or serve.token_file)"
            ])
        }
        let board = RefreshBoard()
        let names = session.sources.map(\.name)
        let routes = FeedRoutes(store: store, sources: names, token: token.map(AccessToken.init), board: board)
        var refresher: Refresher?
        if !session.offline {
            var log: (@Sendable (String) -> Void)?
            if global.verbose {
                log = { line in Console.writeError("riffle: \(UntrustedText.sanitize(line))") }
            }
            let refresh = ServeRefresh(session: session, store: store)
            let schedule: [(name: String, refresh: Duration)] = session.sources.map { ($0.name, $0.refresh) }
            refresher = Refresher(
                sources: schedule, board: board, seed: UInt64(truncatingIfNeeded: Timestamp.now().microseconds),
                log: log, refresh: { index in await refresh.refresh(index) })
        }
        let server = ServeServer(routes: routes, listen: address, accessLog: accessLog) { line in
            Console.writeError("riffle: \(line)")
        }
        do {
            try await server.run(beside: refresher)
        } catch let error as ListenFailure {
            throw CLIFailure.other(error.description)
        } catch {
            throw CLIFailure.other("riffle serve on \(address): \(UntrustedText.sanitize(String(describing: error)))")
        }
        await session.finishStoreWrites()
        do {
            try store.close()
        } catch {
            throw CLIFailure.other(UntrustedText.sanitize(error.description))
        }
    }

    /// The token from `serve.token`, else the first line of `serve.token_file` (exit 78 when it cannot be
    /// read or is empty); `nil` when neither is set.
    static func token(_ serve: ServeSettings, file: String) throws -> String? {
        if let token = serve.token { return token }
        guard let path = serve.tokenFile else { return nil }
        let text: String
        do {
            text = String(decoding: try FileSystem.readPrefix(path, count: 4_096), as: UTF8.self)
        } catch {
            throw CLIFailure.configuration(["\(file): serve.token_file \(path) cannot be read: \(error)"])
        }
        let line = text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).first.map(String.init) ?? ""
        guard !line.isEmpty else {
            throw CLIFailure.configuration([
                "\(file): serve.token_file \(path) is empty; put the token on its first line"
            ])
        }
        return line
    }
}
