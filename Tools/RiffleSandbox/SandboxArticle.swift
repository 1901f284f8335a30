/// The article `/feeds/article.xml` serves (its first item's `content:encoded`), for the tests that check
/// what reaches the export and the screen.
package enum SandboxArticle {
    /// The article's own address, against which its relative links resolve.
    package static let url = "\(FeedsEndpoint.siteBase)/articles/riffle-guide"

    /// An article with headings (h1–h3), paragraphs, bold, italic and inline code, nested lists (bulleted
    /// in numbered), a nested blockquote, `pre` with a tab and a line longer than a terminal, a table, an
    /// image with `alt` and one without, a rule; links relative (`setup`, `../docs/keys.html`) and
    /// absolute, one `javascript:` link that must stay text, and controls that must be shown inert: an
    /// 8-bit CSI (U+009B) and OSC (U+009D), a bidi override (U+202E), DEL, and an escape written as a
    /// character reference (`&#27;`, which the HTML parser drops).
    package static let html = """
        <h1>Reading with riffle</h1>
        <p>riffle reads <b>many sources</b> and <i>riffles</i> them into one feed. Start with
        <a href="setup">the setup</a>, then read <a href="https://example.org/spec">the spec</a>.
        Do not click <a href="javascript:alert('pwned')">this script</a>. The keys are in
        <a href="../docs/keys.html">the key list</a>; run <code>riffle check</code> first.</p>
        <h2>Installing</h2>
        <ol>
        <li>Install the libraries:
        <ul><li>libcurl</li><li>libxml2<ul><li>with its HTML parser</li></ul></li></ul></li>
        <li>Build with <code>make</code>.</li>
        </ol>
        <h3>A word from a user</h3>
        <blockquote><p>It reads like a newspaper.</p><blockquote><p>Nested, too.</p></blockquote></blockquote>
        <pre>sources:
          - name: news
        \ttype: feed   # a tab before type
            url: https://acme.sandbox.test/feeds/article.xml?a=very-long-query-string-that-goes-past-the-edge-of-any-terminal-pane-for-sure</pre>
        <table>
        <tr><th>key</th><th>does</th></tr>
        <tr><td>v N</td><td>shows item N</td></tr>
        <tr><td>o N.3</td><td>opens its link 3</td></tr>
        </table>
        <p><img src="/img/pad.png" alt="The launch pad at dawn"></p>
        <img src="/img/spacer.gif">
        <hr>
        <p>Hostile text: csi \u{9B}31m red, osc \u{9D}0;PWNED-TITLE title, \u{202E}desrever, del \u{7F}, esc &#27;[2J gone.</p>
        <p>The end.</p>
        """
}
