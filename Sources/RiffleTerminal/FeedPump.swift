import RiffleCore

/// Pulls items from the merge ahead of the screen. It runs in the one task that owns
/// `MergedFeed.Reader` (the reader is used from no other), and pulls until it has delivered as many
/// items as the interactive loop's latest demand — the page on screen plus the read-ahead, counted in
/// items (`ReadAhead`) — so page turns at reading speed find their items already there. Each item is
/// handed over as soon as the merge decides it, so a page is drawn without waiting for the rest. Between
/// pulls it folds in each page as it lands (`.arrived`), so a source below its read-ahead asks for its
/// next page then, not at the next page turn: a source's pages come one round trip apart (each page's
/// cursor comes with the one before), and a chain that waited for page turns fell behind a reader taking
/// more than a page of one source per turn.
enum FeedPump {
    enum Command: Sendable {
        /// Deliver items until this many have been delivered in total.
        case demand(Int)
        /// Make these failed sources load again (`r`).
        case retry([Int])
        /// A page landed (`MergedFeed`'s `onArrival`): fold it in and ask for the pages it calls for.
        case arrived
    }

    static func run(
        reader: MergedFeed.Reader, commands: AsyncStream<Command>, pipe: FeedPipe, limit: Int?
    ) async throws {
        var demand = 0
        var delivered = 0
        var finished = false
        for await command in commands {
            switch command {
            case .demand(let wanted):
                demand = max(demand, wanted)
            case .retry(let sources):
                for source in sources { reader.retry(source: source) }
                // Pull (one item more than asked, if need be) so that the retried loads' outcomes are
                // folded into the merge and published: a retry that fails again must show as failed
                // again, or the next `r` would find the source still loading and send nothing.
                if delivered < (limit ?? .max) {
                    if finished {
                        finished = false
                        pipe.setFinished(false)
                    }
                    demand = max(demand, delivered + 1)
                }
            case .arrived:
                reader.foldArrivals()
            }
            let pulls = !finished && delivered < demand
            if pulls { pipe.setStatuses(nil) }
            while !finished && delivered < demand {
                if delivered >= (limit ?? .max) {
                    finished = true
                    break
                }
                guard let merged = try await reader.next() else {
                    finished = true
                    break
                }
                delivered += 1
                pipe.deliver(merged, loadWaits: reader.loadWaits)
            }
            if finished { pipe.setFinished(true) }
            // The merge publishes statuses only when it waits or ends: publish them when pulling stops.
            if pulls { pipe.setStatuses(reader.statuses) }
        }
    }
}
