/// Turns the bytes a terminal sends in single-key mode into reader commands. A pure value type: feed it
/// each chunk that `read` returned and act on the events.
///
/// Single keys act at once (Enter, Space, `b`, `g`, `n`, `u`, `l`, `A`, `r`, `s`, `?`, `q`, Ctrl-D;
/// arrow and Page keys move a page; any other printable key is reported as unknown, for a hint). `/`,
/// `o`, `v`, `e`, `f`, `m` and a digit open a one-line editor (echoed by the reader, since the terminal's echo
/// is off): Backspace deletes, Ctrl-U clears, Enter runs it as a typed line, Esc or Backspace on an empty
/// line cancels. While `numberedSources` is set (the sources view is on screen), `r` opens one too, so
/// that `r 3` retries source 3 and `r` Enter refreshes all. An ESC that ends a chunk is the Esc key; one
/// followed by more bytes starts a sequence.
package struct KeyDecoder: Sendable, Hashable {
    package enum Event: Sendable, Hashable {
        case command(ReaderCommand)
        /// The line being edited changed: redraw `line` (e.g. `/foo` or `o 12`).
        case editing(line: String)
        case editCancelled
    }

    enum Mode: Sendable, Hashable {
        case keys
        case escape
        /// Inside `ESC [` or `ESC O`: the parameter bytes so far.
        case sequence([UInt8])
        /// Editing a line that began with `prefix`.
        case editing(prefix: String, bytes: [UInt8])
        /// An escape sequence that cancelled an edit: swallow the rest of it.
        case discardingSequence
    }

    private(set) var mode: Mode = .keys
    /// The sources view is on screen: `r` takes a source number.
    package var numberedSources = false

    package init() {}

    var isEditing: Bool {
        if case .editing = mode { return true }
        return false
    }

    /// Decodes one chunk of input.
    package mutating func feed(_ chunk: [UInt8]) -> [Event] {
        var events: [Event] = []
        for (offset, byte) in chunk.enumerated() {
            if let event = step(byte, isLast: offset == chunk.count - 1) { events.append(event) }
        }
        return events
    }

    private mutating func step(_ byte: UInt8, isLast: Bool) -> Event? {
        switch mode {
        case .keys:
            return key(byte, isLast: isLast)
        case .escape:
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") {
                mode = .sequence([])
                return nil
            }
            mode = .keys
            return key(byte, isLast: isLast)
        case .sequence(var parameters):
            guard (0x40...0x7E).contains(byte) else {
                parameters.append(byte)
                mode = parameters.count > 16 ? .keys : .sequence(parameters)
                return nil
            }
            mode = .keys
            return Self.sequenceCommand(parameters: parameters, final: byte).map { .command($0) }
        case .discardingSequence:
            if (0x40...0x7E).contains(byte) && byte != UInt8(ascii: "[") && byte != UInt8(ascii: "O") { mode = .keys }
            return nil
        case .editing(let prefix, var bytes):
            switch byte {
            case 0x0D, 0x0A:
                mode = .keys
                return .command(ReaderCommand.parse(line: prefix + String(decoding: bytes, as: UTF8.self)))
            case 0x1B:
                mode = isLast ? .keys : .discardingSequence
                return .editCancelled
            case 0x7F, 0x08:
                if bytes.isEmpty {
                    mode = .keys
                    return .editCancelled
                }
                // Drop one whole UTF-8 scalar: continuation bytes, then its lead byte.
                while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }
                bytes.removeLast()
            case 0x15:
                bytes.removeAll()
            case 0x04:
                mode = .keys
                return .editCancelled
            case 0x00..<0x20:
                return nil
            default:
                guard bytes.count < 200 else { return nil }
                bytes.append(byte)
            }
            mode = .editing(prefix: prefix, bytes: bytes)
            return .editing(line: prefix + String(decoding: bytes, as: UTF8.self))
        }
    }

    private mutating func key(_ byte: UInt8, isLast: Bool) -> Event? {
        switch byte {
        case 0x0D, 0x0A, UInt8(ascii: " "): return .command(.nextPage)
        case UInt8(ascii: "b"), UInt8(ascii: "p"): return .command(.previousPage)
        case UInt8(ascii: "g"): return .command(.firstPage)
        case UInt8(ascii: "n"): return .command(.nextUnread)
        case UInt8(ascii: "A"): return .command(.markAllRead)
        case UInt8(ascii: "r") where !numberedSources: return .command(.refresh)
        case UInt8(ascii: "u"): return .command(.toggleUnreadOnly)
        case UInt8(ascii: "l"): return .command(.listSources)
        case UInt8(ascii: "s"): return .command(.status)
        case UInt8(ascii: "?"), UInt8(ascii: "h"): return .command(.help)
        case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x04: return .command(.quit)
        case UInt8(ascii: "/"):
            mode = .editing(prefix: "/", bytes: [])
            return .editing(line: "/")
        case UInt8(ascii: "o"), UInt8(ascii: "v"), UInt8(ascii: "e"), UInt8(ascii: "f"), UInt8(ascii: "m"),
            UInt8(ascii: "r"):
            let prefix = String(UnicodeScalar(byte)) + " "
            mode = .editing(prefix: prefix, bytes: [])
            return .editing(line: prefix)
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            mode = .editing(prefix: "", bytes: [byte])
            return .editing(line: String(UnicodeScalar(byte)))
        case 0x1B:
            if !isLast { mode = .escape }
            return nil
        case 0x21...0x7E:
            return .command(.unknown(String(UnicodeScalar(byte))))
        default:
            return nil
        }
    }

    /// Arrow and paging keys: Down / Page Down → next page, Up / Page Up → previous, Home → first.
    static func sequenceCommand(parameters: [UInt8], final: UInt8) -> ReaderCommand? {
        switch (parameters, final) {
        case ([], UInt8(ascii: "B")), ([UInt8(ascii: "6")], UInt8(ascii: "~")): return .nextPage
        case ([], UInt8(ascii: "A")), ([UInt8(ascii: "5")], UInt8(ascii: "~")): return .previousPage
        case ([], UInt8(ascii: "H")), ([UInt8(ascii: "1")], UInt8(ascii: "~")): return .firstPage
        default: return nil
        }
    }
}
