/// Cuts a plugin's stderr into lines for `-v`, to be passed through one by one. Every line is at most
/// `maxLineBytes`: a longer one is cut there and marked with `…`, and the rest of it is dropped, so a
/// plugin that writes without newlines cannot make riffle hold more than that.
struct StderrLines: Sendable {
    let maxLineBytes: Int
    private var partial: [UInt8] = []
    /// Dropping the rest of a line that was already cut.
    private var dropping = false

    init(maxLineBytes: Int) { self.maxLineBytes = max(1, maxLineBytes) }

    /// Appends `chunk` and returns the lines it completes, without their line ends (`\n`, `\r\n`).
    mutating func append(_ chunk: some Collection<UInt8>) -> [String] {
        var lines: [String] = []
        for byte in chunk {
            if byte == 0x0A {
                if !dropping { lines.append(Self.text(partial)) }
                partial.removeAll(keepingCapacity: true)
                dropping = false
            } else if !dropping {
                partial.append(byte)
                if partial.count >= maxLineBytes {
                    lines.append(Self.text(partial) + "…")
                    partial.removeAll(keepingCapacity: true)
                    dropping = true
                }
            }
        }
        return lines
    }

    /// The last line, when the plugin's stderr ended without a newline.
    mutating func finish() -> String? {
        defer {
            partial = []
            dropping = false
        }
        return partial.isEmpty || dropping ? nil : Self.text(partial)
    }

    private static func text(_ bytes: [UInt8]) -> String {
        var bytes = bytes[...]
        if bytes.last == 0x0D { bytes = bytes.dropLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
