import Foundation
import Glibc
import RiffleCore
import RiffleSandbox
import RiffleTestSupport

/// The cost part of `riffle-bench export`: riffle's CPU per item against `jq -c` re-emitting the items of
/// the same raw pages, for large items (the scale run's 50,000 items of five kinds, about 550 bytes of JSON
/// each) and for small ones (24,000 GitHub-shaped issues of about 200 bytes, 240 pages), side by side in
/// one run. `--old PATH` runs another build of riffle in turn with the release one (new, old, new, old …)
/// over the same sandbox, and checks that both wrote the same bytes.
enum ExportCostBenchmark {
    /// One case's figures: riffle's runs (and the old build's), jq's, and the pages they read.
    struct Row {
        var name: String
        var new: [ExportMeasurement] = []
        var old: [ExportMeasurement] = []
        var jq: [ExportChildRun] = []
        var jqItems = 0
        var pages = 0
        var bytes = 0
        /// Whether the old and the new build wrote the same bytes (nil: no old build).
        var sameOutput: Bool?
        /// The transport's and start-up's share (nil: curl is missing).
        var floor: ExportFetchFloor.Measured?
    }

    /// The small-item case: sources of GitHub-shaped issues without their body text.
    static let smallSources = 12
    static let smallPerSource = 2_000

