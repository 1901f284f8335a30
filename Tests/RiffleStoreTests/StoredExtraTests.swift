import GRDB
import RiffleBytes
import Testing

@testable import RiffleCore
@testable import RiffleExport
@testable import RiffleStore
@testable import RiffleStoreKit

/// An adapter's `extra` goes into the store as the JSON text the item holds (`ItemColumns.extraText`, issue
/// 17), not parsed and written again: held here to give back, stored then read, the item the network view
/// shows — the same `extra` and the same export bytes — for the values where the two ways could part: a
/// number too large for a `Double` (absent as a member, contract section 3; `null` as an array element,
/// where a position means something), `-0`, an integral `3.0`, nested containers with `null` members, and
/// `\u` escapes (surrogate pairs, control characters, quotes).
@Suite struct StoredExtraTests {
    /// One page's item object, as a GitLab or GraphQL page would hold it; its members in `String` order.
    static let members = #"""
        {"all_big": {"x": 1e400, "y": -1e400},
         "arr": [[1e400], [], {}, [-0, -0.0, 3.0, null]],
         "big": 1e400,
         "deep": {"a": [1e400, -0, 3.0, {"b": 1e400, "c": null, "d": "\u00e9\ud83d\ude00\n"}], "e": {"f": 1e400}},
         "huge_int": 123456789012345678901234567890,
         "neg_big": -1e400,
         "neg_zero": -0,
         "neg_zero_double": -0.0,
         "null": null,
         "three": 3.0,
         "tiny": 1e-400,
         "uni": "\u00e9 \ud83d\ude00 \u0001 \"q\" \\ \/ \u2028",
         "wide": 1.5e300}
        """#

    /// The export bytes the network view writes for `item` of source `gitlab`.
    static func exported(_ item: Item) -> [UInt8] {
        var out: [UInt8] = []
        let merged = MergedItem(sourceIndex: 0, sourceName: "gitlab", item: item)
        ExportEncoder.writeItem(merged, cursor: "r1.x", into: &out)
        return out
    }

    @Test func storedThenReadIsTheNetworkView() async throws {
        let document = try JSONDocument(parsing: Array(Self.members.utf8))
        guard case .object(let object) = document.root.value else {
            Issue.record("not an object")
            return
        }
        let names = object.keys.sorted()
        let time = Timestamp(unixSeconds: 1_767_225_600)
        // Three ways an item gets `extra`: each member from the page's node, each as a value, all as a
        // dictionary (a plugin's item).
        var builder = ItemBuilder()
        builder.set(.title, text: "nodes")
        for name in names { builder.appendExtra(name, document.root[name]) }
        let fromNodes = try builder.build(id: "nodes", time: time)
        builder.set(.title, text: "values")
        for name in names { builder.appendExtra(name, value: object[name] ?? .null) }
        let fromValues = try builder.build(id: "values", time: Timestamp(microseconds: time.microseconds - 1))
        let fromDictionary = Item(
            id: "dictionary", time: Timestamp(microseconds: time.microseconds - 2), title: "dictionary", extra: object)

        // The network view: members that JSON cannot hold or that are `null` are left out (an object of only
        // such members stays, empty); array elements stay, written `null`.
        let expectedExtra =
            #"{"all_big":{},"arr":[[null],[],{},[0,0,3,null]],"deep":{"a":[null,0,3,{"d":"é😀\n"}],"e":{}},"#
            + #""huge_int":1.2345678901234568e+29,"neg_zero":0,"neg_zero_double":0,"three":3,"tiny":0,"#
            + #""uni":"é 😀 \u0001 \"q\" \\ / \#u{2028}","wide":1.5e+300}"#
        let exportedExtra = #","extra":"# + expectedExtra + "}"
        for network in [fromNodes, fromValues, fromDictionary] {
            let bytes = Self.exported(network)
            #expect(String(decoding: bytes, as: UTF8.self).hasSuffix(exportedExtra), "\(network.id)")
            #expect(network.extra["big"] == nil && network.extra["null"] == nil && network.extra["neg_big"] == nil)
            #expect(network.extra["all_big"] == .object([:]))
        }
        #expect(fromNodes.withExtraJSON { String(decoding: $0, as: UTF8.self) } == expectedExtra)
        #expect(fromValues.withExtraJSON { String(decoding: $0, as: UTF8.self) } == expectedExtra)
        // An adapter's item reads its text back: `extra` is what the store will give. A plugin's item keeps
        // the dictionary it was given (`3.0` stays a `Double`, an infinite array element stays): its text
        // is the same, so what it reads back as is the adapter's `extra`.
        guard case .object(let readBack) = try JSONValue(parsing: Array(expectedExtra.utf8)) else {
            Issue.record("the expected text is not an object")
            return
        }
        #expect(fromNodes.extra == readBack && fromValues.extra == readBack)

        try await withTemporaryDirectory { directory in
            let store = try await SQLiteStore.open(at: directory + "/s.sqlite")
            var run = try await store.beginRun(of: StoreSource(name: "gitlab", type: "gitlab"))
            try await run.commit(page([fromNodes, fromValues, fromDictionary]))
            let stored = try await storedItems(store, "gitlab")
            #expect(ids(stored) == ["nodes", "values", "dictionary"])
            for (network, back) in zip([fromNodes, fromValues, fromDictionary], stored) {
                #expect(back.extra == readBack, "\(network.id)")
                #expect(Self.exported(back) == Self.exported(network), "\(network.id)")
            }
            #expect(stored[0] == fromNodes && stored[1] == fromValues)
            // The column holds the item's text as it is: what `extra` written again gives, byte for byte.
            let columns = try await store.read { db in
                try String.fetchAll(db, sql: "SELECT extra FROM item ORDER BY time DESC")
            }
            #expect(columns == [expectedExtra, expectedExtra, expectedExtra])
        }
    }
}
