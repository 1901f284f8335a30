/// Builds an `Article` from `HTMLTree`'s walk: each element opens a frame (a container of blocks and
/// running text, a list, a table, a row, `pre`, or a style), closed when the element ends; text joins
/// the innermost container's paragraph with its whitespace collapsed, as a browser shows it.
///
/// Bounded by `Article.Limits`: deeper elements are skipped, and the walk stops at the block or text
/// limit; what was built is kept and `isCut` says so.
struct ArticleBuilder: HTMLTreeVisitor {
    private let baseURL: String?
    private let limits: Article.Limits
    private var frames: [Frame] = [Frame(.root)]
    private var links: [String] = []
    private var linkNumbers: [String: Int] = [:]
    private var blockCount = 0
    private var textBytes = 0
    private var cut = false
    private(set) var isDone = false
    /// Set while `article()` closes what is open: its blocks are kept whatever the limit.
    private var closing = false
    /// Open `b`/`strong`, `i`/`em`, `code` elements.
    private var bold = 0
    private var italic = 0
    private var code = 0
    /// How many `pre` elements are open.
    private var pre = 0

    init(baseURL: String?, limits: Article.Limits) {
        self.baseURL = baseURL
        self.limits = limits
    }

    /// One open element and what it gathers.
    private struct Frame {
        enum Kind {
            /// Containers: blocks, and the paragraph being filled.
            case root, quote, item, cell, heading(Int)
            case list(ordered: Bool, start: Int)
            case table, row
            case preformatted
            /// A block element (`p`, `div`): ends the paragraph before it and at its end.
            case block
            /// `a`: the link's number, when it has one.
            case link(Int?)
            case bold, italic, code
            /// Skipped with its children (`script`, `style`, too deep) or read through (`span`).
            case skipped, other
        }

        var kind: Kind
        var blocks: [ArticleBlock] = []
        var runs: [ArticleRun] = []
        var pendingSpace = false
        /// A list's items, a table's rows, a row's cells.
        var items: [[ArticleBlock]] = []
        var rows: [[[ArticleRun]]] = []
        var cells: [[ArticleRun]] = []
        var text = ""

        init(_ kind: Kind) { self.kind = kind }

        var isContainer: Bool {
            switch kind {
            case .root, .quote, .item, .cell, .heading: true
            default: false
            }
        }
    }

    /// The article built so far: open elements are closed as their ends would close them.
    mutating func article() -> Article {
        // What the open elements gathered is kept even past the block limit: at most one block a frame.
        closing = true
        while frames.count > 1 { close() }
        flush(0)
        return Article(blocks: frames[0].blocks, links: links, isCut: cut)
    }

    // MARK: Events

    mutating func enter(_ name: String, attribute: (String) -> String?) -> Bool {
        guard frames.count <= limits.maxDepth else {
            cut = true
            frames.append(Frame(.skipped))
            return false
        }
        if Self.skippedElements.contains(name) {
            frames.append(Frame(.skipped))
            return false
        }
        if pre > 0 {
            // Inside `pre` every element is read through for its text; `br` is a line end.
            if name == "br" { appendPreformatted("\n") }
            frames.append(Frame(.other))
            return true
        }
        let kind: Frame.Kind
        switch name {
        case "p", "div", "section", "article", "header", "footer", "main", "aside", "nav", "figure", "figcaption",
            "address", "center", "dl", "dt", "dd", "details", "summary", "caption":
            endParagraph()
            kind = .block
        case "h1", "h2", "h3", "h4", "h5", "h6":
            endParagraph()
            kind = .heading(Int(name.dropFirst()) ?? 1)
        case "ul", "ol", "menu", "dir":
            endParagraph()
            let start = name == "ol" ? attribute("start").flatMap { Int($0.trimmingSpaces) } ?? 1 : 1
            kind = .list(ordered: name == "ol", start: min(max(start, -1_000_000), 1_000_000))
        case "li": kind = .item
        case "blockquote":
            endParagraph()
            kind = .quote
        case "pre", "listing", "xmp", "plaintext":
            endParagraph()
            pre += 1
            kind = .preformatted
        case "table":
            endParagraph()
            kind = .table
        case "tr": kind = .row
        case "td", "th": kind = .cell
        case "br":
            appendRun(.lineBreak)
            kind = .other
        case "hr":
            endParagraph()
            addBlock(.rule)
            kind = .other
        case "img":
            endParagraph()
            addBlock(.image(alt: attribute("alt").map(Self.collapsed) ?? ""))
            kind = .other
        case "a": kind = .link(attribute("href").flatMap { number($0) })
        case "b", "strong":
            bold += 1
            kind = .bold
        case "i", "em", "cite", "var", "dfn":
            italic += 1
            kind = .italic
        case "code", "kbd", "samp", "tt":
            code += 1
            kind = .code
        default: kind = .other
        }
        frames.append(Frame(kind))
        return true
    }

