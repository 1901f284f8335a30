/// The authority links in answers are built from: the request's `Host`.
enum SandboxHost {
    /// The request's `Host` when it is a plain host[:port], else the loopback address.
    static func header(_ header: String?) -> String {
        guard let header, !header.isEmpty, header.count <= 255,
            header.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".:-[]".contains($0)) })
        else { return "127.0.0.1" }
        return header
    }
}
