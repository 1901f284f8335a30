/// The words the generated data is made of: titles in many scripts, people, labels, and the hostile
/// strings that test riffle's terminal sanitising.
enum TextCorpus {
    /// A person: an ASCII user name and a display name in their own script.
    struct Person: Sendable {
        var username: String
        var name: String
    }

    /// A GitLab-style label: title and colours.
    struct Label: Sendable {
        var title: String
        var color: String
        var textColor: String
    }

    static let people: [Person] = [
        Person(username: "ada", name: "Ada Lovelace"),
        Person(username: "grace.hopper", name: "Grace Hopper"),
        Person(username: "linus-a", name: "Linus Åkesson"),
        Person(username: "mei.li", name: "李梅"),
        Person(username: "yusuf", name: "يوسف الحربي"),
        Person(username: "noa", name: "נועה כהן"),
        Person(username: "zoe", name: "Zoë Saldaña"),
        Person(username: "sasha", name: "Александра Петрова"),
        Person(username: "kenji", name: "山田 健二"),
        Person(username: "priya", name: "प्रिया शर्मा"),
        Person(username: "jose", name: "José Ñúñez"),
        Person(username: "ngozi", name: "Ngozi Okonjo"),
        Person(username: "soo-ah", name: "김수아"),
        Person(username: "bjorn", name: "Bjørn Ødegård"),
        Person(username: "release-bot", name: "Release Bot 🤖"),
    ]

    static let labels: [Label] = [
        Label(title: "bug", color: "#dc143c", textColor: "#FFFFFF"),
        Label(title: "feature", color: "#428bca", textColor: "#FFFFFF"),
        Label(title: "documentation", color: "#f0ad4e", textColor: "#333333"),
        Label(title: "good first issue", color: "#69d100", textColor: "#333333"),
        Label(title: "priority::1", color: "#ff0000", textColor: "#FFFFFF"),
        Label(title: "priority::2", color: "#ed9121", textColor: "#FFFFFF"),
        Label(title: "workflow::in review", color: "#6699cc", textColor: "#FFFFFF"),
        Label(title: "regression", color: "#8b0000", textColor: "#FFFFFF"),
        Label(title: "🚀 launch", color: "#8e44ad", textColor: "#FFFFFF"),
        Label(title: "ux", color: "#a8d695", textColor: "#333333"),
        Label(title: "i18n", color: "#009966", textColor: "#FFFFFF"),
        Label(title: "performance", color: "#330066", textColor: "#FFFFFF"),
    ]

    static let milestones = ["v1.0", "v1.1", "v2.0", "2026 Q3", "2026 Q4", "Backlog"]

    /// Ordinary issue-style titles.
    private static let subjects = [
        "Fix crash when the feed is empty",
        "Retry 429 responses using Retry-After",
        "Support keyset pagination for group issues",
        "Telemetry drops packets above 10 kHz",
        "Ground station clock drifts by 3 ms per day",
        "Add dark mode to the mission dashboard",
        "Improve error message for expired tokens",
        "Cache rocket metadata between runs",
        "Landing leg sensor reports NaN after reboot",
        "Document the export formats",
        "Flaky test: merge order with equal timestamps",
        "Upgrade libcurl to 8.x",
        "Wrap long titles at grapheme boundaries",
        "Parse RFC 3339 offsets like +05:30",
        "Avoid duplicate items after refresh",
        "Handle HTML error pages from proxies",
        "Prefetch the next page earlier",
        "Show source status in the prompt line",
    ]

