/// Cuts a plugin's stdout into events: one per non-blank line (`.lines`), or one with everything
/// (`.whole`), refusing more than `maxOutput` bytes in one event.
struct OutputFramer {
    let framing: PluginProcess.Framing
    let maxOutput: Int
    private var buffer: [UInt8] = []
    /// Where to look for the next newline: the bytes before it have none.
    private var searchFrom = 0

    init(framing: PluginProcess.Framing, maxOutput: Int) {
        self.framing = framing
        self.maxOutput = maxOutput
    }

    /// Takes `chunk` and returns the events it completes; `.oversized` (and nothing after it) when the
    /// output grew past the cap, after which the framer holds nothing.
    mutating func append(_ chunk: some Collection<UInt8>) -> [PluginProcess.Event] {
        buffer.append(contentsOf: chunk)
        var events: [PluginProcess.Event] = []
        if framing == .lines {
            while let newline = buffer[searchFrom...].firstIndex(of: 10) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                searchFrom = 0
                if line.allSatisfy({ $0 == 32 || $0 == 9 || $0 == 13 }) { continue }
                events.append(.line(line))
            }
            searchFrom = buffer.count
        }
        if buffer.count > maxOutput {
            buffer = []
            searchFrom = 0
            events.append(.oversized)
        }
        return events
    }

    /// stdout ended: what is left, as the whole output or a last line without a newline (unless
    /// `includeRest` is false, when stdout stopped being read), then `.endOfOutput`.
    mutating func finish(includeRest: Bool) -> [PluginProcess.Event] {
        defer {
            buffer = []
            searchFrom = 0
        }
        switch framing {
        case .whole: return [.whole(buffer), .endOfOutput]
        case .lines: return (!buffer.isEmpty && includeRest ? [.line(buffer)] : []) + [.endOfOutput]
        }
    }
}
