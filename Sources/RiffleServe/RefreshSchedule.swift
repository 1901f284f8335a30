package import RiffleCore

/// When each source is refreshed next: a pure value (no I/O, no clock of its own: every call is given
/// `now`), so that the rule is tested alone. The rule (README, "riffle serve"):
///
/// - a source is due every `refresh`, and never sooner than its server asked (`serverNotBefore`:
///   `Cache-Control: max-age`, `Expires`, `Retry-After` as the feed adapter keeps them);
/// - a quiet source is stretched: its interval is a 42nd of how long it has had nothing new (a week
///   quiet: every 4 hours), clamped to `[refresh, 24h]`;
/// - after errors: the normal interval for the first three, then an hour per further error, up to a day;
///   a `429` waits at least its `Retry-After`;
/// - every interval is jittered by ±10% (seeded), and the first round is spread over the first interval.
package struct RefreshSchedule: Sendable {
    /// One source's state.
    package struct Source: Sendable, Hashable {
        package var name: String
        package var refresh: Duration
        package var due: Timestamp
        package var errors = 0
        /// When the source last gave something new (its newest item's time, or when a refresh found one).
        package var lastNew: Timestamp?
    }

    /// How a refresh ended.
    package enum Outcome: Sendable, Hashable {
        /// It worked; `newest` is the source's newest stored item's time after it, `serverNotBefore` the
        /// earliest time its server wants to be asked again, when it said.
        case ok(newest: Timestamp?, serverNotBefore: Timestamp?)
        /// It failed; `retryAfter` is what a `429` or `503` asked for, when known.
        case failed(retryAfter: Duration?)
    }

    package private(set) var sources: [Source]
    private var random: SplitMix64

    package static let longest: Duration = .seconds(86_400)
    /// A quiet source's interval is its quiet time divided by this (a week: 4 hours).
    static let quietDivisor: Int64 = 42

    /// The first round: each source at a seeded point of its first interval, so that a server of many
    /// sources does not ask them all at once when it starts.
    package init(sources: [(name: String, refresh: Duration)], now: Timestamp, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        self.sources = sources.map { source in
            let fraction = Double(random.next() >> 11) / Double(1 << 53)
            return Source(
                name: source.name, refresh: source.refresh, due: now + Self.scaled(source.refresh, by: fraction))
        }
        self.random = random
    }

    /// The source due first, and when.
    package func next() -> (index: Int, due: Timestamp)? {
        sources.indices.min { sources[$0].due < sources[$1].due }.map { ($0, sources[$0].due) }
    }

    /// Records how `index`'s refresh ended at `now`, and schedules its next one.
    package mutating func record(_ outcome: Outcome, for index: Int, now: Timestamp) {
        var source = sources[index]
        var interval: Duration
        var notBefore: Timestamp?
        switch outcome {
        case .ok(let newest, let serverNotBefore):
            source.errors = 0
            if let newest, newest > (source.lastNew ?? Timestamp(microseconds: .min)) { source.lastNew = newest }
            interval = source.refresh
            if let lastNew = source.lastNew, now > lastNew {
                let quiet = Duration.microseconds((now.microseconds - lastNew.microseconds) / Self.quietDivisor)
                interval = max(interval, quiet)
            }
            notBefore = serverNotBefore
        case .failed(let retryAfter):
            source.errors += 1
            interval = source.refresh
            if source.errors > 3 { interval = max(interval, .seconds(3_600 * Int64(source.errors - 3))) }
            notBefore = retryAfter.map { now + $0 }
        }
        interval = min(Self.longest, max(source.refresh, interval))
        let jitter = 0.9 + 0.2 * Double(random.next() >> 11) / Double(1 << 53)
        var due = now + Self.scaled(interval, by: jitter)
        if let notBefore, notBefore > due { due = min(notBefore, now + Self.longest) }
        source.due = due
        sources[index] = source
    }

    /// `duration` times `factor`, to the microsecond.
    static func scaled(_ duration: Duration, by factor: Double) -> Duration {
        .microseconds(Int64(Double(duration.microseconds) * factor))
    }
}
