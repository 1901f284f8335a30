import RiffleCore

/// The waits a server asks for, read from its headers: what the HTTP layer adds to `RetryPolicy`.
extension RetryPolicy {
    /// The wait the server asked for, from `Retry-After` (delta seconds or HTTP date) or else
    /// `RateLimit-Reset` (epoch seconds as GitLab sends it, or delta seconds as the IETF draft has it).
    /// `now` is the wall clock in epoch seconds. Dates in the past mean no wait.
    static func serverRequestedDelay(headers: HTTPHeaders, now: Double) -> Duration? {
        if let value = headers["Retry-After"]?.trimmingSpaces, !value.isEmpty {
            if let seconds = parseSeconds(value) { return .seconds(seconds) }
            if let date = HTTPDate.parse(value) { return untilEpoch(Double(date), now: now) }
        }
        if let value = headers["RateLimit-Reset"]?.trimmingSpaces, let number = parseSeconds(value) {
            // Epoch seconds are large (after 2001); small numbers are a delta.
            return number > 1_000_000_000 ? untilEpoch(Double(number), now: now) : .seconds(number)
        }
        return nil
    }

    private static func parseSeconds(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 12, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            return nil
        }
        return Int(text)
    }

    private static func untilEpoch(_ epoch: Double, now: Double) -> Duration {
        let delta = epoch - now
        return delta > 0 ? .milliseconds(Int64((delta * 1000).rounded(.up))) : .zero
    }
}
