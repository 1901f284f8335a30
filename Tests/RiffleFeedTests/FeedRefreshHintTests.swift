import Testing

@testable import RiffleFeed

/// A feed's own word on how often to fetch it: RSS `<ttl>` and the syndication module, read from the
/// channel only, bounded, and no hint at all when the text does not read.
@Suite struct FeedRefreshHintTests {
    static func rss(channel: String, item: String = "") -> String {
        """
        <?xml version="1.0"?>
        <rss version="2.0" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/">
          <channel><title>T</title>\(channel)
            <item><title>One</title><guid>g1</guid>\(item)</item>
          </channel>
        </rss>
        """
    }

    @Test func ttlIsMinutes() throws {
        #expect(try parse(Self.rss(channel: "<ttl>60</ttl>")).refreshInterval == .seconds(3_600))
        #expect(try parse(Self.rss(channel: "<ttl> 5 </ttl>")).refreshInterval == .seconds(300))
        #expect(try parse(Self.rss(channel: "")).refreshInterval == nil)
    }

    @Test func theSyndicationModuleIsAPeriodOverAFrequency() throws {
        let twiceDaily = Self.rss(
            channel: "<sy:updatePeriod>daily</sy:updatePeriod><sy:updateFrequency>2</sy:updateFrequency>")
        #expect(try parse(twiceDaily).refreshInterval == .seconds(43_200))
        let hourly = Self.rss(channel: "<sy:updatePeriod>hourly</sy:updatePeriod>")
        #expect(try parse(hourly).refreshInterval == .seconds(3_600), "the frequency is 1 when absent")
        // An undeclared prefix, as libxml2 recovers it.
        let undeclared = """
            <?xml version="1.0"?>
            <rss version="2.0"><channel><title>T</title><sy:updatePeriod>hourly</sy:updatePeriod>
            <item><title>One</title></item></channel></rss>
            """
        #expect(try parse(undeclared).refreshInterval == .seconds(3_600))
    }

    @Test func theLongerHintWinsAndNoneExceedsADay() throws {
        let both = Self.rss(channel: "<ttl>90</ttl><sy:updatePeriod>hourly</sy:updatePeriod>")
        #expect(try parse(both).refreshInterval == .seconds(5_400))
        #expect(try parse(Self.rss(channel: "<ttl>100000000</ttl>")).refreshInterval == .seconds(86_400))
        #expect(
            try parse(Self.rss(channel: "<sy:updatePeriod>yearly</sy:updatePeriod>")).refreshInterval
                == .seconds(86_400))
    }

    @Test func textThatDoesNotReadIsNoHint() throws {
        for channel in [
            "<ttl>soon</ttl>", "<ttl>0</ttl>", "<ttl>-5</ttl>", "<sy:updatePeriod>fortnightly</sy:updatePeriod>",
            "<sy:updatePeriod>daily</sy:updatePeriod><sy:updateFrequency>0</sy:updateFrequency>",
        ] {
            #expect(try parse(Self.rss(channel: channel)).refreshInterval == nil, "\(channel)")
        }
    }

    @Test func onlyTheChannelSpeaks() throws {
        #expect(try parse(Self.rss(channel: "", item: "<ttl>60</ttl>")).refreshInterval == nil)
    }
}
