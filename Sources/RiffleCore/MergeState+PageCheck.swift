extension MergeState {
    /// One source's pass over a page it loaded, before the page reaches the merge: where its unread items
    /// start (a resumed source), which items are older than `--since`, and which ids it sent before (its
    /// duplicate window). It reads only the page and the source's own window, never the other sources or
    /// the buffers, so a driver runs it where the page was loaded — `MergedFeed` in the load's task, on
    /// another core than the consumer — and the merge is left only the buffer changes
    /// (`deliver(_:to:)` with a `CheckedLoad`). A source has at most one load in flight, so its check is
    /// handed out with the load (`takePageCheck(for:)`) and comes back with the page: never two at once.
    package struct PageCheck: Sendable {
        var window: DedupWindow
        let since: Timestamp?
        /// Items to pass over at the start of the page (resuming mid-page), unless `resume` finds the place.
        let skip: Int
        /// How a resumed source finds where its unread items start, with the anchor it finds it by.
        let resume: (rule: ResumeRule, anchor: (time: Timestamp, rank: Int))?
        /// The source's index in the merge (ties with the anchor's time go by it).
        let source: Int
        /// The page is the source's first (loaded without a cursor): its oldest time is kept.
        let isFirstPage: Bool
        /// Pages the source's buffer took to their end (`ItemQueue.takeSpent()`), released with the check
        /// wherever it runs — in `MergedFeed`, the load's task — rather than by the consumer.
        let spent: [[Item]]

        /// Checks a loaded page (a failed load is passed through), consuming the check: the window comes
        /// back in the result.
        package consuming func checking(_ result: Result<Page, SourceError>) -> CheckedLoad {
            guard case .success(let page) = result else { return CheckedLoad(result: result, window: window) }
            let findings = check(page.items)
            return CheckedLoad(result: result, window: window, findings: findings)
        }

        /// The pass itself, in the page's order: an item older than `since` (past the skipped ones) is
        /// dropped and not remembered; every other item is remembered, and one seen before is a repeat
        /// (counted only past the skipped ones).
        private mutating func check(_ items: [Item]) -> Findings {
            var findings = Findings()
            var skip = self.skip
            if let resume {
                (skip, findings.resume) = Self.resumeSkip(
                    items, rule: resume.rule, anchor: resume.anchor, source: source)
            }
            skip = min(skip, items.count)
            findings.skip = skip
            if isFirstPage {
                for item in items where since.map({ item.time >= $0 }) ?? true {
                    findings.oldest = min(findings.oldest ?? item.time, item.time)
                }
            }
            var firstTooOld: Int?
            // Each item's id and time are read in place rather than copying the item.
            for position in items.indices {
                let time = items[position].time
                if position >= skip, let since, time < since {
                    findings.tooOld.insert(position)
                    if firstTooOld == nil { firstTooOld = position }
                    continue
                }
                if let firstTooOld, position > firstTooOld { findings.keptPastTooOld = true }
                guard let seen = window.remember(items[position].id, at: time), position >= skip else { continue }
                findings.repeats.append(Repeat(position: position, seenAt: seen))
            }
            return findings
        }

        /// Where a resumed source's unread items start on a page it loaded, and its rule for the next page:
        /// the same rule when none of this page's items sorts after the anchor (`.afterAnchor`), else none.
        private static func resumeSkip(
            _ items: [Item], rule: ResumeRule, anchor: (time: Timestamp, rank: Int), source index: Int
        ) -> (skip: Int, rule: ResumeRule?) {
            var found: Int?
            if case .anchorItem(let position, let idHash) = rule {
                if position < items.count, MergePosition.Anchor.hash(id: items[position].id) == idHash {
                    found = position + 1
                } else if let match = items.firstIndex(where: {
                    $0.time == anchor.time && MergePosition.Anchor.hash(id: $0.id) == idHash
                }) {
                    found = match + 1
                }
            }
            if found == nil {
                found = items.firstIndex { $0.time < anchor.time || ($0.time == anchor.time && index > anchor.rank) }
            }
            guard let found else { return (items.count, .afterAnchor) }
            return (found, nil)
        }

        /// An item the source sent before, and the time it was seen at then.
        struct Repeat: Sendable {
            var position: Int
            var seenAt: Timestamp
        }

        /// What a `PageCheck` found on one page.
        struct Findings: Sendable {
            /// Where the page's unread items start.
            var skip = 0
            /// A resumed source's rule for its next page (`nil`: its place was found).
            var resume: ResumeRule?
            /// The oldest time on a first page, not counting items older than `since`.
            var oldest: Timestamp?
            /// Positions older than `since`: the source's paging stops there.
            var tooOld: Set<Int> = []
            /// An item not older than `since` came after one that was: the source is not in order.
            var keptPastTooOld = false
            /// Ids seen before, in the page's order.
            var repeats: [Repeat] = []
        }
    }
}
