/// The server's token, and the check of a request against it in constant time: the comparison reads every
/// byte of the longer of the two whatever they hold, so its time says nothing of how much matched.
package struct AccessToken: Sendable {
    private let bytes: [UInt8]

    package init(_ token: String) { bytes = Array(token.utf8) }

    /// Whether `candidate` is the token.
    package func matches(_ candidate: String) -> Bool {
        let given = Array(candidate.utf8)
        var difference = UInt8(given.count == bytes.count ? 0 : 1)
        for index in 0..<max(given.count, bytes.count) {
            let left = index < given.count ? given[index] : 0
            let right = index < bytes.count ? bytes[index] : 0
            difference |= left ^ right
        }
        return difference == 0
    }

    /// Whether the request carries the token: `Authorization: Bearer TOKEN`, or `?token=TOKEN` for feed
    /// readers that cannot set headers. Both are checked, so that a wrong one does not hide a right one.
    func admits(_ request: ServedRequest) -> Bool {
        var admitted = false
        if let header = request.authorization, header.lowercased().hasPrefix("bearer ") {
            admitted = matches(String(header.dropFirst(7)))
        }
        if let query = request.parameter("token"), matches(query) { admitted = true }
        return admitted
    }
}
