import RiffleCore

/// Read marks and the source filter: asking `ReadMarks` which received items are unread, marking
/// what is shown read, `A`, the prompt's unread counts, `g` showing what a refresh found, and `f`.
extension InteractiveSession {
    /// Takes items from the merge, after asking which of them are unread.
    func receive(_ items: [MergedItem]) async {
        guard !items.isEmpty else { return }
        let unread = await context.marks.unread(among: items.map(ItemVersion.init))
        model.receive(items)
        model.setUnread(items.filter { unread.contains(ItemVersion($0)) })
        await countUnread()
    }

    /// Marks these items read (shown on a screen, or in the item view).
    func markRead(_ items: [MergedItem]) async {
        guard !items.isEmpty else { return }
        await context.marks.markRead(items.map(ItemVersion.init))
        model.setRead(items)
        await countUnread()
    }

    /// `A`: every item of every source read.
    func markAllRead() async {
        await context.marks.markAllRead(in: sourceNames)
        model.setAllRead()
        await countUnread()
        say("marked everything read")
    }

    func countUnread() async {
        unreadCounts = await context.marks.unreadCounts(in: sourceNames)
    }

    /// `g`: what a refresh found goes to the top, unread as `ReadMarks` says, and the first page shows.
    func showFirstPage() async {
        guard model.freshCount > 0 else {
            model.firstPage()
            return
        }
        let shown = model.showFresh()
        let unread = await context.marks.unread(among: shown.map(ItemVersion.init))
        model.setUnread(shown.filter { unread.contains(ItemVersion($0)) })
        await countUnread()
    }

    /// `f NAME…`: only these sources (exact names, else the one name that matches ignoring case); `f`
    /// alone: every source. An unknown name changes nothing and gets a one-line hint.
    func showSources(_ names: [String], pressed: ContinuousClock.Instant) async {
        guard !names.isEmpty else {
            model.setSourceFilter(nil)
            await beginTurn(pressed: pressed)
            return
        }
        var chosen: Set<Int> = []
        for name in names.prefix(100) {
            if let index = sourceNames.firstIndex(of: name) {
                chosen.insert(index)
                continue
            }
            let folded = sourceNames.indices.filter { sourceNames[$0].lowercased() == name.lowercased() }
            guard folded.count == 1, let index = folded.first else {
                var line = StyledLine()
                line.appendSafe("f: no source ")
                line.append(UntrustedText(String(name.prefix(40))))
                line.appendSafe("; sources: ")
                line.append(UntrustedText(sourceNames.joined(separator: " ")))
                message = line
                redrawPrompt()
                return
            }
            chosen.insert(index)
        }
        model.setSourceFilter(chosen)
        await beginTurn(pressed: pressed)
    }
}
