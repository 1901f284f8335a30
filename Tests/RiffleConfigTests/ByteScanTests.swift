import RiffleBytes
import RiffleCore
import Testing

@testable import RiffleConfig

/// The word-at-a-time reads of a file's bytes (`ByteScan`, and the input checks and placeholder shield
/// built on it) answer as plain references do, over generated inputs whose interesting bytes fall at
/// every offset within and across eight-byte words.
@Suite struct ByteScanTests {
    /// Pieces the inputs are made of: ASCII, NUL, `$`, well-formed characters of 2 to 4 bytes (one of them
    /// the shield's own U+E000), and ill-formed sequences (a bad continuation, an overlong form, a
    /// surrogate, a code point above U+10FFFF, a lone continuation byte, 0xFF, a truncated character).
    static let pieces: [[UInt8]] = [
        Array("a".utf8), Array("name: x\n".utf8), [0], Array("$".utf8), Array("é".utf8), Array("€".utf8),
        Array("😀".utf8), [0xEE, 0x80, 0x80], [0xC3, 0x28], [0xC0, 0x80], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0x80], [0xFF], [0xE2, 0x82],
    ]

    /// `count` inputs of up to 40 pieces each, mostly ASCII.
    static func inputs(_ count: Int, seed: UInt64) -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            var bytes: [UInt8] = []
            for _ in 0..<Int(random.next() % 40) {
                let pick = Int(random.next() % UInt64(pieces.count * 3))
                bytes += pick < pieces.count ? pieces[pick] : pieces[pick % 2]
            }
            return bytes
        }
    }

    /// The offset of the first ill-formed sequence by the standard library's UTF-8 decoder.
    static func referenceInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    @Test func inputChecksFindTheFirstNulAndTheFirstBadUTF8() {
        for bytes in Self.inputs(3000, seed: 17) {
            let found = bytes.withUnsafeBufferPointer(InputCheck.firstProblems)
            let nul = bytes.firstIndex(of: 0)
            #expect(found.nul == nul, "\(bytes)")
            if nul == nil { #expect(found.invalidUTF8 == Self.referenceInvalidUTF8(bytes), "\(bytes)") }
        }
    }

    @Test func searchesAnswerAsByteByByte() {
        for bytes in Self.inputs(1000, seed: 18) {
            bytes.withUnsafeBufferPointer { buffer in
                for start in 0...bytes.count {
                    for byte: UInt8 in [0, UInt8(ascii: "$"), 0xEE] {
                        #expect(
                            ByteScan.firstIndex(of: byte, in: buffer, from: start)
                                == bytes[start...].firstIndex(of: byte))
                    }
                    let slice = UnsafeBufferPointer(rebasing: buffer[start...])
                    let flags = ByteScan.asciiAndDollar(slice)
                    #expect(flags.isASCII == slice.allSatisfy { $0 < 0x80 })
                    #expect(flags.hasDollar == slice.contains(UInt8(ascii: "$")))
                }
            }
        }
    }

    @Test func shieldedBracesAreThoseOfEveryPlaceholder() throws {
        let pieces = [
            "${A}", "${B_1.c:-x y}", "$", "$$", "{", "}", "${", "${A:-{}", "${A:-}", "${ A}", "\n", "text ", "é",
            "\u{E000}", ":-", "B}",
        ]
        let placeholder = /\$\{[A-Za-z0-9_.]+(:-[^{}\r\n]*)?\}/
        var random = SplitMix64(seed: 19)
        for _ in 0..<3000 {
            let text = (0..<Int(random.next() % 16)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }
                .joined()
            let bytes = Array(text.utf8)
            let shielded = PlaceholderBraces.shield(bytes)
            let matches = text.matches(of: placeholder)
            if matches.isEmpty || text.contains("\u{E000}") {
                #expect(shielded == nil, "\(text)")
                continue
            }
            // Each match's braces become the private-use characters U+E000 and U+E001.
            var expected = ""
            var rest = text[...]
            for match in matches {
                expected += rest[..<match.range.lowerBound]
                expected +=
                    "$\u{E000}"
                    + text[text.index(match.range.lowerBound, offsetBy: 2)..<text.index(before: match.range.upperBound)]
                    + "\u{E001}"
                rest = text[match.range.upperBound...]
            }
            expected += rest
            #expect(shielded == Array(expected.utf8), "\(text)")
        }
    }

    /// `spells(_:caseInsensitively:)` answers as lower-casing the bytes and comparing does, for every
    /// byte in every position of the word, and for shorter and longer inputs.
    @Test func spellingInAnyCaseIsLowerCasedEquality() {
        for word in ["headers", "http", "https"] {
            let letters = Array(word.utf8)
            var candidates: [[UInt8]] = [[], Array(letters.dropLast()), letters + [UInt8(ascii: "s")]]
            for position in letters.indices {
                for byte in UInt8.min...UInt8.max {
                    var bytes = letters
                    bytes[position] = byte
                    candidates.append(bytes)
                }
            }
            for bytes in candidates {
                let expected = String(decoding: bytes, as: UTF8.self).lowercased() == word
                let answer = bytes.withUnsafeBufferPointer { buffer in
                    switch word {
                    case "headers": return ByteScan.spells(buffer, caseInsensitively: "headers")
                    case "http": return ByteScan.spells(buffer, caseInsensitively: "http")
                    default: return ByteScan.spells(buffer, caseInsensitively: "https")
                    }
                }
                #expect(answer == expected, "\(bytes) against \(word)")
            }
        }
    }
}
