import Glibc
import RiffleBytes
import RiffleCore
import RiffleTerminal
import RiffleTestSupport

// riffle-reader-fixture: runs the reader over in-memory sources with chosen data, for the pty tests
// (the real CLI is built elsewhere). Options:
//   --scenario basic|hostile|wide|fail|late   --items N (per source)   --latency-ms N (per page load)
//   --lines N   --prefetch N   --limit N   --page-size N   --no-color   --no-links (reader.links: false)
//   --open-log PATH (o N appends the URL; --open-fails: it fails instead)
//   --grow-file PATH (alpha's first page starts with as many new items as the number in PATH, if any)
// Ages are measured from a fixed clock, so screens are the same on every run.
// Exit status: 0, 2 when a source failed, 130 after Ctrl-C.

/// A source that waits `latency` before every page, then answers from memory (or fails). With a
/// `growFile`, its list starts with as many new items as the number the file holds (when it exists):
/// what a refresh finds.
struct FixtureSource: Pageable {
    let name: String
    let items: [Item]
    let latency: Duration
    let failing: Bool
    var growFile: String?

    func loadPage(after cursor: String?, pageSize: Int) async throws -> Page {
        if latency > .zero { try await Task.sleep(for: latency) }
        if failing { throw SourceError("HTTP 503 from server: \u{1B}[2Jgone \u{1B}]0;pwned\u{07}") }
        return try await InMemorySource(items: grown() + items).loadPage(after: cursor, pageSize: pageSize)
    }

    func grown() -> [Item] {
        guard let path = growFile, let file = fopen(path, "r") else { return [] }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 32)
        guard fgets(&buffer, 32, file) != nil else { return [] }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let count = min(1000, Int(text.filter(\.isNumber)) ?? 0)
        return (0..<count).map { index in
            Item(
                id: "\(name)-new-\(index)", time: Timestamp(unixSeconds: now.unixSeconds - Int64(index)),
                title: "\(name) fresh \(index)", url: "https://example.com/\(name)/new/\(index)")
        }
    }
}

/// One line on stderr.
func printError(_ message: String) {
    let bytes = Array("riffle-reader-fixture: \(message)\n".utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

let now = Timestamp(unixSeconds: 1_800_000_000)
let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String, in arguments: [String] = CommandLine.arguments) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}
func intOption(_ name: String) -> Int? { option(name).flatMap { Int($0) } }

let scenario = option("--scenario") ?? "basic"
let perSource = intOption("--items") ?? 40
let latency = Duration.milliseconds(intOption("--latency-ms") ?? 0)
let pageSize = intOption("--page-size") ?? 10

/// Item `index` of a source, `minutes` before `now`.
func item(
    _ source: String, _ index: Int, minutes: Int, title: String, extra: [String: JSONValue] = [:], tags: [String] = []
)
    -> Item
{
    Item(
        id: "\(source)-\(index)", time: Timestamp(unixSeconds: now.unixSeconds - Int64(minutes) * 60), title: title,
        url: "https://example.com/\(source)/\(index)", author: "author\(index % 3)", tags: tags, extra: extra)
}

func basicSources() -> [(String, [Item], Bool)] {
    let names = ["alpha", "beta", "gamma"]
    return names.enumerated().map { offset, name in
        let items = (0..<perSource).map { index in
            // Interleaved times: alpha 0, beta 1, gamma 2, alpha 3 … minutes ago.
            let minutes = index * names.count + offset + 1
            let labels: [String: JSONValue] = ["bug": .string("#d9534f"), "ui": .string("#5cb85c")]
            var story = item(
                name, index, minutes: minutes, title: "\(name) story \(index)",
                extra: ["label_colors": .object(labels), "iid": .int(Int64(index)), "state": .string("opened")],
                tags: index % 2 == 0 ? ["bug"] : ["ui", "later"])
            // The first story's summary is longer than a screen: paragraph k holds words "pK-…".
            let paragraphs = (0..<(index == 0 ? 30 : 2)).map { k in
                (0..<12).map { "p\(k)-word\($0)" }.joined(separator: " ")
            }
            story.summary = paragraphs.joined(separator: "\n\n")
            return story
        }
        return (name, items, false)
    }
}

/// The basic sources and one not sorted newest first: its items come late.
func lateSources() -> [(String, [Item], Bool)] {
    let unsorted = [5, 1, 30, 2].enumerated().map { index, minutes in
        item("zigzag", index, minutes: minutes, title: "zigzag \(index)")
    }
    return basicSources() + [("zigzag", unsorted, false)]
}

