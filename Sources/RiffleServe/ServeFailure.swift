/// Why a request is answered with an error status: the status and one line saying what to do, formatted
/// in one place (`message`), never holding a secret (a token is never echoed).
package struct ServeFailure: Error, Sendable, Hashable {
    private enum Reason: Sendable, Hashable {
        case badQuery(String)
        case unknownSource(String)
        case badCursor
        case notFound
        case unauthorized
        case methodNotAllowed
        case uriTooLong(Int)
        case storeUnreadable(String)
    }

    private let reason: Reason

    static func badQuery(_ why: String) -> ServeFailure { ServeFailure(reason: .badQuery(why)) }
    static func unknownSource(_ name: String) -> ServeFailure { ServeFailure(reason: .unknownSource(name)) }
    static let badCursor = ServeFailure(reason: .badCursor)
    static let notFound = ServeFailure(reason: .notFound)
    static let unauthorized = ServeFailure(reason: .unauthorized)
    static let methodNotAllowed = ServeFailure(reason: .methodNotAllowed)
    static func uriTooLong(_ limit: Int) -> ServeFailure { ServeFailure(reason: .uriTooLong(limit)) }
    static func storeUnreadable(_ why: String) -> ServeFailure { ServeFailure(reason: .storeUnreadable(why)) }

    /// The HTTP status.
    package var status: Int {
        switch reason {
        case .badQuery, .unknownSource, .badCursor: 400
        case .unauthorized: 401
        case .notFound: 404
        case .methodNotAllowed: 405
        case .uriTooLong: 414
        case .storeUnreadable: 503
        }
    }

    /// The body's one line.
    package var message: String {
        switch reason {
        case .badQuery(let why): why
        case .unknownSource(let name): "unknown source \"\(Self.shown(name))\" in ?source= (see /healthz for the names)"
        case .badCursor: "?after= is not a cursor this server gave (take the next link of the page before)"
        case .notFound: "no such page; the feeds are /feed.atom, /feed.rss and /feed.json"
        case .unauthorized: "a token is needed: Authorization: Bearer TOKEN, or ?token=TOKEN"
        case .methodNotAllowed: "only GET and HEAD are answered"
        case .uriTooLong(let limit): "the address is longer than \(limit) bytes"
        case .storeUnreadable(let why): "the store cannot be read: \(why)"
        }
    }

    /// A name from the request, cut short and without controls or quotes, for a message.
    private static func shown(_ text: String) -> String {
        String(
            text.unicodeScalars.prefix(64).filter { $0.value >= 0x20 && $0 != "\"" && $0 != "\\" }.map(Character.init))
    }
}
