/// Cuts the reader's input into command lines when stdin is not in single-key mode (a pipe, a file, a
/// terminal that refused raw mode). A pure value type: feed it each chunk `read` returned.
///
/// Every input has a limit: a line longer than `maxLineBytes` is not kept growing — its bytes are
/// dropped as they come, and when its newline arrives it is reported as discarded (with its length) so
/// the reader can say so in one line. Memory stays at most `maxLineBytes` whatever stdin holds.
package struct LineInput: Sendable, Hashable {
    package enum Event: Sendable, Hashable {
        /// A complete command line, without its newline.
        case line(String)
        /// A line over the limit ended; it held this many bytes and was ignored.
        case discarded(bytes: Int)
    }

    /// The longest command line kept, in bytes.
    package static let maxLineBytes = 4096

    private var pending: [UInt8] = []
    /// Bytes of the current line beyond what `pending` holds, once it went over the limit.
    private var overflow = 0

    package init() {}

    /// Decodes one chunk of input.
    package mutating func feed(_ chunk: some Collection<UInt8>) -> [Event] {
        var events: [Event] = []
        for byte in chunk {
            if byte == 0x0A {
                events.append(takeLine())
            } else if overflow > 0 {
                overflow += 1
            } else if pending.count < Self.maxLineBytes {
                pending.append(byte)
            } else {
                overflow = pending.count + 1
                pending.removeAll()
            }
        }
        return events
    }

    /// The last line when input ended without a newline (`nil` when there is none or it was too long).
    package mutating func finish() -> String? {
        defer {
            pending = []
            overflow = 0
        }
        guard overflow == 0, !pending.isEmpty else { return nil }
        return String(decoding: pending, as: UTF8.self)
    }

    private mutating func takeLine() -> Event {
        defer {
            pending.removeAll(keepingCapacity: true)
            overflow = 0
        }
        if overflow > 0 { return .discarded(bytes: overflow) }
        return .line(String(decoding: pending, as: UTF8.self))
    }
}
