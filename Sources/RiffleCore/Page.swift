/// What one load of a `Pageable` returns: the items in the source's order (newest first), and where
/// the next page starts.
package struct Page: Sendable {
    package var items: [Item]
    /// The opaque cursor that loads the page after this one; `nil` when the source gave none.
    package var nextCursor: String?
    /// Whether the source says more pages exist.
    package var hasMore: Bool
    /// Things worth telling the user that did not stop the page: items skipped for a missing field,
    /// GraphQL errors that came with partial data. Untrusted text.
    package var notes: PageNotes
    /// For a page read from one document (a feed), how it was had and the document's validators, so that
    /// a store commits them with the page (see `DocumentMemory`); `nil` for API pages.
    package var document: DocumentFetch?

    package init(
        items: [Item], nextCursor: String?, hasMore: Bool, notes: PageNotes = PageNotes(),
        document: DocumentFetch? = nil
    ) {
        self.items = items
        self.nextCursor = nextCursor
        self.hasMore = hasMore
        self.notes = notes
        self.document = document
    }
}

/// Non-fatal findings of one page load.
///
/// The merge adds them up in each source's status, so that nothing an adapter could not use goes
/// unsaid: skipped items are counted with the first reason, and a page that holds only skipped items
/// fails its source (see `Pager.unusable(_:number:)`).
package struct PageNotes: Sendable, Hashable {
    /// Items the adapter could not use (no id, time or title).
    package var skipped: Int
    /// Why the first skipped item was skipped, with its position, e.g. `item 3: no time at node.updatedAt`.
    package var firstSkipReason: String?
    /// The same reason without the position, e.g. `no time at node.updatedAt`.
    var firstSkipCause: String?
    /// Server messages that came with usable data (GraphQL partial errors).
    package var warnings: [String]
    /// Set when the answer said more pages exist (or looked as if it should) but gave no way to ask for
    /// the next one, e.g. `has_more was true but data.x.pageInfo.endCursor is missing`: the source
    /// stops early, and the user is told.
    package var missingCursor: String?
    /// Configured paths the answer did not have at all, e.g. `fields.url: link is on no item of a page` or `has_more: data.x.hasNext is not in the answer`: most likely mistyped, and said once a run.
    package var unmatchedPaths: [String] = []
    /// Why the source's paging started over from its head, e.g. `the source changed, reading from its
    /// newest page`: a stored position it could not go on from.
    package var restarted: String?

    package init(
        skipped: Int = 0, firstSkipReason: String? = nil, warnings: [String] = [], missingCursor: String? = nil
    ) {
        self.skipped = skipped
        self.firstSkipReason = firstSkipReason
        self.warnings = warnings
        self.missingCursor = missingCursor
    }

    /// Whether there is nothing to tell.
    package var isEmpty: Bool { self == PageNotes() }

    /// Adds what `other`, the notes of a later page read in the same load, found.
    package mutating func add(_ other: PageNotes) {
        if firstSkipReason == nil {
            firstSkipReason = other.firstSkipReason
            firstSkipCause = other.firstSkipCause
        }
        skipped += other.skipped
        warnings += other.warnings
        missingCursor = missingCursor ?? other.missingCursor
        unmatchedPaths += other.unmatchedPaths.filter { !unmatchedPaths.contains($0) }
        restarted = restarted ?? other.restarted
    }

    /// Records an unusable item: `position` counts from 0 in the answer's list; the first reason is kept.
    package mutating func skip(item position: Int, because reason: String) {
        skipped += 1
        if firstSkipReason == nil {
            firstSkipReason = "item \(position + 1): \(reason)"
            firstSkipCause = reason
        }
    }
}
