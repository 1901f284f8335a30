/// The `serve:` section (contract section 9): where `riffle serve` listens and the token it asks for.
package struct ServeSettings: Sendable, Hashable {
    package var listen: ListenAddress
    /// The token every route but `/healthz` needs, when set (`${VAR}` or literal); a secret.
    package var token: String?
    /// A file whose first line is the token (resolved against the configuration's directory), read when
    /// the server starts so that the token never sits in the configuration.
    package var tokenFile: String?

    /// Keys of the section. `user` and `password` belong to the sync APIs (section 10), not built yet:
    /// given, they are refused rather than ignored.
    static let keys = ["listen", "token", "token_file", "user", "password"]

    package init(listen: ListenAddress = .standard, token: String? = nil, tokenFile: String? = nil) {
        self.listen = listen
        self.token = token
        self.tokenFile = tokenFile
    }
}
