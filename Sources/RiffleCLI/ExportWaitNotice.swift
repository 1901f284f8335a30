import RiffleCore

/// When `export` says on stderr that it waits for a source, as a pure value: the export keeps strict
/// order, so a slow source holds every item after it, and a person watching (stderr a terminal, or `-v`)
/// is told which source and for how long. One line once a wait has lasted `first`, then one each time
/// the wait has doubled (capped at `cap` apart): a few lines for a long wait, never a flood. No clock of
/// its own: the caller passes the time since the export began.
struct ExportWaitNotice: Sendable, Equatable {
    /// A source waited for: its name, how long its load has taken, and its HTTP attempt (0: not sent).
    struct Waited: Sendable, Equatable {
        var name: String
        var waited: Duration
        var attempt = 0
        var attempts = 0
    }

    var first = Duration.seconds(5)
    var cap = Duration.seconds(60)
    /// When the current wait began, and when its next line is due.
    private var began: Duration?
    private var due: Duration?

    /// The line to write at `now` while the export waits for `sources` (none: it is not waiting), if any.
    mutating func line(waitingFor sources: [Waited], now: Duration) -> String? {
        guard !sources.isEmpty else {
            began = nil
            due = nil
            return nil
        }
        let start = began ?? now
        began = start
        let next = due ?? start + first
        guard now >= next else {
            due = next
            return nil
        }
        due = now + min(max(now - start, first), cap)
        let parts = sources.prefix(3).map { source in
            var part = "\(source.name) (\(Self.words(source.waited))"
            if source.attempt > 0 { part += ", attempt \(source.attempt) of \(max(source.attempt, source.attempts))" }
            return part + ")"
        }
        let more = sources.count > 3 ? " and \(sources.count - 3) more" : ""
        return "waiting for " + parts.joined(separator: ", ") + more + "; the export keeps the merged order"
    }

    /// A wait as the notice says it (`12s`, `2m05s`).
    static func words(_ wait: Duration) -> String {
        let seconds = max(0, Int(wait.seconds.rounded(.down)))
        guard seconds >= 60 else { return "\(seconds)s" }
        let rest = seconds % 60
        return "\(seconds / 60)m" + (rest < 10 ? "0" : "") + "\(rest)s"
    }
}
