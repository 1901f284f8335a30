import RiffleCore
internal import RiffleSystem

/// What is drawn: pages' lines, the prompt and its redraws, message blocks; the one place that writes.
extension InteractiveSession {
    /// Every source's status: the pump's snapshot while it is idle, else the merge's latest.
    var currentStatuses: [SourceStatus] { context.pipe.idleStatuses ?? context.feed.statuses }

    func say(_ text: String) {
        message = styled(text)
        redrawPrompt()
    }

    /// The program's own words as a line.
    func styled(_ text: String) -> StyledLine {
        var line = StyledLine()
        line.appendSafe(text)
        return line
    }

    /// The prompt line: the item view's while one is on screen, else the list's.
    func promptText() -> String {
        if let viewer {
            return viewer.prompt(message: message, width: width).rendered(color: color)
        }
        if sourcesShown {
            return SourceListScreen.prompt(count: sourceNames.count, message: message, width: width).rendered(
                color: color)
        }
        return ReaderScreens.prompt(
            model: model, statuses: currentStatuses, message: message, waiting: pendingTurn != nil, width: width,
            retryWaits: retryWaits, unread: unreadCounts, slowWaits: slowWaits
        ).rendered(color: color)
    }

    /// How long each source set aside has been waited for, with its HTTP attempt.
    var slowWaits: [Int: ReaderScreens.Wait] {
        let now = clock.now
        var waits: [Int: ReaderScreens.Wait] = [:]
        for (index, status) in currentStatuses.enumerated() where status.isSetAside {
            let progress = context.feed.loadProgress(source: index)
            waits[index] = ReaderScreens.Wait(
                waited: progress.began.map { now - $0 } ?? .zero, attempt: progress.attempt,
                attempts: progress.attempts)
        }
        return waits
    }

    /// How long until each failed source's automatic retry.
    var retryWaits: [Int: Duration] {
        let now = clock.now
        var waits: [Int: Duration] = [:]
        for index in context.sources.indices {
            if let wait = retrySchedule.wait(source: index, now: now) { waits[index] = wait }
        }
        return waits
    }

    /// What returns the cursor to the start of an empty prompt line.
    func clearedPrompt() -> String {
        guard promptShown else { return "" }
        promptShown = false
        return "\r" + String(repeating: " ", count: width) + "\r"
    }

    func redrawPrompt() {
        write(clearedPrompt() + promptText())
        promptShown = true
    }

    /// Redraws the prompt unless the user is typing on it.
    func redrawPromptIfIdle() {
        if decoder.isEditing || (terminalEchoes && promptShown) { return }
        if terminalEchoes {
            write(promptText())
            promptShown = true
            return
        }
        redrawPrompt()
    }

    func writeBlock(_ lines: [StyledLine]) {
        var output = clearedPrompt()
        for line in lines { output += line.rendered(color: color, links: links) + "\n" }
        output += promptText()
        write(output)
        promptShown = true
    }

    func write(_ text: String) {
        guard !text.isEmpty else { return }
        try? Descriptor.writeAll(context.io.outputFD, Array(text.utf8))
    }
}