    static func run(
        _ context: ExportContext, large: ExportMeasurement, old: String?, runs: Int, quick: Bool
    ) async throws {
        guard let (server, url) = context.scaleServer else { return }
        context.scaleServer = nil
        var rows: [Row] = []
        do {
            rows.append(
                try await measure(
                    "large", config: large.config, server: server, url: url, context: context, old: old, runs: runs))
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()

        let perSource = quick ? smallPerSource / 5 : smallPerSource
        let small = SandboxServer(options: SandboxOptions(itemsPerSource: perSource))
        let smallURL = "http://127.0.0.1:\(try await small.start())"
        do {
            let config = try context.write("cost-small.yaml", smallConfig(sandbox: smallURL))
            rows.append(
                try await measure(
                    "small", config: config, server: small, url: smallURL, context: context, old: old, runs: runs))
        } catch {
            await small.stop()
            throw error
        }
        await small.stop()
        report(rows, old: old, runs: runs)
    }

    /// Runs riffle (and the old build, in turn) `runs` times over `config`, saves the pages of the first
    /// run and runs jq over them as often.
    static func measure(
        _ name: String, config: String, server: SandboxServer, url: String, context: ExportContext, old: String?,
        runs: Int
    ) async throws -> Row {
        var row = Row(name: name)
        let newOutput = context.path("cost-new.ndjson")
        let oldOutput = context.path("cost-old.ndjson")
        for round in 0..<runs {
            row.new.append(
                try await context.export(
                    config, server: server, keepRequests: round == 0, keepOutput: round == 0 ? newOutput : nil))
            if let old {
                row.old.append(
                    try await context.export(
                        config, server: server, keepOutput: round == 0 ? oldOutput : nil, riffle: old))
            }
        }
        if old != nil {
            row.sameOutput = FileManager.default.contentsEqual(atPath: newOutput, andPath: oldOutput)
        }
        unlink(newOutput)
        unlink(oldOutput)
        let directory = try context.directory("pages-\(name)")
        let saved = try await ExportPages.save(row.new[0].recorded, sandbox: url, into: directory)
        row.pages = saved.paths.count
        row.bytes = saved.bytes
        row.floor = try await ExportFetchFloor.measure(
            row.new[0].recorded, sandbox: url, connections: row.new[0].sources, context: context, runs: runs)
        let jqPath = try context.which("jq")
        let output = context.path("jq.ndjson")
        for _ in 0..<runs {
            row.jq.append(
                try await ExportChild.run(
                    jqPath, ["-c", ExportPages.jqProgram] + saved.paths, environment: context.environment,
                    stdoutPath: output))
            row.jqItems = ExportChild.lineCount(output)
            unlink(output)
        }
        for path in saved.paths { unlink(path) }
        return row
    }

    static func report(_ rows: [Row], old: String?, runs: Int) {
        typealias B = ExportBenchmark
        print(
            "export cost: CPU per item (child user + sys from wait4), median of \(Counted(runs, "run")); "
                + "jq over the same pages, saved raw")
        for row in rows {
            let items = row.new.first?.items ?? 0
            print(
                "  \(row.name): \(B.grouped(items)) items, \(B.grouped(row.pages)) pages, "
                    + "\(B.megabytes(row.bytes)) of JSON (\(row.bytes / max(1, items)) bytes an item), "
                    + "\(row.new.first?.sources ?? 0 == 0 ? "" : "\(row.new[0].sources) sources, ")page_size 100")
        }
        print(
            "riffle: the whole export (start-up, config, HTTP from the sandbox, parse, merge, NDJSON to a file); "
                + "jq: the saved raw pages, one process over every file")
        print("jq program: jq -c '\(ExportPages.jqProgram)'")
        if let old { print("old build: \(old)") }
        print("")
        print(
            B.pad("", 8) + B.pad("", 15) + B.pad("items", 10) + B.pad("user", 9) + B.pad("sys", 9)
                + B.pad("CPU/item", 10) + "× jq")
        for row in rows {
            let jq = pick(row.jq)
            let jqEach = jq.cpu / Double(max(1, row.jqItems))
            var lines: [(String, ExportChildRun, Int)] = [("riffle", pick(row.new.map(\.run)), row.new[0].items)]
            if !row.old.isEmpty { lines.append(("riffle (old)", pick(row.old.map(\.run)), row.old[0].items)) }
            lines.append(("jq -c", jq, row.jqItems))
            for (name, run, items) in lines {
                let each = run.cpu / Double(max(1, items))
                print(
                    B.pad(row.name, 8) + B.pad(name, 15) + B.pad(B.grouped(items), 10) + B.pad(B.format(run.userCPU), 9)
                        + B.pad(B.format(run.systemCPU), 9) + B.pad(B.micro(each), 10) + B.ratio(each / jqEach))
            }
        }
        print("")
        for row in rows {
            let jqEach = pick(row.jq).cpu / Double(max(1, row.jqItems))
            let each = pick(row.new.map(\.run)).cpu / Double(max(1, row.new[0].items))
            var line = "\(row.name): riffle spends \(B.ratio(each / jqEach))× jq's CPU per item"
            if let floor = row.floor, !floor.curl.isEmpty {
                // The goal is what riffle spends beyond fetching: its CPU less the curl tool's for the same
                // requests, since no parser, merge or writer can take the export under the fetch itself.
                let beyond = each - pick(floor.curl).cpu / Double(max(1, row.new[0].items))
                line +=
                    ", \(B.ratio(beyond / jqEach))× jq beyond the curl tool's CPU for the same requests; "
                    + "goal (riffle − curl) ≤ 0.25× jq: " + (beyond <= 0.25 * jqEach ? "met" : "NOT met")
            } else {
                line += "; goal (riffle − curl) ≤ 0.25× jq: not measured (no curl floor run)"
            }
            if !row.old.isEmpty {
                let oldEach = pick(row.old.map(\.run)).cpu / Double(max(1, row.old[0].items))
                line += "; old build \(B.ratio(oldEach / jqEach))× (new ÷ old \(B.ratio(each / oldEach)))"
            }
            if let same = row.sameOutput { line += "; old and new output " + (same ? "identical" : "DIFFERENT") }
            print(line)
            if let floor = row.floor { print(floorLine(row, floor, jqEach: jqEach)) }
            for run in row.new.map(\.run) + row.old.map(\.run) + row.jq where !run.succeeded {
                print("  a run exited \(run.status): \(run.stderr.prefix(400))")
            }
        }
    }

    /// What the transport and start-up alone cost per item, as a share of jq's CPU per item: the floor under
    /// riffle's whole CPU, which the goal (riffle's CPU less curl's, at most 0.25× jq) takes off.
    static func floorLine(_ row: Row, _ floor: ExportFetchFloor.Measured, jqEach: Double) -> String {
        typealias B = ExportBenchmark
        let items = Double(max(1, row.new.first?.items ?? 0))
        let client = (pick(floor.client).cpu - pick(floor.clientStartup).cpu) / items
        let startup = pick(floor.startup).cpu / items
        var line =
            "  \(row.name) floor, the same \(B.grouped(row.pages)) requests with every body read and dropped: "
            + "riffle's HTTP client \(B.micro(client)) an item (\(B.ratio(client / jqEach))× jq; its child's start-up "
            + "taken off)"
        if !floor.curl.isEmpty {
            let curl = pick(floor.curl)
            line +=
                ", curl \(B.micro(curl.cpu / items)) (\(B.format(curl.userCPU)) user + \(B.format(curl.systemCPU)) sys; "
                + "\(B.ratio(curl.cpu / items / jqEach))× jq)"
        }
        line +=
            "; riffle's start-up \(B.format(pick(floor.startup).cpu)) (\(B.ratio(startup / jqEach))× jq). Client and "
            + "start-up together: \(B.ratio((client + startup) / jqEach))× jq"
        for (name, bytes) in [("the client", floor.clientBytes), ("curl", floor.curlBytes)]
        where bytes != row.bytes && !(name == "curl" && floor.curl.isEmpty) {
            line += "; \(name) read \(bytes) bytes, the pages hold \(row.bytes)"
        }
        for run in floor.curl + floor.startup + floor.client + floor.clientStartup where !run.succeeded {
            line += "; a floor run exited \(run.status): \(run.stderr.prefix(200))"
        }
        return line
    }

    /// The run of median CPU.
    static func pick(_ runs: [ExportChildRun]) -> ExportChildRun {
        runs.sorted { $0.cpu < $1.cpu }[runs.count / 2]
    }

    /// `smallSources` sources of the sandbox's GitHub-shaped issues (acme/rocket and acme/ground in turn,
    /// under distinct names), asking for what a list of issues shows: id, title, URL, time, author and
    /// labels — not the body text.
    static func smallConfig(sandbox url: String) -> String {
        var text = """
            defaults:
              page_size: 100
              timeout: 60s
              retries: 0
            sources:

            """
        for index in 0..<smallSources {
            text += SandboxSourceKind.issuesYAML(
                name: "issues-\(index + 1)", repository: index % 2 == 0 ? "rocket" : "ground", sandbox: url,
                withBody: false)
        }
        return text
    }
}
