import RiffleBytes
import Testing

@testable import RiffleCore

/// `Item.withTexts`, which reads every text of an item from its buffer at once through pointers (the
/// export's way), held to the field-by-field accessors (`withUTF8`, `withTagUTF8`,
/// `withExtraJSON`) over random items: plain ones, absent and empty fields, non-ASCII, many tags. Run
/// under AddressSanitizer by `make sanitize` (RiffleCoreTests).
@Suite struct ItemTextsTests {
    static func text(_ random: inout SplitMix64) -> String {
        let pieces = ["", "a", "é", "😀", "\"q\"", "line\nbreak", "long text of the summary "]
        return (0..<Int(random.next() % 4)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
    }

    @Test func textsAreTheFieldsBytes() throws {
        var random = SplitMix64(seed: 2_020)
        for round in 0..<2_000 {
            func optional() -> String? { random.next() % 3 == 0 ? nil : Self.text(&random) }
            let tags = (0..<Int(random.next() % 5)).map { _ in Self.text(&random) }
            let extra: [String: JSONValue] = random.next() % 4 == 0 ? ["iid": .int(Int64(round))] : [:]
            var item = Item(
                id: "i\(round)", time: Timestamp(unixSeconds: Int64(round)), title: Self.text(&random),
                url: optional(), author: optional(), summary: optional(), tags: tags, extra: extra)
            if round % 5 == 0 {
                var builder = ItemBuilder()
                builder.set(.title, text: Self.text(&random))
                builder.set(.summary, text: Self.text(&random))
                builder.appendTag(text: "t")
                builder.appendExtra("iid", value: .int(Int64(round)))
                item = try builder.build(id: "b\(round)", time: Timestamp(unixSeconds: 1), extra: [:])
            }
            item.withTexts { texts in
                #expect(Array(texts.title) == item.withUTF8(.title) { Array($0) }, "\(round)")
                #expect(texts.url.map { Array($0) } == item.withUTF8(.url) { Array($0) }, "\(round)")
                #expect(texts.author.map { Array($0) } == item.withUTF8(.author) { Array($0) }, "\(round)")
                #expect(texts.summary.map { Array($0) } == item.withUTF8(.summary) { Array($0) }, "\(round)")
                #expect(texts.extraJSON.map { Array($0) } == item.withExtraJSON { Array($0) }, "\(round)")
                #expect(texts.tagCount == item.tagCount, "\(round)")
                for index in 0..<min(texts.tagCount, item.tagCount) {
                    #expect(Array(texts.tag(index)) == item.withTagUTF8(at: index) { Array($0) }, "\(round) \(index)")
                }
            }
        }
    }
}
