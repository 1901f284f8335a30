import Foundation
import Testing

@testable import RiffleTerminal

/// The README's key table is the reader's one list of keys: each key once, every key the prompt shows in
/// it, and each of its keys in the help screen (`?`).
@Suite struct KeyTableTests {
    /// The first column of the README's `| key | does |` table, split into keys (`` `b` / `g` `` is two).
    static func readmeKeys() throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "| key | does |") else { return [] }
        var keys: [String] = []
        for line in lines[(start + 2)...] {
            guard line.hasPrefix("| ") else { break }
            let cell = line.dropFirst(2).prefix { $0 != "|" }.trimmingCharacters(in: .whitespaces)
            for part in cell.components(separatedBy: " / ") {
                for key in part.components(separatedBy: ", ") {
                    keys.append(key.trimmingCharacters(in: CharacterSet(charactersIn: "` ")))
                }
            }
        }
        return keys
    }

    @Test func theReadmeListsEachKeyOnceAsTheHelpDoes() throws {
        let keys = try Self.readmeKeys()
        #expect(keys.count >= 15, "\(keys)")
        #expect(Set(keys).count == keys.count, "a key listed twice: \(keys)")
        let help = ReaderScreens.helpText.joined(separator: "\n")
        for key in keys {
            // Each key starts a column of the help: at the start of a line or after two spaces.
            let starts = [key, "\n" + key, "  " + key, ", " + key]
            #expect(help.hasPrefix(key) || starts.dropFirst().contains { help.contains($0) }, "\(key)")
        }
        for key in ReaderScreens.legendKeys where key != "Enter" {
            #expect(keys.contains(key) || keys.contains { $0.hasPrefix(key) }, "the prompt's \(key) is in the README")
        }
    }
}