    mutating func leave(_ name: String) {
        guard frames.count > 1 else { return }
        close()
    }

    mutating func text(_ text: String) {
        guard !isDone else { return }
        take(text)
    }

    // MARK: Building

    /// Elements whose content is not the article's text.
    private static let skippedElements: Set<String> = [
        "script", "style", "head", "title", "noscript", "template", "svg", "math", "iframe", "object", "embed",
        "video", "audio", "canvas", "form", "button", "select", "textarea", "input", "option", "map",
    ]

    private mutating func take(_ text: String) {
        textBytes += text.utf8.count
        guard textBytes <= limits.maxTextBytes else {
            cut = true
            isDone = true
            return
        }
        if pre > 0 {
            appendPreformatted(text)
            return
        }
        let container = containerIndex
        var leading = false
        var trailing = false
        var words = ""
        var inSpace = false
        for scalar in text.unicodeScalars {
            if Self.isCollapsible(scalar) {
                if words.isEmpty { leading = true } else { inSpace = true }
                continue
            }
            if inSpace {
                words.unicodeScalars.append(" ")
                inSpace = false
            }
            words.unicodeScalars.append(scalar)
        }
        trailing = inSpace || (words.isEmpty && leading)
        if leading { markSpace(container) }
        guard !words.isEmpty else { return }
        appendRun(ArticleRun(words, style: style, link: currentLink))
        if trailing { markSpace(container) }
    }

    private static func isCollapsible(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{0C}"
    }

