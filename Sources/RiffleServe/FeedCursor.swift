internal import RiffleBytes
package import RiffleCore
package import RiffleStoreKit

/// The served feeds' opaque paging cursor (`?after=`): a store cursor (`MergedPageCursor`) as `c1.` and
/// base64url of its parts, so that clients treat it as a token and a later version can change it.
package enum FeedCursor {
    /// The longest `?after=` read.
    static let maxLength = 2_048

    package static func encode(_ cursor: MergedPageCursor) -> String {
        let text = "\(cursor.time.microseconds) \(cursor.rank) \(cursor.source.utf8.count) \(cursor.source)\(cursor.id)"
        return "c1." + Base64URL.encode(Array(text.utf8))
    }

    /// The cursor in `text`, or `nil` when it is not one this server wrote.
    package static func decode(_ text: String) -> MergedPageCursor? {
        guard text.utf8.count <= maxLength, text.hasPrefix("c1."), let bytes = Base64URL.decode(text.dropFirst(3)),
            let plain = String(validating: bytes, as: UTF8.self)
        else { return nil }
        let parts = plain.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, let micros = Int64(parts[0]), let rank = Int64(parts[1]), let count = Int(parts[2]),
            count > 0, count <= parts[3].utf8.count
        else { return nil }
        let rest = parts[3].utf8
        let split = rest.index(rest.startIndex, offsetBy: count)
        guard let source = String(rest[..<split]), let id = String(rest[split...]) else { return nil }
        return MergedPageCursor(time: Timestamp(microseconds: micros), source: source, rank: rank, id: id)
    }
}
