internal import RiffleBytes
package import RiffleCore
internal import RiffleExport
package import RiffleStoreKit

/// Every route `riffle serve` answers, from the store alone (never waiting on the network): the merged
/// feed and each source's in Atom, RSS and JSON Feed, paged by keyset cursor, and `/healthz`. Caching
/// (`ETag`, `Last-Modified`, `304`, `max-age`), gzip, `HEAD` and the token are decided here, apart from
/// the HTTP library, so that each is tested without a socket.
package struct FeedRoutes: Sendable {
    let store: any Store
    /// The configured sources' names, in merge order.
    let sources: [String]
    /// Each source's place in `sources`, made once: every feed answer numbers its items by it.
    let sourceOrder: [String: Int]
    let token: AccessToken?
    let board: RefreshBoard
    let clock: @Sendable () -> Timestamp

    package init(
        store: any Store, sources: [String], token: AccessToken?, board: RefreshBoard,
        clock: @escaping @Sendable () -> Timestamp = Timestamp.now
    ) {
        self.store = store
        self.sources = sources
        self.sourceOrder = Dictionary(sources.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        self.token = token
        self.board = board
        self.clock = clock
    }

    /// The longest path and query answered, in bytes.
    package static let maxURILength = 8_192

    /// The answer to `request`.
    package func respond(to request: ServedRequest) async -> ServedResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            var response = Self.failure(.methodNotAllowed)
            response.headers.append(("Allow", "GET, HEAD"))
            return response
        }
        let response: ServedResponse
        switch route(request.path) {
        case .health:
            response = await health()
        case .feed(let format, let only):
            if let token, !token.admits(request) {
                var refused = Self.failure(.unauthorized)
                refused.headers.append(("WWW-Authenticate", "Bearer realm=\"riffle\""))
                response = refused
            } else {
                response = await feed(format, only: only, request: request)
            }
        case nil:
            response = Self.failure(.notFound)
        }
        guard request.method == "HEAD" else { return response }
        var head = response
        if !head.body.isEmpty { head.headers.append(("Content-Length", String(head.body.count))) }
        head.body = []
        return head
    }

    /// Where a path leads.
    private enum Route {
        case health
        /// A feed in `format`, of one source (`only`) or all.
        case feed(FeedDocument.Format, only: String?)
    }

    private func route(_ path: String) -> Route? {
        if path == "/healthz" { return .health }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        func format(_ file: Substring) -> FeedDocument.Format? {
            guard file.hasPrefix("feed.") else { return nil }
            return FeedDocument.Format(rawValue: String(file.dropFirst(5)))
        }
        if parts.count == 2, let format = format(parts[1]) { return .feed(format, only: nil) }
        if parts.count == 4, parts[1] == "sources", let format = format(parts[3]), sources.contains(String(parts[2])) {
            return .feed(format, only: String(parts[2]))
        }
        return nil
    }

    private func feed(_ format: FeedDocument.Format, only: String?, request: ServedRequest) async -> ServedResponse {
        let query: FeedQuery
        switch FeedQuery.parse(request.parameters, configured: sources, only: only) {
        case .success(let parsed): query = parsed
        case .failure(let failure): return Self.failure(failure)
        }
        let page: MergedPage
        do {
            page = try await store.mergedPage(query.storeQuery)
        } catch {
            return Self.failure(.storeUnreadable(error.description))
        }
        // What a `304` needs (the tag, the newest time) comes first; the entries are made only for a body.
        let next = page.hasMore ? page.entries.last.map { address(request, after: FeedCursor.encode($0.cursor)) } : nil
        let gzip = request.acceptsGzip
        let selfURL = address(request)
        let tag = Self.entityTag(page.entries, format: format, next: next, selfURL: selfURL, gzip: gzip)
        let newest = page.entries.map(\.item.time).max()
        var headers: [(name: String, value: String)] = [
            ("ETag", tag), ("Cache-Control", "max-age=\(maxAge(query.sources))"), ("Vary", "Accept-Encoding"),
        ]
        if let newest { headers.append(("Last-Modified", newest.imfFixdate)) }
        if Self.notModified(request, tag: tag, newest: newest) {
            return ServedResponse(status: 304, headers: headers)
        }
        let entries = page.entries.map { entry in
            FeedDocument.Entry(
                item: MergedItem(
                    sourceIndex: sourceOrder[entry.source] ?? 0, sourceName: entry.source, item: entry.item),
                cursor: FeedCursor.encode(entry.cursor))
        }
        let title = only.map { "riffle: \($0)" } ?? "riffle"
        let document = FeedDocument(title: title, selfURL: selfURL, nextURL: next, entries: entries)
        var body = document.render(format)
        headers.append(("Content-Type", format.mediaType))
        if gzip, let compressed = GzipBody.compress(body) {
            body = compressed
            headers.append(("Content-Encoding", "gzip"))
        }
        return ServedResponse(status: 200, headers: headers, body: body)
    }

    /// Seconds until the soonest next refresh of `sources` (0 when one is due or none is scheduled), at
    /// most an hour: a client asks again no sooner than the feed may have changed.
    private func maxAge(_ sources: [String]) -> Int {
        guard let soonest = board.soonest(of: sources) else { return 0 }
        let seconds = (soonest.microseconds - clock().microseconds) / 1_000_000
        return Int(min(3_600, max(0, seconds)))
    }

    /// This request's own address with `after` set (or left out), every other parameter kept as the
    /// client sent it (its own token included: a feed reader that sends `?token=` needs it on the next
    /// page too).
    private func address(_ request: ServedRequest, after: String? = nil) -> String {
        var parameters = request.parameters.filter { $0.name != "after" }
        if let after { parameters.append(("after", after)) }
        var out = "http://\(request.host ?? "localhost")\(request.path)"
        if !parameters.isEmpty {
            out +=
                "?"
                + parameters.map {
                    "\(FeedDocument.percentEncoded($0.name))=\(FeedDocument.percentEncoded($0.value, keeping: ","))"
                }
                .joined(separator: "&")
        }
        return out
    }

    /// A strong validator of what the page holds: the served items' sources, ids and times, the format,
    /// the addresses written in it and the encoding — never the time of the render, so that the same items
    /// give the same tag until one of them changes.
    static func entityTag(
        _ entries: [MergedPage.Entry], format: FeedDocument.Format, next: String?, selfURL: String, gzip: Bool
    ) -> String {
        var text = "\(format.rawValue)\u{1}\(selfURL)\u{1}\(next ?? "")\u{1}\(gzip)"
        for entry in entries {
            text += "\u{1}\(entry.source)\u{2}\(entry.item.id)\u{2}\(entry.item.time.microseconds)"
        }
        let hash = FNV1a.hash(text)
        let hex = String(hash, radix: 16)
        return "\"\(String(repeating: "0", count: 16 - hex.count))\(hex)\""
    }

    /// `If-None-Match` names the tag (or `*`); else, without it, `If-Modified-Since` is no earlier than the
    /// newest item's second (RFC 9110: the tag decides when both are sent).
    static func notModified(_ request: ServedRequest, tag: String, newest: Timestamp?) -> Bool {
        if let match = request.ifNoneMatch {
            return match.split(separator: ",").contains { part in
                let candidate = part.filter { $0 != " " && $0 != "\t" }
                return candidate == "*" || candidate == tag || candidate == "W/" + tag
            }
        }
        guard let text = request.ifModifiedSince, let since = Timestamp(imfFixdate: text), let newest else {
            return false
        }
        return newest.unixSeconds <= since.unixSeconds
    }

    /// `/healthz`: each source's state from the store, `503` when the store cannot be read.
    private func health() async -> ServedResponse {
        let summaries: [SourceSummary]
        do {
            summaries = try await store.summaries()
        } catch {
            return Self.failure(.storeUnreadable(error.description))
        }
        let byName = Dictionary(summaries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let list: [JSONValue] = sources.map { name in
            var object: [String: JSONValue] = ["name": .string(name)]
            let summary = byName[name]
            object["stored"] = .int(Int64(summary?.itemCount ?? 0))
            object["unread"] = .int(Int64(summary?.unreadCount ?? 0))
            object["last_refresh"] = summary?.lastRefresh.map { .string($0.rfc3339) } ?? .null
            switch summary?.lastOutcome {
            case .ok?: object["state"] = .string("ok")
            case .failed(let reason)?:
                object["state"] = .string("failed")
                object["error"] = .string(reason)
            case nil: object["state"] = .string("never refreshed")
            }
            object["next_refresh"] = board.next(of: name).map { .string($0.rfc3339) } ?? .null
            return .object(object)
        }
        var body: [UInt8] = []
        JSONValue.object(["status": .string("ok"), "sources": .array(list)]).write(to: &body)
        body.append(UInt8(ascii: "\n"))
        return ServedResponse(
            status: 200, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")], body: body)
    }

    /// An error's answer: its status and its one line as plain text.
    static func failure(_ failure: ServeFailure) -> ServedResponse {
        ServedResponse(
            status: failure.status,
            headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")],
            body: Array((failure.message + "\n").utf8))
    }
}
