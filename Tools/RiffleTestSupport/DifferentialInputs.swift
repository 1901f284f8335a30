package import RiffleCore

/// Generated JSON documents, and the string and time writers the byte-level ones replaced, for the
/// differential tests of the JSON readers, the item builder and the writers.
package enum DifferentialInputs {
    /// Appends a random JSON value (whitespace here and there) to `out`.
    package static func value(_ random: inout SplitMix64, depth: Int, into out: inout [UInt8]) {
        space(&random, into: &out)
        let kind = depth > 4 ? random.next() % 5 : random.next() % 8
        switch kind {
        case 0: out.append(contentsOf: ["null", "true", "false"][Int(random.next() % 3)].utf8)
        case 1, 2: number(&random, into: &out)
        case 3, 4: string(&random, into: &out)
        case 5:
            out.append(UInt8(ascii: "["))
            for index in 0..<Int(random.next() % 5) {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                value(&random, depth: depth + 1, into: &out)
            }
            space(&random, into: &out)
            out.append(UInt8(ascii: "]"))
        default:
            out.append(UInt8(ascii: "{"))
            for index in 0..<Int(random.next() % 6) {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                space(&random, into: &out)
                // Few names, so that repeated ones occur.
                out.append(
                    contentsOf: "\"\(["id", "title", "a", "node", "é", "k\\n"][Int(random.next() % 6)])\""
                        .utf8)
                space(&random, into: &out)
                out.append(UInt8(ascii: ":"))
                value(&random, depth: depth + 1, into: &out)
            }
            space(&random, into: &out)
            out.append(UInt8(ascii: "}"))
        }
        space(&random, into: &out)
    }

    /// A generated document damaged once, by the round's kind of damage: cut short (round % 3 == 0), a
    /// byte replaced, or a byte inserted; `nil` when the document came out empty.
    package static func damagedDocument(_ random: inout SplitMix64, round: Int) -> [UInt8]? {
        let damage: [UInt8] = [
            0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x01, 0x75, 0x30, 0x2D, 0x65, 0x2E, 0xFF,
            0x20, 0x44,
        ]
        var bytes: [UInt8] = []
        value(&random, depth: 0, into: &bytes)
        guard !bytes.isEmpty else { return nil }
        let position = Int(random.next() % UInt64(bytes.count))
        switch round % 3 {
        case 0: bytes.removeSubrange(position...)
        case 1: bytes[position] = damage[Int(random.next() % UInt64(damage.count))]
        default: bytes.insert(damage[Int(random.next() % UInt64(damage.count))], at: position)
        }
        return bytes
    }

    static func space(_ random: inout SplitMix64, into out: inout [UInt8]) {
        if random.next() % 4 == 0 {
            out.append(
                contentsOf: [[0x20], [0x0A, 0x20, 0x20], [0x09], [0x0D, 0x0A]][Int(random.next() % 4)])
        }
    }

    static func number(_ random: inout SplitMix64, into out: inout [UInt8]) {
        if random.next() % 2 == 0 { out.append(UInt8(ascii: "-")) }
        let digits = 1 + Int(random.next() % 21)
        if random.next() % 6 == 0 {
            out.append(UInt8(ascii: "0"))
        } else {
            out.append(UInt8(ascii: "1") + UInt8(random.next() % 9))
            for _ in 1..<digits { out.append(UInt8(ascii: "0") + UInt8(random.next() % 10)) }
        }
        if random.next() % 4 == 0 {
            out.append(UInt8(ascii: "."))
            for _ in 0...(random.next() % 4) { out.append(UInt8(ascii: "0") + UInt8(random.next() % 10)) }
        }
        if random.next() % 5 == 0 {
            out.append(contentsOf: ["e", "E", "e+", "e-", "E-"][Int(random.next() % 5)].utf8)
            for _ in 0...(random.next() % 3) { out.append(UInt8(ascii: "0") + UInt8(random.next() % 10)) }
        }
    }

    /// A string literal mixing plain runs of every length (eight-byte words and their tails), escapes,
    /// surrogate pairs and lone halves, multi-byte UTF-8 and invalid bytes.
    static func string(_ random: inout SplitMix64, into out: inout [UInt8]) {
        let pieces: [[UInt8]] = [
            Array("abcdefghijklmnopq".utf8), Array("xy".utf8), Array(" ".utf8), Array(#"\""#.utf8),
            Array(#"\\"#.utf8),
            Array(#"\/"#.utf8), Array(#"\b\f\n\r\t"#.utf8), Array(#"\u00e9"#.utf8),
            Array(#"\u0000"#.utf8),
            Array(#"\ud83d\ude00"#.utf8), Array(#"\ud800"#.utf8), Array(#"\udc00"#.utf8),
            Array(#"\ud800\u0041"#.utf8),
            Array("é😀".utf8), [0xFF], [0xC3], [0xF0, 0x9F, 0x98], [0x7F], Array("0123456".utf8),
        ]
        out.append(UInt8(ascii: "\""))
        for _ in 0..<Int(random.next() % 7) {
            out.append(contentsOf: pieces[Int(random.next() % UInt64(pieces.count))])
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `JSONValue.writeString` as it was: every byte checked on its own.
    package static func referenceEscaped(_ text: String) -> [UInt8] {
        let hexDigits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = [0x22]
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): out.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0..<0x20, 0x7F:
                out.append(contentsOf: [
                    0x5C, UInt8(ascii: "u"), 0x30, 0x30, hexDigits[Int(byte >> 4)],
                    hexDigits[Int(byte & 0xF)],
                ])
            default: out.append(byte)
            }
        }
        out.append(0x22)
        return out
    }

    /// `Timestamp.rfc3339` as it was: built by string interpolation.
    package static func referenceRFC3339(_ time: Timestamp) -> String {
        let seconds = time.unixSeconds
        let micros = time.microseconds - seconds * 1_000_000
        let (date, rest) = CivilDate.split(unixSeconds: seconds)
        func pad(_ value: some BinaryInteger, _ width: Int) -> String {
            let text = String(value)
            return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
        }
        var text = "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))T"
        text += "\(pad(rest / 3600, 2)):\(pad(rest / 60 % 60, 2)):\(pad(rest % 60, 2))"
        if micros != 0 {
            text += micros % 1000 == 0 ? ".\(pad(micros / 1000, 3))" : ".\(pad(micros, 6))"
        }
        return text + "Z"
    }
}
