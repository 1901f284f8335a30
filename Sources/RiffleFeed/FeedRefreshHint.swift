/// How often a feed asks to be fetched at most, from what its channel says: RSS 2.0's `<ttl>` (minutes to
/// cache the channel) and RSS 1.0's syndication module (`sy:updatePeriod` hourly, daily, weekly, monthly or
/// yearly, `sy:updateFrequency` times per period, 1 when absent). A value that does not read is no hint (a
/// feed's mistake must not stop it being fetched); a hint is at most a day, as a server's `max-age` is
/// (`HTTPResponse.maxFreshness`), so a large number cannot silence a source for good. When both are given, the longer wins: neither is asked sooner than it
/// said.
enum FeedRefreshHint {
    /// The longest hint kept.
    static let longest: Duration = .seconds(86_400)

    static func interval(ttl: String?, period: String?, frequency: String?) -> Duration? {
        let hints = [ttl.flatMap(Self.ttl), period.flatMap { Self.syndication(period: $0, frequency: frequency) }]
        return hints.compactMap { $0 }.max().map { min($0, longest) }
    }

    /// `<ttl>`: a whole number of minutes, above 0.
    static func ttl(_ text: String) -> Duration? {
        guard text.utf8.count <= 12, let minutes = Int64(text), minutes > 0 else { return nil }
        return .seconds(min(minutes, 1_440) * 60)
    }

    /// `sy:updatePeriod` divided by `sy:updateFrequency`.
    static func syndication(period: String, frequency: String?) -> Duration? {
        let seconds: Int64
        switch period.lowercased() {
        case "hourly": seconds = 3_600
        case "daily": seconds = 86_400
        case "weekly": seconds = 7 * 86_400
        case "monthly": seconds = 30 * 86_400
        case "yearly": seconds = 365 * 86_400
        default: return nil
        }
        var times: Int64 = 1
        if let frequency {
            guard frequency.utf8.count <= 12, let given = Int64(frequency), given > 0 else { return nil }
            times = given
        }
        return .seconds(max(1, seconds / times))
    }
}
