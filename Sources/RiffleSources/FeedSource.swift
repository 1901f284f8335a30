package import RiffleBytes
package import RiffleCore
internal import RiffleFeed
package import RiffleHTTP
import RiffleSystem

/// A web feed read as a paginated source (contract section 7): `GET url`, parsed by `FeedParser`, each
/// entry an item; older pages through Atom `rel="next"`, RFC 5005 `prev-archive` or JSON Feed `next_url`,
/// whose URL is the cursor.
///
/// Requests are conditional through `memory`: the `ETag` and `Last-Modified` of the last `200` for a URL
/// are sent back, and a `304` answers with the page kept for it, without parsing. Before the time a server
/// asked for (`Cache-Control: max-age`, `Expires`, `Retry-After`), a load running under
/// `FetchIntent.background` is served the kept page without a request; loads the user asked for always
/// ask. Entries without a date get the time they were first seen (`memory.firstSeen`).
package struct FeedSource: Pageable {
    let settings: FeedSettings
    /// The configured source's name: what `memory` keeps things under.
    let source: String
    let client: HTTPClient
    let timeout: Duration
    let retries: Int
    let memory: any DocumentMemory
    let now: @Sendable () -> Timestamp
    /// The origin of the configured URL: configured headers go only there, never to a next page elsewhere.
    let origin: String?

    /// What riffle asks for: every feed type, anything else last (so a server with content negotiation
    /// picks a feed, and one without sends what it has).
    static let accept =
        "application/atom+xml, application/rss+xml, application/rdf+xml, application/feed+json, "
        + "application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, */*;q=0.5"

    package init(
        settings: FeedSettings, source: String, client: HTTPClient, timeout: Duration, retries: Int,
        memory: any DocumentMemory, now: @escaping @Sendable () -> Timestamp
    ) {
        self.settings = settings
        self.source = source
        self.client = client
        self.timeout = timeout
        self.retries = retries
        self.memory = memory
        self.now = now
        self.origin = HTTPURL.origin(of: settings.url)
    }

    /// Loads the feed (`cursor == nil`) or the older page at the URL `cursor`. `pageSize` is not used: a
    /// feed's pages are what its server makes them.
    package func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        let url = cursor ?? settings.url
        guard HTTPURL.origin(of: url) != nil else {
            throw SourceError.invalidCursor("not a feed page URL: \(url.prefix(80))")
        }
        let known = await memory.validators(source: source, url: url)
        let stored = known == nil ? nil : await memory.storedPage(source: source, url: url)
        if FetchIntent.current == .background, let known, let stored, let next = known.nextRequestAt, now() < next {
            var page = stored
            page.document = DocumentFetch(validators: known, outcome: .notRequested, at: now())
            return page
        }
        let revalidating = stored != nil && known?.canRevalidate == true
        var response = try await fetch(url, validators: revalidating ? known : nil)
        if response.status == 304 {
            if revalidating, let known, var page = stored {
                let at = now()
                var validators = known
                validators.nextRequestAt = response.nextRequestAt(now: at)
                if let etag = Self.validator(response.headers["ETag"]) { validators.etag = etag }
                page.document = DocumentFetch(validators: validators, outcome: .notModified, at: at)
                await memory.remember(source: source, page: page)
                return page
            }
            // A 304 to a request without validators (or for a page no longer kept): ask once more, plainly.
            response = try await fetch(url, validators: nil)
        }
        return try await page(from: response, url: url)
    }

    /// One `GET` of `url`, conditional when `validators` are given; any status comes back.
    func fetch(_ url: String, validators: DocumentValidators?) async throws(SourceError) -> HTTPResponse {
        var headers = HTTPHeaders()
        if HTTPURL.origin(of: url) == origin {
            for header in settings.headers where !header.value.isEmpty {
                headers.add(name: header.name, value: header.value)
            }
        }
        if !headers.contains(name: "Accept") { headers.add(name: "Accept", value: Self.accept) }
        if let etag = validators?.etag { headers.replaceOrAdd(name: "If-None-Match", value: etag) }
        if let lastModified = validators?.lastModified {
            headers.replaceOrAdd(name: "If-Modified-Since", value: lastModified)
        }
        let host = HTTPURL.authority(of: url)
        do {
            return try await client.execute(
                HTTPRequest(method: "GET", url: url, headers: headers, timeout: timeout, retries: retries))
        } catch {
            throw SourceError(httpError: error, host: host)
        }
    }

    /// The page a `200` holds, kept in `memory` with its validators.
    func page(from response: HTTPResponse, url: String) async throws(SourceError) -> Page {
        let host = HTTPURL.authority(of: url)
        do {
            try response.ensureSuccess()
        } catch {
            throw SourceError.httpStatus(
                response.status, host: host, hostName: error.host, excerpt: error.excerpt,
                isRetryable: response.hasRetryableStatus
            ).afterAttempts(response.attempts)
        }
        guard response.status != 204 else { throw SourceError.mapping("HTTP 204 from \(host): not a feed: no body") }
        // Parsed on a thread of its own: a large or hostile document takes long enough to starve the
        // cooperative pool (two threads on a small machine).
        let (body, contentType, url) = (response.body, response.headers["Content-Type"], response.url)
        let parsed = await SystemThread.result {
            Result { () throws(FeedError) in try FeedParser.parse(body, contentType: contentType, url: url) }
        }
        let feed: ParsedFeed
        switch parsed {
        case .success(let parsedFeed): feed = parsedFeed
        case .failure(let error):
            throw SourceError.mapping("HTTP \(response.status) from \(host): \(error)", host: host)
                .afterAttempts(response.attempts)
        }
        let at = now()
        let undated = feed.entries.filter { $0.time == nil }.map(\.id)
        let firstSeen = undated.isEmpty ? [:] : await memory.firstSeen(source: source, entryIDs: undated, now: at)
        var notes = PageNotes()
        var dated: [(item: Item, position: Int)] = []
        for (position, entry) in feed.entries.enumerated() {
            guard let title = entry.title.isEmpty ? entry.url : entry.title else {
                notes.skip(item: position, because: "no title, summary or link")
                continue
            }
            let item = Item(
                id: entry.id, time: entry.time ?? firstSeen[entry.id] ?? at, title: title, url: entry.url,
                author: entry.author, summary: entry.summary, tags: entry.tags, extra: Self.extra(of: entry))
            dated.append((item, position))
        }
        // Newest first, the document's order among equal times: a feed need not be sorted, a page must be.
        dated.sort { $0.item.time != $1.item.time ? $0.item.time > $1.item.time : $0.position < $1.position }
        let next = feed.nextPage.flatMap { next in
            next != url && next != settings.url && HTTPURL.origin(of: next) != nil ? next : nil
        }
        let validators = DocumentValidators(
            url: url, etag: Self.validator(response.headers["ETag"]),
            lastModified: Self.validator(response.headers["Last-Modified"]),
            nextRequestAt: Self.nextRequest(after: response, feed: feed, at: at))
        let page = Page(
            items: dated.map(\.item), nextCursor: next, hasMore: next != nil, notes: notes,
            document: DocumentFetch(validators: validators, outcome: .fetched, at: at))
        await memory.remember(source: source, page: page)
        return page
    }

    /// The earliest next request for a page answered at `at`: the later of what the answer's headers ask
    /// (`HTTPResponse.nextRequestAt`: `Retry-After`, `max-age`, `Expires`) and the feed's own hint (RSS
    /// `ttl`, `sy:updatePeriod`). A `304` carries no body, so after one only its headers count.
    static func nextRequest(after response: HTTPResponse, feed: ParsedFeed, at: Timestamp) -> Timestamp? {
        let asked = response.nextRequestAt(now: at)
        guard let interval = feed.refreshInterval else { return asked }
        let hinted = at + interval
        return max(asked ?? hinted, hinted)
    }

    /// A validator worth sending back: at most 1 KiB (a longer one is not kept, so the next request is
    /// simply unconditional).
    static func validator(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.utf8.count <= 1024 else { return nil }
        return value
    }
}

extension FeedSource {
    /// An entry's `extra`: its `content_html` (the entry's HTML, when it has markup beyond its text; with
    /// `content_html_cut: true` when it was longer than riffle keeps) and its `enclosures`, each
    /// `{url, type, length, duration}` with what the feed gives (length in bytes, duration in seconds);
    /// nothing for an entry with neither.
    static func extra(of entry: FeedEntry) -> [String: JSONValue] {
        var extra: [String: JSONValue] = [:]
        if let html = entry.contentHTML {
            extra["content_html"] = .string(html)
            if entry.contentHTMLCut { extra["content_html_cut"] = .bool(true) }
        }
        guard !entry.enclosures.isEmpty else { return extra }
        extra["enclosures"] = .array(entry.enclosures.map(\.extraValue))
        return extra
    }
}
