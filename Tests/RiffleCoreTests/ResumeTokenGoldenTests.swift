import RiffleCore
import RiffleTestSupport
import Testing

/// The resume token's bytes are fixed: a cursor an earlier run printed must resume the same way. These
/// vectors were written by the encoder as it stood when the format was settled; a change to the encoder that
/// alters one of them breaks every cursor users hold.
@Suite struct ResumeTokenGoldenTests {
    /// Positions that together use every part of the format: the three time units (and times before the
    /// format's epoch), names and indices for the anchor's source, its first-page index and id hash, its
    /// entry's count, a frontier behind it, entries with and without cursor, count and `done`, the three
    /// forms of `finished`, and a tail long enough to be encoded apart.
    static let positions: [(name: String, position: MergePosition)] = [
        (
            "seconds, frontier",
            MergePosition(
                entries: [], frontier: nil,
                anchor: .init(
                    time: Timestamp(unixSeconds: 1_800_000_000), source: .name("news"), firstPageIndex: nil,
                    idHash: 0, isFrontier: true))
        ),
        (
            "milliseconds, first page",
            MergePosition(
                entries: [], frontier: Timestamp(microseconds: 1_800_000_100_000_000),
                anchor: .init(
                    time: Timestamp(microseconds: 1_800_000_000_123_000), source: .name("gitlab"),
                    firstPageIndex: 12, idHash: 0xdead_beef, isFrontier: false))
        ),
        (
            "microseconds before 2020, entries, a list",
            MergePosition(
                entries: [
                    .init(name: "a \"quoted\" \\ name", cursor: "eyJpZCI6IjEifQ\n\u{1B}", skip: 3, done: false),
                    .init(name: "ünïcode 😀", cursor: nil, skip: nil, done: true),
                    .init(name: "by the anchor", cursor: "c", skip: nil, done: false),
                ], frontier: Timestamp(microseconds: -5_000_000),
                anchor: .init(
                    time: Timestamp(microseconds: -4_999_999), source: .name("by the anchor"), firstPageIndex: nil,
                    idHash: 0, isFrontier: false, entrySkip: 4),
                finished: .init(fingerprint: 7, sourceCount: 20, indices: [0, 3, 19]))
        ),
        (
            "index-named anchor, a bitmap",
            MergePosition(
                entries: [], frontier: nil,
                anchor: .init(
                    time: Timestamp(unixSeconds: 1_790_000_000), source: .index(999), firstPageIndex: 2,
                    idHash: 0x0102_0304, isFrontier: true),
                finished: .init(
                    fingerprint: 0xfeed_f00d, sourceCount: 1000, indices: Array(stride(from: 0, to: 1000, by: 3))))
        ),
        (
            "the others listed",
            MergePosition(
                entries: [], frontier: nil,
                anchor: .init(
                    time: Timestamp(unixSeconds: 1_790_000_001), source: .name("s"), firstPageIndex: 0, idHash: 1,
                    isFrontier: true),
                finished: .init(fingerprint: 1, sourceCount: 1000, indices: Array(0..<1000).filter { $0 != 500 }))
        ),
        ("nothing emitted yet", MergePosition(entries: [], frontier: nil)),
        (
            "no anchor, entries and a frontier",
            MergePosition(
                entries: [
                    .init(name: "a", cursor: "c1", skip: 2, done: false),
                    .init(name: "b", cursor: nil, skip: nil, done: true),
                ], frontier: Timestamp(microseconds: 7))
        ),
        (
            "a tail encoded apart",
            MergePosition(
                entries: (0..<40).map {
                    MergePosition.Entry(name: "source-\($0)", cursor: "cursor-\($0)", skip: nil, done: $0 % 7 == 0)
                }, frontier: nil,
                anchor: .init(
                    time: Timestamp(unixSeconds: 1_790_000_002), source: .name("source-3"), firstPageIndex: nil,
                    idHash: 0, isFrontier: true, entrySkip: 2))
        ),
    ]

