/// When the reader stops waiting for a slow source, as a pure value: no clock of its own (the pump passes
/// the time since the merge began) and no I/O.
///
/// The rule: a source that has not answered when the others have is waited for at most as long again
/// as they took (`floor` at least), then the merge goes on without it (`MergeState.setAside`) and the
/// screen is drawn from the others. "They took" is the time from the start to the latest first answer of
/// the sources that have answered. A source that has answered before and holds the merge again (a later
/// page) is waited for as long from when the merge began to wait for it. Nothing is set aside before any
/// source has answered: there would be nothing to show instead.
package struct SlowSourceRule: Sendable, Equatable {
    /// The least wait, however fast the others were: a source a little slower than a fast local one is
    /// not set aside for that.
    package let floor: Duration
    /// Per source, when it first answered (a page, an error, its end).
    private(set) var firstAnswer: [Int: Duration] = [:]
    /// Per source the merge waits for, when that wait began.
    private(set) var waitBegan: [Int: Duration] = [:]

    package static let standardFloor = Duration.seconds(1)

    package init(floor: Duration = SlowSourceRule.standardFloor) {
        self.floor = floor
    }

    /// Takes what the pump sees at `now`: the sources that have answered so far and those the merge waits
    /// for. Returns the sources to set aside now, and when to look again (the next deadline), if ever.
    package mutating func observe(answered: some Sequence<Int>, waitingOn: [Int], now: Duration) -> (
        setAside: [Int], next: Duration?
    ) {
        for index in answered where firstAnswer[index] == nil { firstAnswer[index] = now }
        waitBegan = waitBegan.filter { waitingOn.contains($0.key) }
        for index in waitingOn where waitBegan[index] == nil { waitBegan[index] = now }
        guard let taken = firstAnswer.filter({ !waitingOn.contains($0.key) }).values.max() else { return ([], nil) }
        let patience = max(taken, floor)
        var due: [Int] = []
        var next: Duration?
        for index in waitingOn {
            let deadline = (firstAnswer[index] == nil ? taken : waitBegan[index] ?? now) + patience
            if deadline <= now {
                due.append(index)
                waitBegan[index] = nil
            } else {
                next = min(next ?? deadline, deadline)
            }
        }
        return (due, next)
    }
}
