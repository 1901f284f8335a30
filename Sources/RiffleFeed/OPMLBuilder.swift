/// Builds an `OPMLDocument` from `XMLStream`'s events: the `head/title` text and every `outline` under
/// `body`, with the titles of the outlines around it.
final class OPMLBuilder: XMLEventHandler {
    private let limits: FeedLimits

    private(set) var title: String?
    private(set) var outlines: [OPMLOutline] = []
    private(set) var skipped = 0
    private(set) var sawRoot = false
    private(set) var sawBody = false
    private(set) var failure: OPMLError?

    /// What each open element is.
    private enum Open {
        case root
        case head
        case headTitle
        case body
        /// An outline: its title (for the outlines inside), whether it names a feed, and how many outlines
        /// it holds.
        case outline(title: String?, isFeed: Bool, children: Int)
        case other
    }

    private var stack: [Open] = []
    private var titleBytes: [UInt8] = []
    private var outlineCount = 0

    init(limits: FeedLimits) { self.limits = limits }

    var wantsText: Bool {
        if case .headTitle? = stack.last { return true }
        return false
    }

    func start(_ tag: XMLStream.Tag) -> Bool {
        guard stack.count < limits.maxDepth else {
            failure = OPMLError(.tooLarge, "not OPML: outlines nested deeper than \(limits.maxDepth) levels")
            return false
        }
        let name = tag.localName.lowercased()
        guard let parent = stack.last else {
            guard name == "opml" else {
                failure = OPMLError(.notOPML, "not OPML: XML whose root element is <\(tag.localName.prefix(40))>")
                return false
            }
            sawRoot = true
            stack.append(.root)
            return true
        }
        switch (parent, name) {
        case (.root, "head"): stack.append(.head)
        case (.head, "title"): stack.append(.headTitle)
        case (.root, "body"):
            sawBody = true
            stack.append(.body)
        case (.body, "outline"), (.outline, "outline"):
            return outline(tag)
        default: stack.append(.other)
        }
        return true
    }

    private func outline(_ tag: XMLStream.Tag) -> Bool {
        outlineCount += 1
        guard outlineCount <= limits.maxEntries else {
            failure = OPMLError(.tooLarge, "not OPML: more than \(limits.maxEntries) outlines")
            return false
        }
        if case .outline(let title, let isFeed, let children)? = stack.last {
            stack[stack.count - 1] = .outline(title: title, isFeed: isFeed, children: children + 1)
        }
        let title = Self.text(tag.attribute("title")) ?? Self.text(tag.attribute("text"))
        let feedURL = tag.attribute("xmlUrl")?.trimmingSpaces
        if let feedURL, !feedURL.isEmpty {
            let folders = stack.compactMap { open -> String? in
                if case .outline(let title?, _, _) = open { return title }
                return nil
            }
            let site = tag.attribute("htmlUrl")?.trimmingSpaces
            outlines.append(
                OPMLOutline(
                    title: title, feedURL: feedURL, siteURL: site?.isEmpty == false ? site : nil, folders: folders))
            stack.append(.outline(title: title, isFeed: true, children: 0))
        } else {
            stack.append(.outline(title: title, isFeed: false, children: 0))
        }
        return true
    }

    func end() {
        guard let closing = stack.popLast() else { return }
        switch closing {
        case .headTitle:
            title = Self.text(String(decoding: titleBytes, as: UTF8.self))
            titleBytes = []
        case .outline(_, false, 0):
            skipped += 1
        default: break
        }
    }

    func text(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard titleBytes.count < 4096 else { return }
        titleBytes.append(contentsOf: utf8.prefix(4096 - titleBytes.count))
    }

    func reference(_ name: String) {}

    /// An attribute or title as one line of text (OPML's are plain text: `<` stays); `nil` when empty.
    private static func text(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let text = HTMLText.collapsed(String(raw.prefix(4096)))
        return text.isEmpty ? nil : text
    }
}