    /// The tokens of `positions`, in order.
    static let positionTokens: [String] = [
        "r3.QoDE79MBBG5ld3M",
        "r3.Jfahq5_3DAZnaXRsYWIM776t3o-CoF8",
        "r3.nAH9rLSkmMLNBQ1ieSB0aGUgYW5jaG9yBAIDBRFhICJxdW90ZWQiIFwgbmFtZRBleUpwWkNJNklqRWlmUQobA"
            + "wIOw7xuw69jb2RlIPCfmIABDWJ5IHRoZSBhbmNob3IBYwcAAAAQCQAI",
        "r3.0wKA6qrKAecHAgQDAgEN8O3-AEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJ"
            + "EmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJEmSJ"
            + "EmSJEmSJEmSJEmSJEmS",
        "r3.U4LqqsoBAXMAAQAAAAEAAAAC6AcB9AM",
        "r3.gAQ",
        "r3.jATx_9GfmMLNBQIFAWECYzECAgFi",
        "r3.yoEAhOqqygEIc291cmNlLTMCKAMIc291cmNlLTAIY3Vyc29yLTABCHNvdXJjZS0xCGN1cnNvci0xAQhzb3VyY"
            + "2UtMghjdXJzb3ItMgEIc291cmNlLTMIY3Vyc29yLTMBCHNvdXJjZS00CGN1cnNvci00AQhzb3VyY2UtNQhjdXJzb"
            + "3ItNQEIc291cmNlLTYIY3Vyc29yLTYDCHNvdXJjZS03CGN1cnNvci03AQhzb3VyY2UtOAhjdXJzb3ItOAEIc291c"
            + "mNlLTkIY3Vyc29yLTkBCXNvdXJjZS0xMAljdXJzb3ItMTABCXNvdXJjZS0xMQljdXJzb3ItMTEBCXNvdXJjZS0xM"
            + "gljdXJzb3ItMTIBCXNvdXJjZS0xMwljdXJzb3ItMTMDCXNvdXJjZS0xNAljdXJzb3ItMTQBCXNvdXJjZS0xNQljd"
            + "XJzb3ItMTUBCXNvdXJjZS0xNgljdXJzb3ItMTYBCXNvdXJjZS0xNwljdXJzb3ItMTcBCXNvdXJjZS0xOAljdXJzb"
            + "3ItMTgBCXNvdXJjZS0xOQljdXJzb3ItMTkBCXNvdXJjZS0yMAljdXJzb3ItMjADCXNvdXJjZS0yMQljdXJzb3ItM"
            + "jEBCXNvdXJjZS0yMgljdXJzb3ItMjIBCXNvdXJjZS0yMwljdXJzb3ItMjMBCXNvdXJjZS0yNAljdXJzb3ItMjQBC"
            + "XNvdXJjZS0yNQljdXJzb3ItMjUBCXNvdXJjZS0yNgljdXJzb3ItMjYBCXNvdXJjZS0yNwljdXJzb3ItMjcDCXNvd"
            + "XJjZS0yOAljdXJzb3ItMjgBCXNvdXJjZS0yOQljdXJzb3ItMjkBCXNvdXJjZS0zMAljdXJzb3ItMzABCXNvdXJjZ"
            + "S0zMQljdXJzb3ItMzEBCXNvdXJjZS0zMgljdXJzb3ItMzIBCXNvdXJjZS0zMwljdXJzb3ItMzMBCXNvdXJjZS0zN"
            + "AljdXJzb3ItMzQDCXNvdXJjZS0zNQljdXJzb3ItMzUBCXNvdXJjZS0zNgljdXJzb3ItMzYBCXNvdXJjZS0zNwljd"
            + "XJzb3ItMzcBCXNvdXJjZS0zOAljdXJzb3ItMzgBCXNvdXJjZS0zOQljdXJzb3ItMzk",
    ]

    /// The tokens of `mergeTokens()`, in order.
    static let mergeTokenVectors: [String] = [
        "r3.Q5P13uALAnMxACiE670",
        "r3.Q_f13uALAnMwAHNR2b0",
        "r3.ygG_997gCwJzMAABAQJzMAEy",
        "r3.ygG_997gCwJzMAEBAQJzMAEy",
        "r3.ygG_997gCwJzMQACAQJzMAEyAQJzMQEy",
        "r3.Wr_33uALAnMyAgECczABMgECczEBMigQO1wUBA",
        "r3.2gGH-d7gCwJzMQECAQJzMAEyAQJzMQEyKBA7XBQE",
        "r3.XMf23uALAnMxgKDLmAECBQJzMAEyAQUCczEBNAAoEDtcFAQ",
        "r3.2gGX_N7gCwJzMAACAQJzMAE0AQJzMQE0KBA7XBQE",
        "r3.WreC3-ALAnMwAQECczEBNCgQO1wUBQ",
        "r3.UuuD3-ALAnMxKBA7XBQH",
    ]

    @Test func positionsWriteTheirVectors() {
        #expect(Self.positions.count == Self.positionTokens.count)
        for ((name, position), token) in zip(Self.positions, Self.positionTokens) {
            #expect(position.token == token, "\(name)")
        }
    }

    @Test func vectorsReadBackAsTheirPositions() {
        for ((name, position), token) in zip(Self.positions, Self.positionTokens) {
            #expect(MergePosition(token: token) == position, "\(name)")
        }
    }

    @Test func theMergeWritesItsVectors() {
        #expect(Self.mergeTokens() == Self.mergeTokenVectors)
    }

    /// The tokens the merge itself makes (the export's cursors, through the fast path that keeps the tail
    /// encoded) over three paged sources with ties, one of them late.
    static func mergeTokens() -> [String] {
        let sources: [[Item]] = [
            [item("a0", 900), item("a1", 800), item("a2", 800), item("a3", 500), item("a4", 100)],
            [item("b0", 950), item("b1", 800), item("b2", 700), item("b3", 860), item("b4", 10)],
            [item("c0", 800)],
        ]
        let infos = sources.indices.map { MergeState.SourceInfo(name: "s\($0)", pageSize: 2) }
        var state = MergeState(sources: infos)
        var encoder = ResumeTokenEncoder(for: state)
        let loader = arrayLoader(sources)
        var tokens: [String] = []
        var pending: [MergeState.LoadRequest] = []
        while true {
            pending += state.loadsToStart()
            switch state.next() {
            case .item: tokens.append(encoder.token(for: &state))
            case .finished: return tokens
            case .waiting:
                guard !pending.isEmpty else { return tokens }
                let request = pending.removeFirst()
                state.deliver(loader(request.source, request.cursor, request.pageSize), to: request.source)
            }
        }
    }
}
