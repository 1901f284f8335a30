/// Everything the interactive loop reacts to, from every producer, in one stream: the input thread,
/// the feed pump, signal handlers and side tasks (refresh, open).
enum ReaderEvent: Sendable {
    case input([UInt8])
    case inputEnded
    /// The pump delivered items or finished; drain `FeedPipe`.
    case feedChanged
    case resized
    /// After SIGCONT: single-key mode is back, redraw the prompt.
    case continued
    case interrupted
    /// What a refresh found: from `r` (`requested`), or from outside the reader through `RefreshInbox`.
    case refreshed(RefreshReport, requested: Bool)
    /// The opener ended for what `label` names (`3`, `3.2`, `enclosure 3.1`).
    case opened(label: String, url: String, failure: String?)
    /// A failed source's automatic retry may be due (see `RetrySchedule`).
    case retryDue
    /// A second has passed while a slow source is waited for: the prompt's count of seconds moves on.
    case tick
}
