/// Where `riffle serve` listens: `HOST:PORT`, the host an IPv4 address, `localhost`, or an IPv6 address in
/// brackets (`[::1]:8686`); port 0 asks the system for a free one (the bound address is printed).
package struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// The host as written, without brackets.
    package var host: String
    package var port: Int

    /// The contract's default: loopback only.
    package static let standard = ListenAddress(host: "127.0.0.1", port: 8686)

    package init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// `HOST:PORT` parsed, or why not (the message says what is expected).
    package static func parse(_ text: String) -> Result<ListenAddress, ListenAddressProblem> {
        let expected = "expected HOST:PORT such as 127.0.0.1:8686 or [::1]:8686"
        guard text.utf8.count <= 300, let colon = text.lastIndex(of: ":") else {
            return .failure(ListenAddressProblem(message: "\(expected), got \(Quote.text(String(text.prefix(60))))"))
        }
        var host = String(text[..<colon])
        let portText = text[text.index(after: colon)...]
        guard let port = Int(portText), (0...65_535).contains(port), portText.allSatisfy(\.isASCII) else {
            return .failure(ListenAddressProblem(message: "\(expected): the port is a number from 0 to 65535"))
        }
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
            guard host.contains(":"), host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                return .failure(ListenAddressProblem(message: "\(expected): [\(host)] is not an IPv6 address"))
            }
        } else {
            guard !host.isEmpty, !host.contains(":"),
                host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") })
            else {
                return .failure(
                    ListenAddressProblem(message: "\(expected): the host is an address or a name (IPv6 in brackets)"))
            }
        }
        return .success(ListenAddress(host: host, port: port))
    }

    /// Whether only this machine can reach it: `127.0.0.0/8`, `::1` or `localhost`.
    package var isLoopback: Bool {
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts.allSatisfy({ UInt8($0) != nil }) else { return false }
        return parts[0] == "127"
    }

    package var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}

/// Why a listen address was refused, worded with what is expected.
package struct ListenAddressProblem: Error, Sendable, Hashable {
    package var message: String
}
