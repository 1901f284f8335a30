import RiffleCore

/// The item view (`v N`): the item in full, a screenful at a time, then back to the list.
extension InteractiveSession {
    /// Shows item `number` in full; it becomes read.
    func view(_ number: Int) async {
        guard let merged = item(number) else { return }
        let unread = model.isUnread(merged)
        let lines = ItemView.lines(
            number: number, item: merged, unread: unread, now: context.settings.now(), width: width)
        if unread { await markRead([merged]) }
        viewer = ItemPager(number: number, lines: lines)
        showMoreOfItem()
    }

    /// The next screenful of the item view, then its prompt.
    func showMoreOfItem() {
        guard var pager = viewer else { return }
        var output = clearedPrompt()
        for line in pager.next(model.pageSize) { output += line.rendered(color: color, links: links) + "\n" }
        viewer = pager
        output += promptText()
        write(output)
        promptShown = true
    }

    /// A command while the item view is on screen: Enter shows more of it, and at its end goes back to
    /// the list page; `q` goes back at once. Returns whether the view took the command; any other
    /// closes the view and runs as usual.
    func viewerTakes(_ command: ReaderCommand) async -> Bool {
        guard let pager = viewer else { return false }
        switch command {
        case .nextPage where !pager.atEnd:
            showMoreOfItem()
        case .nextPage, .quit:
            viewer = nil
            await backToTheList()
        default:
            viewer = nil
            return false
        }
        return true
    }

    /// Back from a view over the list (the item view, the sources view): the list's page again, or its
    /// prompt while the page is still on its way.
    func backToTheList() async {
        if pendingTurn == nil && model.isPageReady { await drawPage() } else { redrawPrompt() }
    }
}
