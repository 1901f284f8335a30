import Glibc
import RiffleConfig
import RiffleCore
import RiffleSources

// riffle-config-fuzz: a mutation fuzzer for the configuration layer (no libFuzzer needed).
//
// Starts from a corpus of valid and broken configs and manifests (generated below), applies random byte
// and line mutations, and feeds each result to the YAML parser, the config decoder and the manifest
// decoder. A crash is a finding (the input is written to riffle-config-fuzz-crash.yaml first, from the
// signal handler, exit 70); an input slower than --slow seconds is a hang finding, and so is a secret in
// an error message (exit 1 once every input was tried). Deterministic for a seed, which is printed first.
// `make test` runs it on a short budget with a new seed each time (see the Makefile).
//
//   riffle-config-fuzz [--count N] [--seed S] [--slow SECONDS]

extension SplitMix64 {
    /// A number in `0..<bound` (0 when `bound` is not positive), from RiffleCore's SplitMix64: small,
    /// fast, and reproducible for a seed.
    mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }
}

/// The input being tried, for the crash handler (which may only use async-signal-safe calls).
nonisolated(unsafe) var currentInput = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 20)
nonisolated(unsafe) var currentLength = 0

func installCrashHandler() {
    let handler: @convention(c) (Int32) -> Void = { signal in
        let descriptor = open("riffle-config-fuzz-crash.yaml", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        if descriptor >= 0 {
            _ = write(descriptor, currentInput.baseAddress, currentLength)
            close(descriptor)
        }
        let message = "riffle-config-fuzz: CRASH (signal); input written to riffle-config-fuzz-crash.yaml\n"
        _ = message.withCString { write(2, $0, strlen($0)) }
        _exit(70)
    }
    for sig in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] { signal(sig, handler) }
}

let validConfig = """
    reader:
      lines: auto
      prefetch: 2
    defaults:
      page_size: 50
      timeout: 20s
      retries: 3
    plugins:
      - ./plugins
    sources:
      - name: gitlab
        type: gitlab
        url: https://gitlab.com
        project: gitlab-org/gitlab
        state: opened
        token: ${GITLAB_TOKEN:-none}
      - name: launches
        type: spacex
        upcoming: all
        timeout: 1h30m
      - &g
        name: rocket
        type: graphql
        endpoint: https://api.example.com/graphql
        headers:
          Authorization: Bearer ${HUB_TOKEN}
        query: |
          query($first: Int!, $after: String) {
            issues(first: $first, after: $after) { edges { node { id } } }
          }
        variables: {a: 1, b: "two", c: [true, ~, 1.5], d: {e: f}}
        items: data.issues.edges
        cursor: data.issues.pageInfo.endCursor
        has_more: data.issues.pageInfo.hasNextPage
        fields: {id: node.id, time: node.updatedAt, title: node.title, tags: node.labels.nodes.title}
      - {name: swift, type: github-issues, owner: apple, repo: "${REPO:-swift}"}

    """

let manifest = """
    description: Issues of a GitHub repository
    params:
      owner: {required: true, description: owner}
      repo: {required: true}
      endpoint: {default: "https://api.github.com/graphql"}
    source:
      endpoint: ${param.endpoint}
      headers: {Authorization: "Bearer ${param.owner}"}
      query: "query { x }"
      variables: {owner: "${param.owner}", repo: "${param.repo}"}
      items: data.items
      fields: {id: id, time: t, title: title}

    """

let brokenConfigs = [
    "sources:\n\t- name: a\n",
    "sources:\n  - name: \"abc\n    type: x\n",
    "a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
        + "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n",
    String(repeating: "[", count: 200),
    String(repeating: "- ", count: 100) + "x\n",
    "sources:\n  - name: a\n    type: gitlab\n    project: x\n    project: y\n    group: z\n",
    "sources: [{name: a, type: gitlap}, {name: a, type: spacex, upcoming: yes}]\n",
    "a: &x [1, *x]\n",
    "? [a, b]\n: c\nsources: ~\n",
    "defaults: {timeout: 99999999999999999999d, page_size: 1e3, retries: -0}\nsources: []\n",
    "%YAML 1.1\n%TAG ! tag:x,2000:\n--- !foo\nsources: !!str x\n...\n---\nb: 2\n",
    "sources:\n  - name: ${A:-${B}}\n    type: $${C}\n    token: ${\n",
]

let environment = ["GITLAB_TOKEN": "glpat-x", "HUB_TOKEN": "hub", "REPO": "swift"]
let plugins = [
    "github-issues":
        (try? PluginManifest.parse(text: manifest, file: "github-issues.yaml", adapters: BuiltInAdapters.all))?
        .typeInfo
        ?? PluginTypeInfo(file: "github-issues.yaml")
]
let corpus: [[UInt8]] = ([validConfig, manifest] + brokenConfigs).map { Array($0.utf8) }
let punctuation = Array(":-[]{}&*!|>'\"%@`#,?\t\n \\$".utf8)
let fragments =
    ["${", "}", "*a", "&a ", "<<: ", "!!str ", "---\n", "\u{FEFF}", "é", "\r\n", "$$", "${param.x}"]
    .map { Array($0.utf8) } + [[0xC3], [0xFF], [0], [0xED, 0xA0, 0x80]]

func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
}

func joined(_ lines: [ArraySlice<UInt8>]) -> [UInt8] {
    Array(lines.joined(separator: [UInt8(ascii: "\n")]))
}

