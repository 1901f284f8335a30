import RiffleConfig
import RiffleCore
import RiffleHTTP
import RifflePlugins
import RiffleSources
import RiffleStore
import RiffleStoreKit
internal import RiffleSystem
import RiffleTerminal

/// What every command that reads sources needs: the configuration, the HTTP client, and the sources
/// chosen with `--source`. Loading it is where configuration errors (exit 78) and unknown source names
/// (exit 64) are reported.
struct Session {
    let configuration: Configuration
    let catalog: PluginCatalog
    /// `nil` with `--offline`: nothing goes to the network, so libcurl and its loop thread are not started
    /// (part of the offline first screen's start-up).
    let client: HTTPClient?
    /// The chosen sources, in configuration order.
    let sources: [SourceSettings]
    let environment: [String: String]
    /// The store this run writes to, open or being created; `nil` when it uses none.
    let storeOpening: StoreOpening?
    /// The store, when this run uses one and it is open (`nil` with `--no-store`, when it cannot be used,
    /// or while a new store is created alongside the run's first requests: see `storeOpening`).
    var store: (any Store)? { storeOpening?.opened }
    /// `--offline`: every source is read from the store.
    let offline: Bool
    /// The first store failure of the run, told once.
    let storeTrouble: StoreTrouble
    /// The sources' store writers, waited for by `finishStoreWrites()`.
    let storeWriters = StoreWriters()
    /// What feed sources remember between requests (validators, kept pages, first-seen times): the store
    /// when there is one, else this process's memory.
    let memory: any DocumentMemory

    /// Loads the configuration and opens the store (`storeNeed`: whether the command can go on without it).
    /// `storeAlongside`: a store that does not exist yet is created while the run's first requests go,
    /// for a command that reads no more of it than the feed memory and the sources' writers do.
    static func load(
        _ options: GlobalOptions, storeNeed: StoreNeed = .optional, storeAlongside: Bool = false
    ) async throws -> Session {
        let environment = Environment.all()
        let (configuration, catalog, problems) = try await loadConfiguration(options, environment: environment)
        // A plugin file with an error only loses its own type, so reading goes on and it is a warning here.
        printWarnings(configuration, problems)
        let sources = try choose(options.source, from: configuration.sources)
        var httpConfiguration = HTTPClient.Configuration(version: Riffle.version)
        httpConfiguration.secrets =
            Array(configuration.secrets) + sources.flatMap(\.literalSecrets) + catalog.secrets(for: sources)
        if options.verbose {
            httpConfiguration.log = { line in Console.writeError("riffle: \(UntrustedText.sanitize(line))") }
        }
        var client: HTTPClient?
        if !options.offline {
            do {
                client = try HTTPClient(configuration: httpConfiguration)
            } catch {
                throw CLIFailure.other("cannot start the HTTP client: \(error)")
            }
        }
        let need = options.offline ? StoreNeed.required(by: "--offline") : storeNeed
        let trouble = StoreTrouble { error in StoreNeed.warn(UntrustedText.sanitize(error.description)) }
        let opening = try await openStore(
            options, configuration: configuration, environment: environment, need: need,
            alongside: storeAlongside && !options.offline)
        return Session(
            configuration: configuration, catalog: catalog, client: client, sources: sources, environment: environment,
            storeOpening: opening, offline: options.offline, storeTrouble: trouble,
            memory: opening.map {
                StoreDocumentMemory(
                    opening: $0, trouble: trouble, heads: options.offline ? [] : feedHeads(sources))
            } ?? InMemoryDocumentMemory())
    }

    /// Each chosen feed source and the URL it reads first: what a store's feed memory reads in one go, for
    /// the run's first requests.
    static func feedHeads(_ sources: [SourceSettings]) -> [(source: String, url: String)] {
        sources.compactMap { source in BuiltInAdapters.feedURL(of: source).map { (source.name, $0) } }
    }

    /// The store this run uses: `nil` with `--no-store`; a store that cannot be used is one warning and
    /// `nil`, or exit 1 when the command needs it. `alongside` (with an optional store): a store file that
    /// does not exist yet holds no validators, so the run need not wait for its creation (about 25 ms of
    /// `fdatasync`s): it is made while the first requests go, and its warning, if it cannot be, comes then.
    static func openStore(
        _ options: GlobalOptions, configuration: Configuration, environment: [String: String], need: StoreNeed,
        alongside: Bool = false
    ) async throws -> StoreOpening? {
        guard !options.noStore else { return nil }
        guard
            let path = StoreLocation.resolve(
                flag: options.store, configured: configuration.store.path, environment: environment)
        else {
            try need.goOnWithout(because: "no store file: set HOME or XDG_STATE_HOME, or pass --store PATH")
            return nil
        }
        if options.store != nil || configuration.store.path != nil,
            let missing = StoreLocation.missingDirectory(of: path)
        {
            try need.goOnWithout(because: UntrustedText.sanitize(missing))
            return nil
        }
        if alongside, case .optional = need, !FileSystem.exists(path) {
            return StoreOpening(creating: {
                switch await open(path) {
                case .success(let store): return store
                case .failure(let error):
                    StoreNeed.warn(UntrustedText.sanitize(error.description))
                    return nil
                }
            })
        }
        switch await open(path) {
        case .success(let store): return StoreOpening(store)
        case .failure(let error):
            try need.goOnWithout(because: UntrustedText.sanitize(error.description))
            return nil
        }
    }

