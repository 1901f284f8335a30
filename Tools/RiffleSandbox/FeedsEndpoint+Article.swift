import FoundationEssentials

/// `/feeds/article.xml`: an RSS 2.0 feed of two articles whose `content:encoded` holds every structure
/// `v N` lays out, for the reader's article tests and the demo.
extension FeedsEndpoint {
    func article() -> (String, Data, Int64) {
        let time = issues("rocket").first?.time ?? referenceTime
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
            <channel>
            <title>Acme articles</title>
            <link>\(Self.siteBase)/articles</link>
            <description>Long reads</description>

            """
        xml += "<item>\n<title>Reading with riffle</title>\n<link>\(SandboxArticle.url)</link>\n"
        xml += "<guid>\(SandboxArticle.url)</guid>\n<pubDate>\(UTCTime.rfc822(time))</pubDate>\n"
        xml += "<description>How to read with riffle.</description>\n"
        xml += "<content:encoded>\(Self.xml(SandboxArticle.html))</content:encoded>\n</item>\n"
        xml += "<item>\n<title>A plain note</title>\n<link>\(Self.siteBase)/articles/plain</link>\n"
        xml += "<pubDate>\(UTCTime.rfc822(time - 3600))</pubDate>\n"
        xml += "<description>\(Self.xml("<p>Only one paragraph, no markup to keep.</p>"))</description>\n</item>\n"
        xml += "</channel>\n</rss>\n"
        return ("application/rss+xml; charset=utf-8", Data(xml.utf8), time)
    }
}