/// One random mutation of `input`.
func mutate(_ input: inout [UInt8], _ random: inout SplitMix64) {
    let position = random.below(input.count + 1)
    switch random.below(10) {
    case 0 where !input.isEmpty:  // flip a bit
        input[min(position, input.count - 1)] ^= UInt8(1 << random.below(8))
    case 1:  // insert YAML punctuation
        input.insert(punctuation[random.below(punctuation.count)], at: position)
    case 2:  // insert a fragment
        input.insert(contentsOf: fragments[random.below(fragments.count)], at: position)
    case 3 where !input.isEmpty:  // delete a range
        let end = min(input.count, position + 1 + random.below(8))
        input.removeSubrange(min(position, input.count - 1)..<end)
    case 4:  // duplicate a line
        var all = lines(input)
        let index = random.below(all.count)
        all.insert(all[index], at: random.below(all.count + 1))
        input = joined(all)
    case 5:  // delete a line
        var all = lines(input)
        if all.count > 1 { all.remove(at: random.below(all.count)) }
        input = joined(all)
    case 6:  // change a line's indentation
        var all = lines(input)
        let index = random.below(all.count)
        let line = all[index]
        let body = line.drop { $0 == UInt8(ascii: " ") }
        let indent =
            random.below(5) == 0 ? [UInt8(ascii: "\t")] : Array(repeating: UInt8(ascii: " "), count: random.below(9))
        all[index] = ArraySlice(indent + body)
        input = joined(all)
    case 7:  // splice a line from another corpus entry
        var all = lines(input)
        let donor = lines(corpus[random.below(corpus.count)])
        all.insert(donor[random.below(donor.count)], at: random.below(all.count + 1))
        input = joined(all)
    case 8:  // replace a byte with a random one
        if !input.isEmpty { input[min(position, input.count - 1)] = UInt8(truncatingIfNeeded: random.next()) }
    default:  // repeat a chunk
        if !input.isEmpty {
            let start = min(position, input.count - 1)
            let chunk = input[start..<min(input.count, start + 1 + random.below(32))]
            input.insert(contentsOf: chunk, at: random.below(input.count + 1))
        }
    }
}

var count = 100_000
var seed: UInt64 = 1
var slowLimit = 1.0
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let option = arguments.removeFirst()
    let value = arguments.isEmpty ? nil : arguments.removeFirst()
    switch (option, value) {
    case ("--count", let value?) where Int(value) != nil: count = Int(value) ?? count
    case ("--seed", let value?) where UInt64(value) != nil: seed = UInt64(value) ?? seed
    case ("--slow", let value?) where Double(value) != nil: slowLimit = Double(value) ?? slowLimit
    default:
        print("usage: riffle-config-fuzz [--count N] [--seed S] [--slow SECONDS]")
        exit(64)
    }
}

installCrashHandler()
print("riffle-config-fuzz: seed \(seed), \(count) inputs")
fflush(nil)
var findings = 0
var random = SplitMix64(seed: seed)
var valid = 0
var invalid = 0
var slowest: (seconds: Double, index: Int, size: Int) = (0, -1, 0)
var slowInputs = 0
let clock = ContinuousClock()
let started = clock.now
for index in 0..<count {
    var input = corpus[random.below(corpus.count)]
    for _ in 0...random.below(4) { mutate(&input, &random) }
    if input.count > currentInput.count { input.removeSubrange(currentInput.count...) }
    _ = currentInput.initialize(from: input)
    currentLength = input.count

    let start = clock.now
    let accepted: Bool
    do {
        _ = try Configuration.parse(
            bytes: input, file: "fuzz.yaml", environment: environment, adapters: BuiltInAdapters.all, plugins: plugins)
        accepted = true
    } catch {
        accepted = false
        // Formatting runs on every error, and must never quote a secret.
        if error.description.contains("glpat-x") {
            print("riffle-config-fuzz: FINDING: a secret in an error message (input \(index))")
            findings += 1
        }
    }
    if index % 4 == 0 {
        if let manifest = try? PluginManifest.parse(
            text: String(decoding: input, as: UTF8.self), file: "m.yaml", adapters: BuiltInAdapters.all)
        {
            _ = try? manifest.instantiate(params: ["owner": "o", "repo": "r"], environment: environment)
        }
    }
    let elapsed = clock.now - start
    let seconds = elapsed.seconds
    if accepted { valid += 1 } else { invalid += 1 }
    if seconds > slowest.seconds { slowest = (seconds, index, input.count) }
    if seconds > slowLimit {
        slowInputs += 1
        findings += 1
        print("riffle-config-fuzz: SLOW input \(index) took \(seconds)s (\(input.count) bytes)")
    }
    if (index + 1) % 100_000 == 0 {
        print("riffle-config-fuzz: \(index + 1) inputs …")
        fflush(nil)
    }
}
let total = clock.now - started
print("riffle-config-fuzz: seed \(seed): \(count) inputs tried in \(total)")
print("  valid: \(valid), rejected with errors: \(invalid), crashes: 0, slow (> \(slowLimit)s): \(slowInputs)")
print("  slowest input: #\(slowest.index), \(slowest.size) bytes, \(slowest.seconds * 1000) ms")
if findings > 0 {
    print("riffle-config-fuzz: \(findings) findings (seed \(seed))")
    exit(1)
}