    /// The store at `path`, opened (and created when missing), or why it cannot be used: the one place a
    /// backend is chosen (a path is an SQLite file).
    private static func open(_ path: String) async -> Result<any Store, StoreError> {
        do {
            return .success(try await SQLiteStore.open(at: path))
        } catch {
            return .failure(error)
        }
    }

    /// The configuration, decoded against the plugins found, and problems found in plugin files. Only the
    /// executable plugins whose type a configured source uses are started (to learn their params).
    static func loadConfiguration(
        _ options: GlobalOptions, environment: [String: String]
    ) async throws -> (Configuration, PluginCatalog, [PluginProblem]) {
        let location: ConfigLocator.Location
        do {
            location = try ConfigLocator.resolve(flag: options.config, environment: environment)
        } catch {
            throw CLIFailure.configuration([error.description])
        }
        do {
            return try await PluginCatalog.loadConfiguration(path: location.path, environment: environment)
        } catch {
            throw CLIFailure.configuration(error.diagnostics.map(\.description))
        }
    }

    /// Prints, one `riffle: warning:` line each on stderr, the configuration's warnings and then `problems`
    /// (plugin files' problems the command does not treat as errors): the one place both are worded.
    static func printWarnings(_ configuration: Configuration, _ problems: [PluginProblem]) {
        for warning in configuration.warnings { Console.writeError("riffle: warning: \(warning)") }
        for problem in problems { Console.writeError("riffle: warning: \(problem.diagnostic)") }
    }

    /// The sources named with `--source`, or all; an unknown name is a usage error with a suggestion.
    static func choose(_ names: [String], from sources: [SourceSettings]) throws -> [SourceSettings] {
        guard !names.isEmpty else { return sources }
        let known = Set(sources.map(\.name))
        for name in names where !known.contains(name) {
            let hint = Suggestion.hint(for: name, among: sources.map(\.name))
            throw CLIFailure.usage(
                "--source \(UntrustedText.sanitize(name)): no such source\(UntrustedText.sanitize(hint))")
        }
        let wanted = Set(names)
        return sources.filter { wanted.contains($0.name) }
    }

    /// The merge sources for the chosen sources: from the store with `--offline`; else over the network,
    /// each read from its head written to the store when there is one (contract section 6). `resuming`
    /// (`--after`): the pages the resume needs that the store holds fresh come from it (`FreshPagesFirst`).
    /// `limit`: the most items the command shows, so that the offline view reads no more of a source.
    func mergeSources(since: Timestamp? = nil, resuming: Bool = false, limit: Int? = nil) throws -> [MergeSource] {
        if offline, let store {
            let pageSize = min(Self.offlinePageSize, max(1, limit ?? Self.offlinePageSize))
            return sources.map { source in
                MergeSource(
                    name: source.name, pageable: StoredItems(store: store, source: source.name), pageSize: pageSize)
            }
        }
        return try sources.map { source in
            let (merge, recorder) = try networkSource(source, since: since)
            guard let recorder else { return merge }
            storeWriters.add(recorder)
            var resumed = merge
            // A store being created holds no pages to resume from: the network is asked, as it would be.
            if resuming, let store {
                resumed.pageable = FreshPagesFirst(
                    store: store, source: source.name, shape: identity(of: source, since: since), network: recorder,
                    trouble: storeTrouble)
            }
            return resumed
        }
    }

    /// `source` read over the network from its head, written to the store when there is one (the recorder,
    /// whose writes the caller waits for): what every command's network view is made of.
    func networkSource(
        _ source: SourceSettings, since: Timestamp? = nil
    ) throws -> (MergeSource, RecordingPageable?) {
        guard let client else { throw CLIFailure.other("--offline: the network is not used") }
        let pageable = try SourceFactory.make(
            source, context: AdapterContext(client: client, since: since, memory: memory),
            plugins: catalog.makeSource(client: client))
        var merge = SourceFactory.mergeSource(source, pageable: pageable, log: client.configuration.log)
        guard let storeOpening else { return (merge, nil) }
        let shape = identity(of: source, since: since)
        let recorder = RecordingPageable(
            merge.pageable, opening: storeOpening,
            source: StoreSource(name: source.name, type: source.type, identity: shape),
            policy: policy(for: source), trouble: storeTrouble, endIsSourceEnd: since == nil, shape: shape)
        merge.pageable = recorder
        return (merge, recorder)
    }

    /// The fingerprint of what decides `source`'s pages (`SourceShape`): the shape its pages are kept under,
    /// and the identity its stored position is kept with (`StoreSource.identity`).
    func identity(of source: SourceSettings, since: Timestamp? = nil) -> Int64 {
        SourceShape.fingerprint(source, since: since, secrets: Set(client?.configuration.secrets ?? []))
    }

    /// Items per page of a stored source in the offline view.
    static let offlinePageSize = 200

    /// Waits until every page read has been written to the store (pages are written while the merge
    /// goes on); call before the command ends.
    func finishStoreWrites() async {
        await storeWriters.finish()
        // A store made alongside the run is open (or told as unusable) before the command ends, even when
        // no source wrote to it.
        _ = await storeOpening?.store
    }

    /// How the store keeps `source`'s items: the configured limits, and whether its adapter keeps what fell
    /// off its end (feeds do).
    func policy(for source: SourceSettings) -> SourcePolicy {
        SourcePolicy(
            maxItems: configuration.store.maxItems, keep: configuration.store.keep,
            keepsFallenOff: BuiltInAdapters.keepsFallenOff(source))
    }
}
