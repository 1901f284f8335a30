import RiffleTerminal
import Testing

/// The slow-source rule on plain durations since the merge began (no clock).
@Suite struct SlowSourceRuleTests {
    @Test func aSourceNotAnsweredIsWaitedForAsLongAgainAsTheOthersTook() {
        var rule = SlowSourceRule(floor: .seconds(1))
        // Nobody has answered: no deadline.
        #expect(rule.observe(answered: [], waitingOn: [0, 1, 2], now: .zero) == ([], nil))
        // Two answered by 3 s; source 2 is waited for until 6 s.
        var step = rule.observe(answered: [0, 1], waitingOn: [2], now: .seconds(3))
        #expect(step.setAside.isEmpty)
        #expect(step.next == .seconds(6))
        step = rule.observe(answered: [0, 1], waitingOn: [2], now: .milliseconds(5_999))
        #expect(step.setAside.isEmpty)
        step = rule.observe(answered: [0, 1], waitingOn: [2], now: .seconds(6))
        #expect(step.setAside == [2])
    }

    @Test func fastOthersStillGetTheFloor() {
        var rule = SlowSourceRule(floor: .seconds(1))
        let step = rule.observe(answered: [0], waitingOn: [1], now: .milliseconds(50))
        #expect(step.next == .milliseconds(1_050))
    }

    @Test func aLaterPageIsWaitedForFromWhenTheWaitBegan() {
        var rule = SlowSourceRule(floor: .seconds(1))
        _ = rule.observe(answered: [0, 1], waitingOn: [], now: .milliseconds(200))
        // Source 1 holds the merge again at 30 s, on a later page.
        var step = rule.observe(answered: [0, 1], waitingOn: [1], now: .seconds(30))
        #expect(step.next == .seconds(31))
        step = rule.observe(answered: [0, 1], waitingOn: [1], now: .seconds(31))
        #expect(step.setAside == [1])
    }
}
