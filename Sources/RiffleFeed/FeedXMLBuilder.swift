/// Builds a feed from `XMLStream`'s events: recognises the format from the root element, then keeps
/// the text of the channel's and each entry's direct children, mapped as the contract says.
///
/// Streaming: only the open elements' bases and the entry being read are held, besides the finished
/// entries. Stops (with `failure`) at the first exceeded limit.
final class FeedXMLBuilder: XMLEventHandler {
    private let feedURL: String
    private let limits: FeedLimits

    /// The format, once the root element said.
    private(set) var format: FeedFormat?
    /// Whether the root element was `<html>`.
    private(set) var isHTML = false
    /// Why reading stopped early, when it did.
    private(set) var failure: FeedError?

    private var title: String?
    private var nextPage: String?
    private var archivePage: String?
    private var feedAuthors: [String] = []
    /// The channel's `itunes:author`: the entries' author when neither they nor the channel name another.
    private var feedPodcastAuthors: [String] = []
    private var drafts: [EntryDraft] = []
    /// The channel's RSS `ttl` (minutes) and syndication module's period and frequency, as written.
    private var ttl: String?
    private var updatePeriod: String?
    private var updateFrequency: String?

    /// How many elements are open.
    private var depth = 0
    /// Each open element's base URI (`xml:base` resolved against its parent's, the feed's URL at the top).
    private var bases: [String] = []
    /// The depth of the element whose children are the feed's own fields (`channel`, Atom `feed`).
    private var channelDepth: Int?
    private var channelOpen = false
    private var entry: EntryDraft?
    private var entryDepth = 0
    private var capture: Capture?

    init(feedURL: String, limits: FeedLimits) {
        self.feedURL = feedURL
        self.limits = limits
    }

    /// The feed read so far.
    func feed(format: FeedFormat) -> ParsedFeed {
        ParsedFeed(
            format: format, title: title,
            entries: drafts.map {
                $0.entry(
                    feedAuthors: feedAuthors.isEmpty ? feedPodcastAuthors : feedAuthors, htmlLimit: limits.maxHTMLBytes)
            },
            nextPage: nextPage ?? archivePage,
            refreshInterval: FeedRefreshHint.interval(ttl: ttl, period: updatePeriod, frequency: updateFrequency))
    }

    // MARK: Events

    var wantsText: Bool { capture != nil }

    func start(_ tag: XMLStream.Tag) -> Bool {
        depth += 1
        guard depth <= limits.maxDepth else {
            failure = .tooDeep(limit: limits.maxDepth)
            return false
        }
        let base = bases.last ?? feedURL
        if let declared = tag.attribute("base", namespace: FeedNamespace.xmlURI) {
            bases.append(URIReference.resolve(declared, against: base))
        } else {
            bases.append(base)
        }
        let namespace = FeedNamespace(uri: tag.namespace, prefix: tag.prefix)
        if depth == 1 { return root(tag, namespace) }

        if capture != nil {
            inCapture(tag, namespace)
            return true
        }
        if entry == nil {
            if isEntry(tag.localName, namespace) {
                guard drafts.count < limits.maxEntries else {
                    failure = .tooManyEntries(limit: limits.maxEntries)
                    return false
                }
                entry = EntryDraft()
                entryDepth = depth
            } else if channelDepth == nil, tag.localName == "channel", isRSS(namespace) {
                channelDepth = depth
                channelOpen = true
            } else if channelOpen, depth == (channelDepth ?? 0) + 1 {
                begin(tag, namespace, feedLevel: true)
            }
        } else if depth == entryDepth + 1 {
            begin(tag, namespace, feedLevel: false)
        } else if tag.localName == "category", isRSS(namespace) {
            // A category list nested in an element of its own (`<categories><category>…`).
            capture = Capture(
                field: .category, kind: .plain, depth: depth, feedLevel: false, base: bases.last ?? feedURL)
        } else if tag.localName == "content", namespace == .media {
            // Media RSS contents grouped in `media:group`.
            mediaContent(tag, base: bases.last ?? feedURL)
        }
        return true
    }

