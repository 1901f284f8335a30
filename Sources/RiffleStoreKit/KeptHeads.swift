import RiffleCore
import Synchronization

/// What an open store kept of a run's head feeds, read as soon as the run knows its feeds, for their first
/// requests: every feed's validators in one read (`Store.feedValidators`), then each kept page in a read
/// of its own, all at once. Each feed's entry is given once (`take`, with its page): later requests ask
/// the store again, which by then holds what this run wrote.
final class KeptHeads: Sendable {
    private let urls: [String: String]
    private let validators: Task<[String: DocumentValidators], Never>
    private let pages: [String: Task<Page?, Never>]
    private let taken = Mutex<Set<String>>([])

    /// Starts the reads; a store failure is told to `trouble` and leaves nothing kept.
    init(opening: StoreOpening, trouble: StoreTrouble, heads: [(source: String, url: String)]) {
        let urls = Dictionary(heads.map { ($0.source, $0.url) }) { first, _ in first }
        let validators = Task { () -> [String: DocumentValidators] in
            guard !trouble.isBroken, let store = await opening.store else { return [:] }
            do throws(StoreError) {
                return try await store.feedValidators(of: heads)
            } catch {
                trouble.report(error)
                return [:]
            }
        }
        var pages: [String: Task<Page?, Never>] = [:]
        for (source, url) in urls {
            pages[source] = Task {
                guard await validators.value[source] != nil, !trouble.isBroken, let store = await opening.store
                else { return nil }
                do throws(StoreError) {
                    return try await store.documentPage(of: source, url: url)
                } catch {
                    trouble.report(error)
                    return nil
                }
            }
        }
        self.urls = urls
        self.validators = validators
        self.pages = pages
    }

    /// `nil` when `url` is not `source`'s head or its entry was taken (ask the store); else the validators
    /// the store kept for it (`.some(nil)`: none).
    func validators(source: String, url: String) async -> DocumentValidators?? {
        guard urls[source] == url, !taken.withLock({ $0.contains(source) }) else { return nil }
        return .some(await validators.value[source])
    }

    /// As `validators`, for the page kept with them; the entry is given no more.
    func take(source: String, url: String) async -> Page?? {
        guard urls[source] == url, let page = pages[source], taken.withLock({ $0.insert(source).inserted }) else {
            return nil
        }
        return .some(await page.value)
    }
}
