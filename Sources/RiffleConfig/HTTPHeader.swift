/// One request header of the generic adapter, as configured (order kept).
package struct HTTPHeader: Sendable, Hashable {
    package var name: String
    /// Checked free of CR, LF and NUL, so it cannot split a request.
    package var value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