    func end() {
        if let open = capture, open.depth != depth, open.markup != nil, let name = capture?.openNames.popLast() {
            capture?.appendMarkup("</\(name)>", limit: limits.maxTextBytes)
        }
        if let open = capture {
            if open.depth == depth {
                finish(open)
                capture = nil
            } else if open.nameDepth == depth {
                capture?.nameDepth = nil
            } else if open.field == .rssAuthor || Markup.blocks.contains(open.lastChild) {
                capture?.text.append(" ")
            }
        }
        if let finished = entry, depth == entryDepth {
            drafts.append(finished)
            entry = nil
        }
        if depth == channelDepth { channelOpen = false }
        bases.removeLast()
        depth -= 1
    }

    func text(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let open = capture else { return }
        if open.nameDepth != nil {
            let room = limits.maxTextBytes - open.name.utf8.count
            guard room > 0 else { return }
            capture?.name.append(Self.decode(utf8, upTo: room))
        } else {
            let room = limits.maxTextBytes - open.text.utf8.count
            guard room > 0 else { return }
            let text = Self.decode(utf8, upTo: room)
            capture?.text.append(text)
            if open.markup != nil { capture?.appendMarkup(Self.escaped(text), limit: limits.maxTextBytes) }
        }
    }

    /// Text made safe inside HTML markup: `&`, `<`, `>` and `"` as references.
    private static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else {
            return text
        }
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    /// At most `limit` bytes of `utf8` as text, cut before a character that would not fit whole.
    private static func decode(_ utf8: UnsafeBufferPointer<UInt8>, upTo limit: Int) -> String {
        guard utf8.count > limit else { return String(decoding: utf8, as: UTF8.self) }
        var end = limit
        while end > 0, utf8[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: utf8[..<end]), as: UTF8.self)
    }

    func reference(_ name: String) {
        guard capture != nil, let scalar = HTMLEntities.scalar(named: name) else { return }
        capture?.text.unicodeScalars.append(scalar)
        if capture?.markup != nil { capture?.appendMarkup(Self.escaped(String(scalar)), limit: limits.maxTextBytes) }
    }

    // MARK: Mapping

    /// The text of one element being read, and how to read it.
    private struct Capture {
        var field: Field
        var kind: TextKind
        var depth: Int
        var feedLevel: Bool
        var base: String
        var text = ""
        /// An Atom person's `name`, read apart from its `email` and `uri`.
        var name = ""
        var nameDepth: Int?
        /// For `guid`: whether it is also the entry's address.
        var isPermaLink = true
        /// The local name of the latest nested element (to space out blocks of XHTML content).
        var lastChild = ""
        /// XHTML content written back as HTML markup (elements, the attributes an article reads, escaped
        /// text), for `FeedEntry.contentHTML`; `nil` for every other text.
        var markup: String?
        /// The nested elements open in `markup`, innermost last.
        var openNames: [String] = []

        /// Appends to `markup` while it stays within `limit` bytes.
        mutating func appendMarkup(_ piece: String, limit: Int) {
            guard let current = markup, current.utf8.count + piece.utf8.count <= limit else { return }
            markup = current + piece
        }
    }

    private enum Field {
        case title, link, summary, content, id, guid, updated, published, rssAuthor, podcastAuthor, podcastDuration,
            atomPerson, category, ttl, updatePeriod, updateFrequency
    }

    private enum TextKind {
        /// Trimmed only: identifiers, addresses, dates.
        case raw
        /// Whitespace collapsed: Atom `type="text"` and `"xhtml"`, names.
        case plain
        case html(HTMLText.Tags)
    }

    private func root(_ tag: XMLStream.Tag, _ namespace: FeedNamespace) -> Bool {
        switch (tag.localName, namespace) {
        case ("rss", .none), ("rss", .other): format = .rss
        case ("RDF", .rdf): format = .rdf
        case ("feed", .atom), ("feed", .none):
            format = .atom
            channelDepth = 1
            channelOpen = true
        case (let name, _) where name.lowercased() == "html":
            isHTML = true
            return false
        default:
            failure = .unknownRoot(tag.prefix.map { "\($0):\(tag.localName)" } ?? tag.localName)
            return false
        }
        return true
    }

    private func isRSS(_ namespace: FeedNamespace) -> Bool {
        format != .atom && (namespace == .none || namespace == .rss1)
    }

    private func isAtom(_ namespace: FeedNamespace) -> Bool {
        namespace == .atom || (format == .atom && namespace == .none)
    }

    private func isEntry(_ localName: String, _ namespace: FeedNamespace) -> Bool {
        (localName == "item" && isRSS(namespace)) || (localName == "entry" && isAtom(namespace))
    }

    /// A nested element inside a captured one: an Atom person's `name`, or XHTML markup.
    private func inCapture(_ tag: XMLStream.Tag, _ namespace: FeedNamespace) {
        guard let open = capture else { return }
        if open.field == .atomPerson || open.field == .rssAuthor, open.nameDepth == nil, depth == open.depth + 1,
            tag.localName == "name", open.field == .rssAuthor || isAtom(namespace)
        {
            capture?.nameDepth = depth
        } else if open.field == .rssAuthor || Markup.blocks.contains(tag.localName) {
            // A person's parts (`<name>`, `<title>`) are words apart, as blocks of markup are.
            capture?.text.append(" ")
        }
        capture?.lastChild = tag.localName
        if capture?.markup != nil {
            var element = "<" + tag.localName
            for name in ["href", "src", "alt", "start"] {
                if let value = tag.attribute(name) {
                    let resolved =
                        name == "href" || name == "src"
                        ? URIReference.resolve(value, against: bases.last ?? feedURL) : value
                    element += " \(name)=\"\(Self.escaped(resolved))\""
                }
            }
            capture?.appendMarkup(element + ">", limit: limits.maxTextBytes)
            capture?.openNames.append(tag.localName)
        }
    }

    /// A direct child of the channel (`feedLevel`) or of an entry.
    private func begin(_ tag: XMLStream.Tag, _ namespace: FeedNamespace, feedLevel: Bool) {
        let base = bases.last ?? feedURL
        func capturing(_ field: Field, _ kind: TextKind) {
            capture = Capture(field: field, kind: kind, depth: depth, feedLevel: feedLevel, base: base)
        }
        if isRSS(namespace) {
            switch tag.localName {
            case "title": capturing(.title, .html(.htmlElementsOnly))
            case "link" where !feedLevel: capturing(.link, .raw)
            case "description" where !feedLevel: capturing(.summary, .html(.all))
            case "guid" where !feedLevel:
                capturing(.guid, .raw)
                capture?.isPermaLink = tag.attribute("isPermaLink")?.trimmingSpaces.lowercased() != "false"
            case "pubDate": capturing(.published, .raw)
            case "author" where !feedLevel: capturing(.rssAuthor, .plain)
            case "category" where !feedLevel: capturing(.category, .plain)
            case "ttl" where feedLevel: capturing(.ttl, .raw)
            case "enclosure" where !feedLevel:
                if let url = tag.attribute("url") {
                    let resolved = URIReference.resolve(url, against: base)
                    addEnclosure(resolved, tag)
                }
            default: break
            }
            return
        }
        if isAtom(namespace) {
            switch tag.localName {
            case "title": typed(tag, .title, capturing)
            case "summary" where !feedLevel: typed(tag, .summary, capturing)
            case "content" where !feedLevel: typed(tag, .content, capturing)
            case "id" where !feedLevel: capturing(.id, .raw)
            case "updated" where !feedLevel: capturing(.updated, .raw)
            case "published" where !feedLevel: capturing(.published, .raw)
            case "author": capturing(.atomPerson, .plain)
            case "link": link(tag, base: base, feedLevel: feedLevel)
            case "category" where !feedLevel:
                if let name = tag.attribute("label") ?? tag.attribute("term") {
                    entry?.tags.append(HTMLText.collapsed(name))
                }
            default: break
            }
            return
        }
        if namespace == .itunes, tag.localName == "author" {
            capturing(.podcastAuthor, .plain)
            return
        }
        if namespace == .syndication, feedLevel {
            switch tag.localName {
            case "updatePeriod": capturing(.updatePeriod, .raw)
            case "updateFrequency": capturing(.updateFrequency, .raw)
            default: break
            }
            return
        }
        guard !feedLevel else { return }
        if namespace == .itunes, tag.localName == "duration" {
            capturing(.podcastDuration, .raw)
            return
        }
        if namespace == .media, tag.localName == "content" {
            mediaContent(tag, base: base)
            return
        }
        switch (namespace, tag.localName) {
        case (.dublinCore, "date"), (.dublinCoreTerms, "issued"), (.dublinCoreTerms, "created"):
            capturing(.published, .raw)
        case (.dublinCoreTerms, "modified"): capturing(.updated, .raw)
        case (.dublinCore, "creator"): capturing(.rssAuthor, .plain)
        case (.dublinCore, "subject"): capturing(.category, .plain)
        case (.content, "encoded"): capturing(.content, .html(.all))
        case (.rdf, _), (.other, _), (.none, _), (.atom, _), (.rss1, _), (.xml, _), (.dublinCore, _),
            (.dublinCoreTerms, _), (.content, _), (.itunes, _), (.media, _), (.syndication, _):
            break
        }
    }

    /// An Atom text construct: `type` says how to read it; other media types (base64 content) are skipped.
    private func typed(_ tag: XMLStream.Tag, _ field: Field, _ capturing: (Field, TextKind) -> Void) {
        switch tag.attribute("type")?.trimmingSpaces.lowercased() {
        case nil, "", "text", "text/plain": capturing(field, .plain)
        case "xhtml", "application/xhtml+xml":
            capturing(field, .plain)
            capture?.markup = ""
        case "html", "text/html": capturing(field, .html(.all))
        default: break
        }
    }

    /// An Atom link: the entry's address, or the feed's next or archived page.
    private func link(_ tag: XMLStream.Tag, base: String, feedLevel: Bool) {
        guard let href = tag.attribute("href") else { return }
        let rel = tag.attribute("rel")?.trimmingSpaces.lowercased() ?? "alternate"
        let resolved = URIReference.resolve(href, against: base)
        if feedLevel {
            switch rel {
            case "next": nextPage = nextPage ?? resolved
            case "prev-archive": archivePage = archivePage ?? resolved
            default: break
            }
        } else {
            switch rel {
            case "alternate", "http://www.iana.org/assignments/relation/alternate":
                if entry?.link == nil { entry?.link = resolved }
            case "enclosure":
                addEnclosure(resolved, tag)
            case "related": entry?.alternateLinks.append(resolved)
            default: break
            }
        }
    }

    private func finish(_ capture: Capture) {
        let value: String
        switch capture.kind {
        case .raw: value = capture.text.trimmingSpaces
        case .plain: value = HTMLText.collapsed(capture.text)
        case .html(let tags): value = HTMLText.text(fromHTML: capture.text, tags: tags)
        }
        if capture.feedLevel {
            switch capture.field {
            case .title: title = title ?? value
            case .atomPerson:
                let name = HTMLText.collapsed(capture.name)
                if !name.isEmpty { feedAuthors.append(name) }
            case .podcastAuthor: if !value.isEmpty { feedPodcastAuthors.append(value) }
            case .ttl: ttl = ttl ?? value
            case .updatePeriod: updatePeriod = updatePeriod ?? value
            case .updateFrequency: updateFrequency = updateFrequency ?? value
            default: break
            }
            return
        }
        // Taken out, not copied: the draft's arrays are then uniquely held, so an append does not copy them,
        // and its fields are not retained once more for every captured element.
        guard var draft = entry.take() else { return }
        switch capture.field {
        case .title: draft.title = draft.title ?? value
        case .link:
            if draft.link == nil, !value.isEmpty { draft.link = URIReference.resolve(value, against: capture.base) }
        case .summary:
            draft.summary = draft.summary ?? value
            draft.summaryHTML = draft.summaryHTML ?? Self.html(of: capture)
        case .content:
            draft.content = draft.content ?? value
            draft.contentHTML = draft.contentHTML ?? Self.html(of: capture)
        case .id: draft.id = draft.id ?? value
        case .guid:
            draft.id = draft.id ?? value
            if capture.isPermaLink, let scheme = URIReference(value).scheme?.lowercased(),
                scheme == "http" || scheme == "https"
            {
                draft.alternateLinks.append(URIReference.resolve(value, against: capture.base))
            }
        case .updated: draft.updated = draft.updated ?? value
        case .published: draft.published = draft.published ?? value
        case .rssAuthor:
            let name = HTMLText.collapsed(capture.name)
            draft.authors.append(name.isEmpty ? Self.rssAuthorName(value) : name)
        case .podcastAuthor: if !value.isEmpty { draft.podcastAuthors.append(value) }
        case .podcastDuration: draft.podcastDuration = draft.podcastDuration ?? value
        case .atomPerson:
            let name = HTMLText.collapsed(capture.name)
            if !name.isEmpty { draft.authors.append(name) }
        case .category: draft.tags.append(value)
        case .ttl, .updatePeriod, .updateFrequency: break  // the channel's only: never captured in an entry
        }
        entry = draft
    }

    /// A summary's or content's HTML: the text of one read as HTML, the markup written back from XHTML.
    private static func html(of capture: Capture) -> String? {
        if let markup = capture.markup { return markup }
        if case .html = capture.kind { return capture.text }
        return nil
    }

    /// An enclosure at `url` (resolved) with the `type`, the size in the attribute `length` and the
    /// `duration` that `tag` gives.
    private static func enclosure(_ url: String, _ tag: XMLStream.Tag, length: String) -> FeedEnclosure {
        FeedEnclosure(
            url: url, type: tag.attribute("type")?.trimmingSpaces,
            length: FeedEnclosure.length(tag.attribute(length)),
            duration: FeedEnclosure.duration(tag.attribute("duration")))
    }

    /// An RSS `enclosure` or Atom `link rel="enclosure"` at `url` (resolved): one of the entry's enclosures,
    /// and a fallback for its link.
    private func addEnclosure(_ url: String, _ tag: XMLStream.Tag) {
        entry?.alternateLinks.append(url)
        entry?.enclosures.append(Self.enclosure(url, tag, length: "length"))
    }

    /// A Media RSS `media:content` with a `url`, kept for an entry without enclosures.
    private func mediaContent(_ tag: XMLStream.Tag, base: String) {
        guard let url = tag.attribute("url") else { return }
        entry?.mediaContents.append(Self.enclosure(URIReference.resolve(url, against: base), tag, length: "fileSize"))
    }

    /// RSS `author` is an address with an optional name: `jo@example.com (Jo Bloggs)` gives `Jo Bloggs`,
    /// `Jo Bloggs <jo@example.com>` gives `Jo Bloggs`; anything else stays as written.
    static func rssAuthorName(_ text: String) -> String {
        if text.hasSuffix(")"), let open = text.firstIndex(of: "("), text[..<open].contains("@") {
            let name = text[text.index(after: open)..<text.index(before: text.endIndex)].trimmingSpaces
            if !name.isEmpty { return name }
        }
        if text.hasSuffix(">"), let open = text.lastIndex(of: "<"), text[open...].contains("@") {
            let name = String(text[..<open]).trimmingSpaces
            if !name.isEmpty { return name }
        }
        return text
    }
}