    /// `text` with its whitespace collapsed and trimmed (an `alt` text).
    private static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0.unicodeScalars.allSatisfy(isCollapsible) }).joined(separator: " ")
    }

    private var style: ArticleRun.Style {
        var style: ArticleRun.Style = []
        if bold > 0 { style.insert(.bold) }
        if italic > 0 { style.insert(.italic) }
        if code > 0 { style.insert(.code) }
        return style
    }

    private var currentLink: Int? {
        for frame in frames.reversed() {
            if case .link(let number) = frame.kind { return number }
        }
        return nil
    }

    /// The innermost container.
    private var containerIndex: Int {
        frames.lastIndex { $0.isContainer } ?? 0
    }

    /// A space before the next text of `container`, unless its paragraph is empty or ends a line.
    private mutating func markSpace(_ container: Int) {
        if let last = frames[container].runs.last, !last.isLineBreak { frames[container].pendingSpace = true }
    }

    /// Appends a run to the innermost container's paragraph, after its pending space; joins the run
    /// before it when they look alike.
    private mutating func appendRun(_ run: ArticleRun) {
        let index = containerIndex
        if run.isLineBreak {
            frames[index].pendingSpace = false
            frames[index].runs.append(run)
            return
        }
        if frames[index].pendingSpace {
            frames[index].pendingSpace = false
            appendRun(ArticleRun(" "), to: index)
        }
        appendRun(run, to: index)
    }

    private mutating func appendRun(_ run: ArticleRun, to index: Int) {
        if let last = frames[index].runs.last, !last.isLineBreak, last.style == run.style, last.link == run.link {
            frames[index].runs[frames[index].runs.count - 1].text += run.text
        } else {
            frames[index].runs.append(run)
        }
    }

    private mutating func appendPreformatted(_ text: String) {
        guard let index = frames.lastIndex(where: { if case .preformatted = $0.kind { true } else { false } }) else {
            return
        }
        frames[index].text += text
    }

    /// The link number of `href` resolved against the item's URL: the same URL keeps its number; `nil` for
    /// anything but http and https (shown as text), or past the most links.
    private mutating func number(_ href: String) -> Int? {
        let resolved = URIReference.resolve(href.trimmingSpaces, against: baseURL)
        guard let scheme = URIReference(resolved).scheme?.lowercased(), scheme == "http" || scheme == "https",
            resolved.utf8.count <= 8192
        else { return nil }
        if let known = linkNumbers[resolved] { return known }
        guard links.count < limits.maxLinks else {
            cut = true
            return nil
        }
        links.append(resolved)
        linkNumbers[resolved] = links.count
        return links.count
    }

    /// Ends the innermost container's paragraph.
    private mutating func endParagraph() { flush(containerIndex) }

    /// Turns `index`'s runs into a paragraph block of its own (line breaks at its ends dropped).
    private mutating func flush(_ index: Int) {
        var runs = frames[index].runs
        frames[index].runs = []
        frames[index].pendingSpace = false
        while runs.last?.isLineBreak == true { runs.removeLast() }
        while runs.first?.isLineBreak == true { runs.removeFirst() }
        guard !runs.isEmpty else { return }
        add(.paragraph(runs), to: index)
    }

    /// Adds a block to the innermost container, counting it against the limit.
    private mutating func addBlock(_ block: ArticleBlock) {
        add(block, to: containerIndex)
    }

    private mutating func add(_ block: ArticleBlock, to index: Int) {
        guard blockCount < limits.maxBlocks || closing else {
            cut = true
            isDone = true
            return
        }
        blockCount += 1
        frames[index].blocks.append(block)
    }

    /// Closes the innermost frame: what it gathered goes to the frame it belongs to.
    private mutating func close() {
        guard frames.count > 1 else { return }
        if frames[frames.count - 1].isContainer { flush(frames.count - 1) }
        let frame = frames.removeLast()
        switch frame.kind {
        case .root, .other, .skipped, .link: break
        case .block: endParagraph()
        case .bold: bold -= 1
        case .italic: italic -= 1
        case .code: code -= 1
        case .heading(let level):
            let runs = Self.runs(of: frame.blocks)
            if !runs.isEmpty { addBlock(.heading(level: min(max(level, 1), 6), runs)) }
        case .quote:
            if !frame.blocks.isEmpty { addBlock(.blockquote(frame.blocks)) }
        case .item:
            if let list = nearest(where: { if case .list = $0 { true } else { false } }) {
                frames[list].items.append(frame.blocks)
            } else {
                // An `li` outside any list: its blocks stand on their own.
                for block in frame.blocks { addBlock(block) }
            }
        case .list(let ordered, let start):
            if !frame.items.isEmpty { addBlock(.list(ordered: ordered, start: start, items: frame.items)) }
        case .preformatted:
            pre -= 1
            var text = Substring(frame.text)
            if text.first == "\n" { text = text.dropFirst() }
            if text.first == "\r\n" { text = text.dropFirst() }
            while let last = text.last, last == "\n" || last == "\r\n" || last == " " { text = text.dropLast() }
            if !text.isEmpty { addBlock(.preformatted(String(text))) }
        case .cell:
            let runs = Self.runs(of: frame.blocks)
            if let row = nearest(where: { if case .row = $0 { true } else { false } }) {
                frames[row].cells.append(runs)
            } else if let table = nearest(where: { if case .table = $0 { true } else { false } }) {
                frames[table].rows.append([runs])
            } else if !runs.isEmpty {
                addBlock(.paragraph(runs))
            }
        case .row:
            if let table = nearest(where: { if case .table = $0 { true } else { false } }), !frame.cells.isEmpty {
                frames[table].rows.append(frame.cells)
            }
        case .table:
            if !frame.rows.isEmpty { addBlock(.table(frame.rows)) }
        }
    }

    /// The innermost open frame of a kind, looking no further out than the innermost container.
    private func nearest(where matches: (Frame.Kind) -> Bool) -> Int? {
        for index in frames.indices.reversed() {
            if matches(frames[index].kind) { return index }
            if frames[index].isContainer { return nil }
        }
        return nil
    }

    /// Blocks flattened to one line of runs (a heading's or a table cell's): blocks apart by a space.
    private static func runs(of blocks: [ArticleBlock]) -> [ArticleRun] {
        var runs: [ArticleRun] = []
        func separate() {
            if !runs.isEmpty { runs.append(ArticleRun(" ")) }
        }
        func add(_ block: ArticleBlock) {
            switch block {
            case .paragraph(let more), .heading(_, let more):
                separate()
                runs += more.map { $0.isLineBreak ? ArticleRun(" ") : $0 }
            case .list(_, _, let items):
                for item in items { item.forEach(add) }
            case .blockquote(let inner): inner.forEach(add)
            case .preformatted(let text):
                separate()
                runs.append(ArticleRun(collapsed(text), style: .code))
            case .table(let rows):
                for row in rows {
                    for cell in row {
                        separate()
                        runs += cell
                    }
                }
            case .image(let alt):
                separate()
                runs.append(ArticleRun(alt.isEmpty ? "[image]" : "[image: \(alt)]"))
            case .rule: break
            }
        }
        blocks.forEach(add)
        return runs
    }
}
