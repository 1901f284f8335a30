import Foundation
import RiffleCore
import RiffleTestSupport
import Testing

@testable import RiffleFeed

/// Parses `text` (UTF-8) as the body of `url`.
func parse(
    _ text: String, url: String = "https://example.com/feed.xml", contentType: String? = nil,
    limits: FeedLimits = .standard
) throws(FeedError) -> ParsedFeed {
    try FeedParser.parse(Array(text.utf8), contentType: contentType, url: url, limits: limits)
}

/// The error parsing `bytes` throws, else `nil`.
func failure(_ bytes: [UInt8], contentType: String? = nil, limits: FeedLimits = .standard) -> FeedError? {
    do {
        _ = try FeedParser.parse(bytes, contentType: contentType, url: "https://example.com/feed", limits: limits)
        return nil
    } catch {
        return error
    }
}

func failure(_ text: String, limits: FeedLimits = .standard) -> FeedError? { failure(Array(text.utf8), limits: limits) }

/// The time of an RFC 3339 text, for expectations.
func time(_ text: String) -> Timestamp? { Timestamp(rfc3339: text) }

/// The shared real feeds (`../shared/fixtures/feeds` next to the package root); the tests that read them
/// are enabled only when they are there (`SharedFixtures`).
enum FeedFixtures {
    static let directory = URL(filePath: SharedFixtures.path("feeds"))

    static func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory.appending(path: relative)))
    }
}
