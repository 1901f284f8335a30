internal import RiffleBytes
import RiffleCore

/// Checks on the raw bytes of a file, made before libyaml sees them: size, NUL bytes, UTF-8.
///
/// libyaml would catch some of these too, but only with a byte offset and a terse message; checking
/// here gives every such problem a line and column and one wording.
enum InputCheck {
    /// The first problem with `bytes`, if any, as a message and (when it has one) a position.
    static func problem(in bytes: [UInt8], limits: ParseLimits) -> (message: String, mark: Mark?)? {
        if bytes.count > limits.maxBytes {
            return ("the file is too large (\(bytes.count) bytes; the limit is \(describeSize(limits.maxBytes)))", nil)
        }
        let found = bytes.withUnsafeBufferPointer(firstProblems)
        if let offset = found.nul {
            return ("NUL byte in the file (a configuration file is UTF-8 text)", mark(at: offset, in: bytes))
        }
        if let offset = found.invalidUTF8 {
            return ("bytes that are not UTF-8 (a configuration file is UTF-8 text)", mark(at: offset, in: bytes))
        }
        return nil
    }

    /// The line and column (in characters) of byte `offset`, for errors that only know an offset.
    static func mark(at offset: Int, in bytes: [UInt8]) -> Mark {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return Mark(line: line, column: column)
    }

    /// The first NUL byte and the first byte that does not belong to well-formed UTF-8 (no overlong forms,
    /// no surrogates, nothing above U+10FFFF), found in one pass (two passes, the NUL search and the UTF-8
    /// check, each read the whole file): runs of ASCII without NUL are skipped eight bytes at a time. A NUL
    /// is reported before bad UTF-8 wherever it is, so the pass goes on looking for one after bad UTF-8.
    static func firstProblems(in bytes: UnsafeBufferPointer<UInt8>) -> (nul: Int?, invalidUTF8: Int?) {
        var index = 0
        let count = bytes.count
        while index < count {
            index = ByteScan.plainASCIIEnd(bytes, from: index)
            guard index < count else { break }
            let lead = bytes[index]
            if lead == 0 { return (index, nil) }
            if lead < 0x80 {
                index += 1
                continue
            }
            guard let length = ByteScan.utf8SequenceLength(at: index, in: bytes) else {
                return (ByteScan.firstIndex(of: 0, in: bytes, from: index), index)
            }
            index += length
        }
        return (nil, nil)
    }

    /// `5.0 MiB`, `512 KiB`, `300 bytes`.
    static func describeSize(_ bytes: Int) -> String {
        if bytes >= 1 << 20 {
            let tenths = (bytes * 10 + (1 << 19)) >> 20
            return tenths % 10 == 0 ? "\(tenths / 10) MiB" : "\(tenths / 10).\(tenths % 10) MiB"
        }
        if bytes >= 1 << 10 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

extension InputCheck {
    /// The byte that starts the character at `mark`, if the file has one there.
    static func byte(at mark: Mark, in bytes: [UInt8]) -> UInt8? {
        var line = 1
        var column = 1
        for byte in bytes {
            if line == mark.line && column == mark.column && byte & 0xC0 != 0x80 { return byte }
            if line > mark.line { return nil }
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 && !(line == mark.line && column == mark.column) {
                column += 1
            }
        }
        return nil
    }
}
