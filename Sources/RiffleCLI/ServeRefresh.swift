import RiffleCore
import RiffleServe
import RiffleStoreKit
internal import RiffleSystem
import RiffleTerminal

/// One source's refresh for `riffle serve`: its head read into the store exactly as `export` and the
/// reader's background refresh read it (`Session.networkSource`, `RefreshReport.fetch`): down to the
/// newest stored item, at most `pageLimit` pages, every page written to the store before it returns.
struct ServeRefresh: Sendable {
    let session: Session
    let store: any Store

    /// Pages read per refresh at most: a source new to the store is read this deep, the rest of it on
    /// later refreshes or by a client paging the merged feed over riffle's own network view.
    static let pageLimit = 20

    func refresh(_ index: Int) async -> Refresher.Report {
        let source = session.sources[index]
        let known: Timestamp?
        do {
            known = try await store.newestTimes(of: [source.name])[source.name]
        } catch {
            return Refresher.Report(outcome: .failed(retryAfter: nil), newItems: 0, error: error.description)
        }
        let merge: MergeSource
        let recorder: RecordingPageable?
        do {
            (merge, recorder) = try session.networkSource(source)
        } catch {
            return Refresher.Report(outcome: .failed(retryAfter: nil), newItems: 0, error: "\(error)")
        }
        let report = await RefreshReport.fetch(
            sources: [merge], newest: [0: known ?? Timestamp(microseconds: .min)], pageLimit: Self.pageLimit)
        await recorder?.finishWriting()
        // What the feed adapter keeps of its server's wishes for the head (`Cache-Control: max-age`,
        // `Expires`, a 429's or 503's `Retry-After`): never sooner, after a success or a failure alike.
        var notBefore: Timestamp?
        if let head = Session.feedHeads([source]).first {
            notBefore = (try? await store.feedDocument(of: head.source, url: head.url))??.nextRequestAt
        }
        if let failure = report.failures.first {
            let now = Timestamp.now()
            let wait = notBefore.map { Duration.microseconds(max(0, $0.microseconds - now.microseconds)) }
            return Refresher.Report(
                outcome: .failed(retryAfter: wait), newItems: 0, error: UntrustedText.sanitize(failure.message))
        }
        let newest = try? await store.newestTimes(of: [source.name])[source.name]
        return Refresher.Report(
            outcome: .ok(newest: newest ?? known, serverNotBefore: notBefore), newItems: report.items.count,
            error: nil)
    }
}