    /// Titles in other scripts and with tricky Unicode: accents, CJK, emoji with ZWJ sequences and
    /// flags, combining marks, right-to-left Arabic and Hebrew.
    private static let unicodeSubjects = [
        "Crash when résumé contains naïve café entries",
        "渲染器在高 DPI 屏幕上崩溃",
        "タイトルが長すぎると表示が崩れる",
        "검색 결과가 비어 있을 때 오류 발생",
        "Support 👩‍🚀 and 👨‍👩‍👧‍👦 in titles",
        "Flags 🇯🇵 🇩🇪 🇧🇷 🏳️‍🌈 render as letters",
        "Combining marks: Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚o̙̔ͮ",
        "تحسين دعم اللغة العربية في العناوين",
        "תמיכה בעברית בכותרות ובתגיות",
        "Ελληνικά: σφάλμα στην ταξινόμηση",
        "Ошибка при разборе даты «2026-02-30»",
        "हिन्दी शीर्षक सही से नहीं दिखता",
        "Mixed: Falcon 9 – ファルコン 9 – فالكون 9",
        "Zero-width joiner in 🧑🏽‍💻 breaks width",
        "Ünïcödé ëvërywhërë: Ångström, Œuvre, ß",
        "Emoji skin tones 👋🏻👋🏼👋🏽👋🏾👋🏿",
    ]

    /// Strings that must never reach a terminal raw.
    static let hostileTitles = [
        "\u{1B}[2J\u{1B}[H Screen cleared by a title",
        "\u{1B}]0;pwned window title\u{07}Retitled the terminal",
        "Click \u{1B}]8;;https://evil.example/\u{1B}\\here\u{1B}]8;;\u{1B}\\ for a hidden link",
        "Bell\u{07}\u{07} and back\u{08}\u{08}\u{08}space over text",
        "Invoice \u{202E}fdp.exe",
        "C1 controls: \u{9B}31mred\u{9B}0m and NEL\u{85}here",
        "Back-to-back escapes \u{1B}\u{1B}[[31m\u{1B}[0m\u{1B}",
        "\u{1B}[31mRed\u{1B}[0m and \u{1B}[8mhidden\u{1B}[0m text",
        "NUL\u{0}byte and DEL\u{7F} inside",
    ]

    /// A title: mostly ordinary, one in four from the Unicode set, and occasionally very long.
    static func title(_ random: inout SeededGenerator) -> String {
        let base = random.chance(25) ? random.pick(unicodeSubjects) : random.pick(subjects)
        if random.chance(3) {
            return base + " — " + String(repeating: "long title that keeps going ", count: 8)
        }
        return base
    }

    /// A hostile title for the `index`th hostile item of a source.
    static func hostileTitle(_ index: Int) -> String {
        hostileTitles[index % hostileTitles.count]
    }

    /// A Markdown description of one or two paragraphs.
    static func description(_ random: inout SeededGenerator) -> String {
        let sentences = [
            "Steps to reproduce are in the attached log.",
            "This happens on every third run, never on the first.",
            "Expected the items newest first; got them in creation order.",
            "Seen with **Falcon 9** telemetry only.",
            "See also the discussion in the previous milestone.",
            "Café owners in Zürich reported it first ☕.",
            "これは翻訳された説明文です。",
            "النص العربي يظهر معكوسًا في الطرفية.",
        ]
        var text = random.pick(sentences) + " " + random.pick(sentences)
        if random.chance(40) {
            text += "\n\n- [ ] investigate\n- [x] reproduce\n\n```\nriffle export --limit 10\n```"
        }
        return text
    }

    /// A mission-style name for a generated launch.
    static func missionName(_ random: inout SeededGenerator, number: Int) -> String {
        switch random.int(in: 0...9) {
        case 0...3: return "Starlink \(random.int(in: 4...10))-\(random.int(in: 1...40))"
        case 4: return "CRS-\(random.int(in: 20...35))"
        case 5: return "Transporter-\(random.int(in: 5...14))"
        case 6: return random.pick(["Türksat 6A", "Ñandú-1", "みちびき 5", "Ορίζων-2", "Nusantara Satu", "SES-O3b mPOWER"])
        case 7: return "Crew-\(random.int(in: 5...12))"
        case 8: return "GPS III SV\(random.int(in: 6...10))"
        default: return "Sandbox Mission \(number)"
        }
    }
}
