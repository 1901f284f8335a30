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
///
/// It never waits inside the merge: when the merge would wait for a page, the pump goes back to its
/// commands, and the page's arrival (`.arrived`) or the slow-source rule's deadline (`.deadline`, from a
/// timer of its own) brings it back. A source the rule gives up waiting for is set aside
/// (`SlowSourceRule`), so one hung host never holds the others' items back.
enum FeedPump {
    enum Command: Sendable {
        /// Deliver items until this many have been delivered in total.
        case demand(Int)
        /// Make these failed sources load again (`r`).
        case retry([Int])
        /// A page landed (`MergedFeed`'s `onArrival`): fold it in and ask for the pages it calls for.
        case arrived
        /// A slow source's wait may be over (`SlowSourceRule`).
        case deadline
    }

    static func run(
        reader: MergedFeed.Reader, commands: AsyncStream<Command>, wake: AsyncStream<Command>.Continuation,
        pipe: FeedPipe, limit: Int?, rule: SlowSourceRule = SlowSourceRule()
    ) async throws {
        let clock = ContinuousClock()
        let start = clock.now
        var rule = rule
        var demand = 0
        var delivered = 0
        var finished = false
        /// The deadline a timer is already set for.
        var timer: ContinuousClock.Instant?
        /// Sources set aside or retried whose load has not landed: when one lands, its items newer than
        /// what was delivered are pulled at once (one more item than asked, then as the loop's demand
        /// grows), so that the reader can announce them without waiting for a page turn.
        var behind: Set<Int> = []
        try await withThrowingDiscardingTaskGroup { timers in
            defer { timers.cancelAll() }
            for await command in commands {
                switch command {
                case .demand(let wanted):
                    demand = max(demand, wanted)
                case .retry(let sources):
                    for source in sources { reader.retry(source: source) }
                    behind.formUnion(sources)
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
                case .deadline:
                    timer = nil
                }
                if !behind.isEmpty {
                    let statuses = reader.statuses
                    let landed = behind.filter { !statuses[$0].isSetAside && statuses[$0].state.hasLanded }
                    if !landed.isEmpty, delivered < (limit ?? .max) {
                        behind.subtract(landed)
                        demand = max(demand, delivered + 1)
                    }
                }
                let pulls = !finished && delivered < demand
                if pulls { pipe.setStatuses(nil) }
                pulling: while !finished && delivered < demand {
                    if delivered >= (limit ?? .max) {
                        finished = true
                        break
                    }
                    switch try reader.nextWithoutWaiting() {
                    case .item(let merged):
                        delivered += 1
                        pipe.deliver(merged, loadWaits: reader.loadWaits)
                        // Items that came behind are pulled together, so that they are announced at once.
                        if merged.cameBehind { demand = max(demand, delivered + 1) }
                    case .finished:
                        finished = true
                    case .waiting:
                        let statuses = reader.statuses
                        let answered = statuses.indices.filter {
                            statuses[$0].pagesLoaded > 0 || statuses[$0].failedLoads > 0 || statuses[$0].state == .done
                        }
                        let (due, next) = rule.observe(
                            answered: answered, waitingOn: reader.waitingOn, now: clock.now - start)
                        if !due.isEmpty {
                            reader.setAside(sources: due)
                            behind.formUnion(due)
                            continue pulling
                        }
                        if let next, timer.map({ start + next < $0 }) ?? true {
                            let deadline = start + next
                            timer = deadline
                            timers.addTask {
                                guard (try? await Task.sleep(until: deadline, clock: .continuous)) != nil else {
                                    return
                                }
                                wake.yield(.deadline)
                            }
                        }
                        break pulling
                    }
                }
                if finished { pipe.setFinished(true) }
                // The merge publishes statuses only when it waits or ends: publish them when pulling stops.
                if pulls { pipe.setStatuses(reader.statuses) }
            }
        }
    }
}

extension SourceStatus.State {
    /// The source's load has ended (with a page, its end or an error): it is not waiting or loading.
    fileprivate var hasLanded: Bool {
        switch self {
        case .waiting, .fetching: false
        case .ready, .done, .failed: true
        }
    }
}