func hostileSources() -> [(String, [Item], Bool)] {
    let titles = [
        "title-osc \u{1B}]0;PWNED-TITLE\u{07} after",
        "clear \u{1B}[2J\u{1B}[H screen",
        "bell \u{07}\u{07} ring",
        "back abc\u{08}\u{08}\u{08}xyz space",
        "bidi \u{202E}txet desrever\u{202C} end",
        "c1 \u{9B}31m csi8",
        "osc-st \u{1B}]2;PWNED-ST\u{1B}\\ done",
        "newline\nand\ttab\rreturn",
        "stacked \u{1B}[31m\u{1B}[1m\u{1B}]0;x\u{07}\u{1B}[0m end",
        "del \u{7F} nul \u{0} end",
    ]
    var items = titles.enumerated().map { index, title in item("evil", index, minutes: index + 1, title: title) }
    items[0].author = "mallory\u{1B}[8m hidden"
    // A hostile URL: it tries to end an OSC 8 sequence early (BEL, ESC and backslash, 8-bit ST) and start its own.
    items[0].url =
        "https://example.com/a b\"q'\u{07}\u{1B}]8;;https://evil.example\u{1B}\\x\u{9C}y\u{1B}]0;PWNED-URL\u{07}"
    items[0].summary =
        "sum-start \u{1B}]0;PWNED-SUMMARY\u{07} \u{1B}[2J\u{1B}[H cleared? \u{202E}desrever\u{202C} \u{07}bell\n"
        + "second line \u{9B}31m c1 \u{1B}[31mred\u{1B}[0m sum-end"
    items[0].tags = ["ok", "tag\u{1B}]0;PWNED-TAG2\u{07}"]
    items[0].extra = [
        "state\u{1B}[2J": .string("open\u{1B}]0;PWNED-EXTRA\u{07}"), "iid": .int(7),
        "label_colors": .object(["ok": .string("#00ff00"), "tag\u{1B}]0;PWNED-TAG2\u{07}": .string("\u{1B}[5m")]),
    ]
    items[1].tags = ["tag\u{1B}]0;PWNED-TAG\u{07}"]
    items[2].url = "javascript:alert(1)"
    return [
        ("evil", items, false),
        ("calm", (0..<5).map { item("calm", $0, minutes: 100 + $0, title: "calm \($0)") }, false),
    ]
}

func wideSources() -> [(String, [Item], Bool)] {
    let titles = [
        "漢字のタイトルがとても長い場合でも一行に収まるように切り詰められるべきです漢字漢字漢字漢字漢字漢字",
        "emoji 😀😃😄😁😆😅😂🤣 party 🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉",
        "family 👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦 flags 🇯🇵🇫🇷🇩🇪🇺🇸🇧🇷🇮🇳🇨🇳🇰🇷🇮🇹🇪🇸🇯🇵🇫🇷🇩🇪🇺🇸🇧🇷🇮🇳🇨🇳🇰🇷🇮🇹",
        "combining e\u{301}e\u{301}e\u{301}e\u{301} cafe\u{301} na\u{308}ive a long title that needs cutting at some point",
        "한국어 제목도 넓은 문자로 표시되어야 합니다 한국어 제목도 넓은 문자로 표시되어야 합니다",
        "mixed 中文 and ASCII 中文 and ASCII 中文 and ASCII 中文 and ASCII 中文 and ASCII 中文 and ASCII",
        "Emoji skin tones 👋🏻👋🏼👋🏽👋🏾👋🏿 👩🏽‍💻🧑🏻‍🤝‍🧑🏿 keycaps #️⃣1️⃣ hearts ❤️❤️ text ☺︎ tags 🏴󠁧󠁢󠁳󠁣󠁴󠁿 and a long tail to cut",
        "plain ASCII title that is long enough to be cut at the width of the pane, like the others are cut",
    ]
    let items = (0..<perSource).map { index in
        item("wide", index, minutes: index + 1, title: titles[index % titles.count] + " #\(index)")
    }
    return [("wide", items, false)]
}

let data: [(String, [Item], Bool)]
switch scenario {
case "hostile": data = hostileSources()
case "wide": data = wideSources()
case "fail": data = basicSources() + [("broken", [], true)]
case "late": data = lateSources()
default: data = basicSources()
}

let openLog = option("--open-log")
let openFails = arguments.contains("--open-fails")
let opener = URLOpener { url in
    if openFails { return "could not start xdg-open: No such file or directory" }
    guard let path = openLog, let file = fopen(path, "a") else { return "no --open-log given" }
    fputs(url + "\n", file)
    fclose(file)
    return nil
}

var environment: [String: String] = [:]
for name in ["NO_COLOR", "CLICOLOR_FORCE", "TERM"] {
    if let value = getenv(name) { environment[name] = String(cString: value) }
}
let color = ColorChoice.resolve(
    noColorFlag: arguments.contains("--no-color"), environment: environment, stdoutIsTerminal: isatty(1) == 1)
let links = color.hyperlinks(
    configured: !arguments.contains("--no-links"), environment: environment, stdoutIsTerminal: isatty(1) == 1)
let settings = ReaderOptions(
    lines: intOption("--lines"), prefetchPages: intOption("--prefetch") ?? 2, color: color, links: links,
    limit: intOption("--limit"), now: { now }, opener: opener)
let growFile = option("--grow-file")
let sources = data.enumerated().map { index, source in
    let (name, items, failing) = source
    return MergeSource(
        name: name,
        pageable: FixtureSource(
            name: name, items: items, latency: latency, failing: failing, growFile: index == 0 ? growFile : nil),
        pageSize: pageSize)
}
signal(SIGPIPE, SIG_IGN)
do {
    let outcome = try await FeedReaderUI(
        sources: sources, options: MergeOptions(), settings: settings
    ).run()
    for failure in outcome.failedSources {
        printError("\(failure.name) failed: \(UntrustedText(failure.message).terminalText)")
    }
    exit(outcome.interrupted ? 130 : outcome.anySourceFailed ? 2 : 0)
} catch {
    printError("\(error)")
    exit(1)
}
