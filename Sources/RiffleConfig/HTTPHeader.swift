/// One request header of the generic adapter, as configured (order kept).
public struct HTTPHeader: Sendable, Hashable {
    public var name: String
    /// Checked free of CR, LF and NUL, so it cannot split a request.
    public var value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
