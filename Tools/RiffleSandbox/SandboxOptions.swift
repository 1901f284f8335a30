/// How a sandbox server runs and what data it serves.
///
/// Every default gives the data set `make demo` and the tests rely on; the same options always give
/// the same data, byte for byte.
public struct SandboxOptions: Sendable {
    /// TCP port on 127.0.0.1; 0 lets the system choose (see ``SandboxServer/start()``).
    package var port: UInt16
    /// Delay before every response, to make paging and prefetching visible.
    package var latency: Duration
    /// Faults injected into chosen requests; changeable later with ``SandboxServer/setFaults(_:)``.
    package var faults: [FaultRule]
    /// Seed of the generated data.
    package var seed: UInt64
    /// Items generated per source: issues per GitLab project, SpaceX launches, GitHub-shaped issues per
    /// repository, articles, events, REST events per repository. Clamped to 1...10,000.
    package var itemsPerSource: Int
    /// A SpaceX v4 launches JSON array (like `GET /v4/launches`) served instead of generated launches.
    package var spaceXLaunchesFile: String?
    /// A SpaceX v4 rockets JSON array used for `populate`; without it the four real rockets are
    /// generated.
    var spaceXRocketsFile: String?
    /// Bearer tokens the fake APIs accept. Any other token is refused with 401.
    package var validTokens: Set<String>
    /// Whether a few generated titles carry terminal escape sequences, controls and bidi overrides.
    package var includeHostileTitles: Bool
    /// The "now" of the generated data: items spread over the two years before it, upcoming launches
    /// after it. Fixed, so that runs are reproducible.
    var referenceTime: Int64
    /// Largest request body accepted; larger ones get 413.
    var maxRequestBodyBytes: Int

    /// 2026-11-01T00:00:00Z, the default ``referenceTime``.
    public static let defaultReferenceTime: Int64 = 1_793_491_200

    /// The default token, accepted unless ``validTokens`` is changed.
    public static let defaultToken = "sandbox-token"

    public init(
        port: UInt16 = 0,
        latency: Duration = .zero,
        faults: [FaultRule] = [],
        seed: UInt64 = 2026,
        itemsPerSource: Int = 400,
        spaceXLaunchesFile: String? = nil,
        spaceXRocketsFile: String? = nil,
        validTokens: Set<String> = [SandboxOptions.defaultToken],
        includeHostileTitles: Bool = true,
        referenceTime: Int64 = SandboxOptions.defaultReferenceTime,
        maxRequestBodyBytes: Int = 1 << 20
    ) {
        self.port = port
        self.latency = latency
        self.faults = faults
        self.seed = seed
        self.itemsPerSource = itemsPerSource
        self.spaceXLaunchesFile = spaceXLaunchesFile
        self.spaceXRocketsFile = spaceXRocketsFile
        self.validTokens = validTokens
        self.includeHostileTitles = includeHostileTitles
        self.referenceTime = referenceTime
        self.maxRequestBodyBytes = maxRequestBodyBytes
    }

    /// ``itemsPerSource`` within its limits.
    var clampedItemsPerSource: Int { min(max(itemsPerSource, 1), 10_000) }
}
