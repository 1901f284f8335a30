internal import RiffleBytes

/// Where a merged stream stands right after one emitted item, small enough to go with every exported item
/// (contract section 3: self-contained, and not growing with the number of sources).
///
/// Design. The merge order is a total order on keys (time descending, source order, then the source's own
/// order), so a position can mostly be said with one key: the `anchor`, the item the position was taken at.
/// A source whose next item lies on its first page needs no entry: a resumed run loads that page again and
/// passes over every item up to the first one that sorts after the anchor (same time: a source later in the
/// configuration). That is exact because when the anchor is emitted every other source's next item sorts
/// after it (the merge emits the smallest head), and — while the anchor is in order (`isFrontier`) — every
/// item already emitted sorts before it. The anchor's own source is placed by position instead: the anchor's
/// index on that page and a hash of its id, so its items of equal time keep their order.
///
/// What one key cannot say is carried as entries, as before (`Entry`: cursor of the page holding the next
/// item, items of it consumed, or done):
/// - every source whose next item lies beyond its first page (or that ended after more than one page and
///   is not in `finished`). While the stream is in order the entry of a source other than the anchor's
///   leaves its count out (`skip` nil): the anchor rule above finds the same place on that page, for the
///   same reasons. So an entry changes only when its source moves to another page, and the part of the
///   token made of entries is encoded once per such move rather than once per item (see
///   `ResumeTokenEncoder`); the anchor's own source's count goes with the anchor (`entrySkip`);
/// - only when the stream is out of order — the anchor is a late item, or a source dropped a duplicate on
///   its first page — a source on its first page for which the rule above would not give back exactly what
///   was consumed. Sorted sources never need one.
///
/// "Costs no more requests than today": a source that had ended was recorded `done` and not fetched again.
/// `finished` keeps that: the sources that ended (every one, or when that does not fit, those that ended
/// within their first page, the others keeping `done` entries) as indices into the configured list, guarded
/// by a hash of the list's names, in the smallest of three forms (a bitmap, the indices, or the indices of
/// the others), and only while that takes at most ``FinishedSources/budget`` bytes — a bitmap of 1,000
/// sources fits. Past that, it is left out and each such source costs one request on resume: its first
/// page, whose items are then all passed over.
///
/// The anchor's source is named by its name, so the token holds whatever the configuration, except when
/// that would take the token past ``r3SmallTokenLimit`` bytes while it has no entries (long source names
/// beside a bitmap of 1,000 sources): then by its index in the configured list (``SourceReference/index``).
/// That is written only beside `finished` (an empty one before any source ended), whose hash of the names
/// already says whether a resumed run has the same list, so `finished` always fits and contract section
/// 3's 200 bytes hold whatever the names' length, without the requests leaving `finished` out would cost.
/// Only such tokens depend on the list.
///
/// Sources added, removed, renamed or reordered since: entries are matched by name and `finished` only
/// with the same list of names; any other source resumes from its first page by the anchor rule, which
/// shows exactly its items that sort after the anchor. When the anchor's source itself is gone — or is
/// named by an index into a list other than the resumed run's — its position in the order is unknown and
/// items of exactly the anchor's time are all shown again (the anchor among them): nothing is lost.
///
/// The text form (`token`) is the export's `cursor` field and `--after`'s argument: opaque to users.
/// `r3.` and base64url (no padding) of bytes (``TokenCoding``): first what changes with every item —
/// flags, the anchor's time, source (name or index), index and id hash, the frontier when it is not the
/// anchor's time — then the entries and `finished`, which change only when a source moves page or ends
/// (see `MergePosition+R3`). A position without an anchor (nothing emitted yet) is written in the same format,
/// flagged as such. That is the one format: tokens of the formats before it (`r1.`, `r2.`) are refused with
/// a message saying so (``ResumeTokenProblem``), not read.
package struct MergePosition: Sendable, Hashable {
    package struct Entry: Sendable, Hashable {
        /// The source's configured name: a resumed run matches sources by name.
        package var name: String
        /// The cursor that loads the page holding the next item (`nil`: the first page).
        package var cursor: String?
        /// Items of that page already consumed; `nil`: up to the first item that sorts after the anchor.
        package var skip: Int?
        /// The source has nothing more (exhausted after its last item).
        package var done: Bool

        package init(name: String, cursor: String?, skip: Int?, done: Bool) {
            self.name = name
            self.cursor = cursor
            self.skip = skip
            self.done = done
        }
    }

    /// How a token says which source the anchor came from.
    package enum SourceReference: Sendable, Hashable {
        /// The source's configured name: found again in any configuration that has it.
        case name(String)
        /// The source's index in the configured list, only beside `finished`, whose fingerprint of the list's
        /// names tells a resumed run whether the index means the same source there.
        case index(Int)

        /// Whether the source is named by its index.
        var isIndex: Bool {
            if case .index = self { return true }
            return false
        }
    }

    /// The item a position was taken at.
    package struct Anchor: Sendable, Hashable {
        var time: Timestamp
        /// Its source.
        package var source: SourceReference
        /// Its index on its source's first page, when that source has no entry (`nil` otherwise).
        var firstPageIndex: Int?
        /// A 32-bit hash of its id (with `firstPageIndex`), to find it again if that page changed.
        package var idHash: UInt32
        /// No item emitted before it sorts after it: it is the frontier (time and source order).
        var isFrontier: Bool
        /// When its source has an entry: items of that entry's page consumed (the entry's own `skip`, which
        /// then may be left out).
        package var entrySkip: Int?

        package init(
            time: Timestamp, source: SourceReference, firstPageIndex: Int?, idHash: UInt32, isFrontier: Bool,
            entrySkip: Int? = nil
        ) {
            self.time = time
            self.source = source
            self.firstPageIndex = firstPageIndex
            self.idHash = firstPageIndex == nil ? 0 : idHash
            self.isFrontier = isFrontier
            self.entrySkip = entrySkip
        }

        /// The hash kept of an item id: 64-bit FNV-1a folded to 32 bits.
        static func hash(id: String) -> UInt32 {
            let full = FNV1a.hash(id)
            return UInt32(truncatingIfNeeded: full ^ (full >> 32))
        }
    }

    /// Sources that had ended, by index in the configured list of `sourceCount` sources whose names hash to
    /// `fingerprint`.
    package struct FinishedSources: Sendable, Hashable {
        var fingerprint: UInt32
        var sourceCount: Int
        /// Ascending, each below `sourceCount`.
        package var indices: [Int]

        package init(fingerprint: UInt32, sourceCount: Int, indices: [Int]) {
            self.fingerprint = fingerprint
            self.sourceCount = sourceCount
            self.indices = indices
        }

        /// The most bytes the set may take in a token (`r3.`), header included: a bitmap of up to 1,000
        /// sources, or a list of up to about 120 finished (or unfinished) ones in a configuration of any size.
        static let budget = 130

        /// The hash of a configured list of source names that `fingerprint` is compared with.
        static func fingerprint(names: [String]) -> UInt32 {
            Anchor.hash(id: names.joined(separator: "\u{0}")) ^ UInt32(truncatingIfNeeded: names.count)
        }
    }

    package var entries: [Entry]
    /// The time of the last in-order item emitted, which decides what counts as late.
    package var frontier: Timestamp?
    /// The item the position was taken at; `nil` in `r1.` tokens, whose entries name every source.
    package var anchor: Anchor?
    /// Sources that had ended, when that fits the budget (with an anchor only).
    package var finished: FinishedSources?

    package init(
        entries: [Entry], frontier: Timestamp?, anchor: Anchor? = nil, finished: FinishedSources? = nil
    ) {
        self.entries = entries
        self.frontier = anchor.map { $0.isFrontier ? $0.time : frontier } ?? frontier
        self.anchor = anchor
        self.finished = anchor == nil ? nil : finished
    }

    /// The entry for a source name.
    func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    /// Tokens longer than this are refused when parsed (every input has a limit).
    static let maxTokenLength = 64 * 1024

    /// The most sources a token's `finished` set may speak of (a configuration holds far fewer).
    static let maxSourceCount = 1 << 18

    /// The opaque text form (`r3.`).
    package var token: String { r3Token }

    /// Parses a token made by `token`; `nil` when it is not one (``parse(token:)`` says why).
    package init?(token: String) {
        guard case .success(let position) = Self.parse(token: token) else { return nil }
        self = position
    }

    /// Parses a token made by `token`, or says why it is not one: too long, of a format before this one,
    /// or not a token at all.
    package static func parse(token: String) -> Result<MergePosition, ResumeTokenProblem> {
        guard token.utf8.count <= maxTokenLength else { return .failure(.tooLong(limit: maxTokenLength)) }
        guard token.hasPrefix(r3Prefix) else {
            let format = ResumeTokenProblem.earlierFormats.first { token.hasPrefix($0 + ".") }
            return .failure(format.map(ResumeTokenProblem.earlierFormat) ?? .notAToken)
        }
        guard let bytes = Base64URL.decode(token.dropFirst(r3Prefix.count)), let position = Self(r3Bytes: bytes)
        else { return .failure(.notAToken) }
        return .success(position)
    }
}
