package import RiffleConfig

/// A `type: feed` source: a web feed (RSS, RDF, Atom, JSON Feed) at `url`.
package struct FeedSettings: AdapterSettings {
    /// The feed's address, as written (http or https).
    package var url: String
    /// Sent with every request (a value empty after substitution is not sent).
    var headers: [HTTPHeader]

    package init(url: String, headers: [HTTPHeader] = []) {
        self.url = url
        self.headers = headers
    }
}

extension FeedSettings {
    /// The feed's address and its headers.
    package var pageIdentity: PageIdentity {
        var identity = PageIdentity()
        identity["url"] = url
        identity.add(headers: headers)
        return identity
    }
}
