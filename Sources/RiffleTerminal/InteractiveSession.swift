import RiffleCore

/// The interactive reader: one loop over one event stream (keys or lines, feed progress, signals, side
/// tasks), drawing pages and the prompt. It lives in a single task and touches no shared state besides
/// `FeedPipe` and the status snapshot of `MergedFeed`.
///
/// Screen protocol (line mode, like `more`): a page is its item lines, each ending in a newline, then
/// the prompt without one. Any redraw of the prompt goes back with `\r`, blanks the line and writes it
/// again, so nothing but carriage returns and spaces move the cursor.
///
/// Its jobs live in one file each: events and commands in (`+Events`), the commands that start side work
/// (`+Commands`), page turns (`+Paging`), read marks and what a refresh found (`+Unread`), the item view
/// (`+Viewer`), the sources view (`+Sources`), and what is drawn (`+Rendering`).
///
/// Read marks: the loop awaits `ReadMarks` in order — which received items are unread before they can
/// be drawn, and marking a page read as it is drawn — so the prompt's counts always include the page.
final class InteractiveSession {
    struct Context: Sendable {
        var io: TerminalIO
        var settings: ReaderOptions
        var sources: [MergeSource]
        var feed: MergedFeed
        var pump: AsyncStream<FeedPump.Command>.Continuation
        var pipe: FeedPipe
        var events: AsyncStream<ReaderEvent>.Continuation
        /// Input arrives as single keys (raw mode is on).
        var singleKeys: Bool
        /// Which items are read.
        var marks: any ReadMarks
        /// What the store knows of each source (`l`); nil without a store.
        var facts: (any SourceFacts)?
    }

    let context: Context
    var model: ReaderModel
    var decoder = KeyDecoder()
    /// Typed lines, when input is not single keys.
    var lineInput = LineInput()
    var size: (columns: Int, rows: Int) = (80, 24)
    var message: StyledLine?
    /// The turn on its way: when its key was pressed, whether it is the first screen, and the merge's
    /// `loadWaits` (as last drained) when it was carried out.
    var pendingTurn: (started: ContinuousClock.Instant, isFirst: Bool, loadWaits: Int)?
    /// The merge's `loadWaits` as of the items drained last.
    var loadWaitsSeen = 0
    /// Sources whose start over from the head (`SourceStatus.restarted`) the prompt has told.
    var restartsTold: Set<String> = []
    /// Page keys pressed while a page was still on its way, with when: carried out in order after it.
    var queued: [(command: ReaderCommand, pressed: ContinuousClock.Instant)] = []
    /// Work for child tasks of the loop's task group (open, refresh), started after each event.
    var sideJobs: [@Sendable () async -> Void] = []
    var quitRequested = false
    var refreshing = false
    var refreshErrors: [String: String] = [:]
    /// When each failed source is retried next; `retryTimer` is the wake-up already asked for.
    var retrySchedule: RetrySchedule
    var retryTimer: ContinuousClock.Instant?
    /// A `.tick` is on its way (one a second while a slow source is waited for).
    var tickPending = false
    var outcome = ReaderOutcome()
    var promptShown = false
    var lastDemand = 0
    /// Unread items per source name, as `ReadMarks` last counted them.
    var unreadCounts: [String: Int] = [:]
    /// The item view being paged (`v N`), while it is on screen.
    var viewer: ItemPager?
    /// The sources view (`l`) is on screen: numbers name sources (`3` opens one, `m 3`, `r 3`).
    var sourcesShown = false {
        didSet { decoder.numberedSources = sourcesShown }
    }
    /// `n` is looking for a page with an unread item beyond what was held: how many items had been
    /// pulled when it began (the search stops after `model.filterScanLimit` more).
    var unreadSearchStart: Int?
    let clock = ContinuousClock()
    let sourceWidth: Int
    let sourceNames: [String]

    /// The terminal echoes typed lines itself (stdin a terminal that refused single-key mode).
    var terminalEchoes: Bool { context.io.inputIsTerminal && !context.singleKeys }
    /// Columns a line may take: one short of the width, so a terminal that wraps eagerly at the last
    /// column, or counts one character wider than we do, still keeps each item on one line.
    var width: Int { max(10, size.columns - 1) }
    var color: Bool { context.settings.color.isEnabled }
    var links: Bool { color && context.settings.links }

    init(context: Context) {
        self.context = context
        self.model = ReaderModel(pageSize: context.settings.lines ?? 20)
        if context.settings.unreadOnly { model.setUnreadOnly(true) }
        self.retrySchedule = RetrySchedule(policy: context.settings.retryPolicy)
        self.sourceWidth = ItemLineLayout.sourceWidth(for: context.sources.map(\.name))
        self.sourceNames = context.sources.map(\.name)
    }

    /// Runs until `q`, Ctrl-C, or the end of input.
    func run(events: AsyncStream<ReaderEvent>) async -> ReaderOutcome {
        applySize()
        await beginTurn(isFirst: true)
        await withDiscardingTaskGroup { side in
            for await event in events {
                await handle(event)
                if !quitRequested, scheduleRetries() { redrawPromptIfIdle() }
                if !quitRequested { scheduleTick() }
                for job in sideJobs { side.addTask(operation: job) }
                sideJobs = []
                if quitRequested {
                    side.cancelAll()
                    break
                }
            }
        }
        write(clearedPrompt())
        outcome.itemsRead = model.pulled
        return outcome
    }
}
