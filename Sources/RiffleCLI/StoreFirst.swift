import RiffleCore
import RiffleReaderStore
import RiffleStoreKit
internal import RiffleSystem
import RiffleTerminal

/// The reader on a terminal with a store (contract section 6, "store first, then network"): the first
/// screen comes from the store at once, every source is refreshed from its head in the background (what
/// it finds is announced, `N new — g`, and written to the store), paging past what is stored goes on over
/// the network, and read marks are the store's.
struct StoreFirst {
    let session: Session
    let store: any Store

    /// Pages a background refresh reads per source at most, looking for what is new.
    static let refreshPageLimit = 5

    /// `nil` when the store is not what the reader starts from: no store, `--offline` (the store alone
    /// is the feed then), or stdout not a terminal (the network view, as `export` gives it).
    init?(session: Session) {
        guard let store = session.store, !session.offline, Descriptor.isTerminal(1) else { return nil }
        self.session = session
        self.store = store
    }

    /// Each source from the store first, then from the network (recorded when read from its head), paging
    /// on from the stored position only while the source is the one it was read from.
    func sources() throws -> [MergeSource] {
        zip(session.sources, try session.mergeSources()).map { settings, network in
            var source = network
            source.pageable = StoreFirstPageable(
                stored: StoredItems(store: store, source: network.name), network: network.pageable,
                trouble: session.storeTrouble, identity: session.identity(of: settings))
            return source
        }
    }

    var readMarks: any ReadMarks { StoreReadMarks(store: store, trouble: session.storeTrouble) }
    var sourceFacts: any SourceFacts { StoreSourceFacts(store: store, trouble: session.storeTrouble) }

    /// Reads the top of every source that the store holds something of, down to its newest stored item,
    /// writing it to the store and handing what is new to the reader.
    func backgroundRefresh() throws -> @Sendable (RefreshInbox) async -> Void {
        let network = try session.mergeSources()
        let store = self.store
        let trouble = session.storeTrouble
        return { inbox in
            let newestByName: [String: Timestamp]
            do throws(StoreError) {
                newestByName = try await store.newestTimes(of: network.map(\.name))
            } catch {
                trouble.report(error)
                return
            }
            var newest: [Int: Timestamp] = [:]
            for (index, source) in network.enumerated() {
                if let time = newestByName[source.name] { newest[index] = time }
            }
            guard !newest.isEmpty else { return }
            let report = await RefreshReport.fetch(sources: network, newest: newest, pageLimit: Self.refreshPageLimit)
            inbox.deliver(report)
        }
    }
}
