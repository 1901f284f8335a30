/// The XML vocabularies a feed's elements come from, recognised by namespace URI, or by prefix when a
/// feed uses one without declaring it (libxml2 recovers, and reports no URI).
enum FeedNamespace: Sendable, Hashable {
    /// No namespace: RSS 0.9x/2.0 (and Atom, in feeds that forget its namespace).
    case none
    case atom
    /// RSS 1.0's own vocabulary (`http://purl.org/rss/1.0/`) or RSS 0.90's.
    case rss1
    case rdf
    /// Dublin Core elements (`dc:date`, `dc:creator`, `dc:subject`).
    case dublinCore
    /// Dublin Core terms (`dcterms:modified`, `dcterms:issued`).
    case dublinCoreTerms
    /// `content:encoded`.
    case content
    /// Apple's podcast vocabulary (`itunes:author`, `itunes:duration`).
    case itunes
    /// Media RSS (`media:content`).
    case media
    /// RSS 1.0's syndication module (`sy:updatePeriod`, `sy:updateFrequency`).
    case syndication
    case xml
    case other

    init(uri: String?, prefix: String?) {
        guard let uri else {
            switch prefix {
            case nil: self = .none
            case "atom": self = .atom
            case "rdf": self = .rdf
            case "dc": self = .dublinCore
            case "dcterms": self = .dublinCoreTerms
            case "content": self = .content
            case "itunes": self = .itunes
            case "media": self = .media
            case "sy": self = .syndication
            default: self = .other
            }
            return
        }
        switch uri {
        case "http://www.w3.org/2005/Atom": self = .atom
        case "http://purl.org/rss/1.0/", "http://my.netscape.com/rdf/simple/0.9/": self = .rss1
        case "http://www.w3.org/1999/02/22-rdf-syntax-ns#": self = .rdf
        case "http://purl.org/dc/elements/1.1/": self = .dublinCore
        case "http://purl.org/dc/terms/": self = .dublinCoreTerms
        case "http://purl.org/rss/1.0/modules/content/": self = .content
        case "http://www.itunes.com/dtds/podcast-1.0.dtd": self = .itunes
        case "http://search.yahoo.com/mrss/", "http://search.yahoo.com/mrss": self = .media
        case "http://purl.org/rss/1.0/modules/syndication/": self = .syndication
        case "http://www.w3.org/XML/1998/namespace": self = .xml
        default: self = .other
        }
    }

    static let xmlURI = "http://www.w3.org/XML/1998/namespace"
    static let rdfURI = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
}
