/// What decides a source's pages besides the cursor and the page size, as its adapter's settings declare
/// it: named parts such as `endpoint`, `query`, `variables`, the paging variables, the host and port. A page
/// kept in the store is given back to a resumed export only for a source of the same identity (its
/// fingerprint: `SourceShape`), so a changed configuration never gets pages read under the old one.
///
/// Credentials are no part of it: a new token asks for the same pages. A header in a secret position is
/// declared by name with its value left out.
package struct PageIdentity: Sendable, Hashable {
    /// The parts by name; the order they were given in does not matter.
    package private(set) var parts: [String: String]

    package init(_ parts: [String: String] = [:]) {
        self.parts = parts
    }

    /// Sets the part `name` (`nil`: the setting is not given, told apart from any value).
    package subscript(name: String) -> String? {
        get { parts[name] }
        set { parts[name] = newValue.map { "=" + $0 } ?? "-" }
    }

    /// Adds `headers`, in their order, each as `header.N`: its name and, unless it holds a credential, its value.
    package mutating func add(headers: [HTTPHeader]) {
        for (index, header) in headers.enumerated() {
            parts["header.\(index)"] =
                SecretPosition.isSecretHeader(header.name) ? header.name : header.name + ": " + header.value
        }
    }
}
