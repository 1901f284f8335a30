import Foundation
import RiffleTestSupport
import Testing

/// A tmux server of its own (its own socket, no config) running one command in a pane of a fixed size:
/// a real terminal emulator around a real pseudo-terminal, which the tests type into and read back.
final class Tmux {
    let socket = "riffle-test-\(getpid())-\(UUID().uuidString.prefix(8))"
    let directory: URL

    /// Starts a command (run by `sh -c`) in a `width`×`height` pane; `command` gets a scratch directory.
    init(width: Int, height: Int, command: (String) -> String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let line = command(directory.path)
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "t", "-x", "\(width)", "-y", "\(height)", line])
    }

    /// Runs the fixture with `arguments` in a shell that records `stty -g` before and after it and its
    /// exit status (files `before`, `after`, `status`), then keeps the pane open. `{dir}` in an argument
    /// stands for the scratch directory; `environment` is set (nil: unset) for the fixture alone. With `recordRaw`,
    /// every byte the pane's program writes is kept in the file `raw` from the first one on (the shell
    /// waits until `pipe-pane` is attached).
    static func fixture(
        width: Int, height: Int, environment: [String: String?] = [:], recordRaw: Bool = false, _ arguments: [String]
    ) throws -> Tmux {
        try program(
            try fixturePath(), width: width, height: height, arguments, overrides: environment, recordRaw: recordRaw)
    }

    /// Runs the built program at `path` as ``fixture(width:height:environment:recordRaw:_:)`` runs the
    /// fixture. With `environment`, the program gets only those variables and the pane's `TERM` (`env -i`),
    /// and its stderr goes to the file `stderr`, so that nothing of the test's environment leaks in and no
    /// log line lands on the screen being read; else `overrides` are set (nil: unset) on the pane's own.
    static func program(
        _ path: String, width: Int, height: Int, _ arguments: [String], environment: [String: String]? = nil,
        overrides: [String: String?] = [:], recordRaw: Bool = false
    ) throws -> Tmux {
        let tmux = try Tmux(width: width, height: height) { directory in
            let d = shellQuoted(directory)
            let words = [path] + arguments.map { $0.replacingOccurrences(of: "{dir}", with: directory) }
            var command = words.map(shellQuoted).joined(separator: " ")
            if let environment {
                let assignments = environment.sorted { $0.key < $1.key }.map {
                    shellQuoted("\($0.key)=\($0.value.replacingOccurrences(of: "{dir}", with: directory))")
                }
                command = (["env", "-i", "TERM=\"$TERM\""] + assignments).joined(separator: " ") + " " + command
                command += " 2> \(d)/stderr"
            } else if !overrides.isEmpty {
                let sorted = overrides.sorted { $0.key < $1.key }
                let assignments =
                    sorted.filter { $0.value == nil }.map { "-u " + shellQuoted($0.key) }
                    + sorted.compactMap { name, value in value.map { shellQuoted("\(name)=\($0)") } }
                command = (["env"] + assignments).joined(separator: " ") + " " + command
            }
            let wait = recordRaw ? "while [ ! -e \(d)/go ]; do sleep 0.02; done; " : ""
            return
                "trap : INT; stty -g > \(d)/before; \(wait)\(command); echo $? > \(d)/status; stty -g > \(d)/after; exec sleep 120"
        }
        if recordRaw {
            try tmux.tmux(["pipe-pane", "-t", "t", "-o", "cat > " + shellQuoted(tmux.path("raw"))])
            _ = FileManager.default.createFile(atPath: tmux.path("go"), contents: nil)
        }
        return tmux
    }

    /// Everything the pane's program wrote so far (with `recordRaw`), as bytes.
    func rawOutput() -> [UInt8] {
        (try? Data(contentsOf: directory.appendingPathComponent("raw"))).map { Array($0) } ?? []
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs a tmux command against this server and returns what it printed.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        try run(["tmux", "-L", socket] + arguments, outputFile: directory.appendingPathComponent("tmux-output").path)
    }

    /// Presses keys by tmux name (`Enter`, `C-c`, `q`).
    func press(_ keys: String...) throws { try tmux(["send-keys", "-t", "t"] + keys) }

    /// Types text literally.
    func type(_ text: String) throws { try tmux(["send-keys", "-t", "t", "-l", text]) }

    /// The screen as text rows (styles dropped), trailing empty rows removed.
    func screen() throws -> [String] {
        var rows = try tmux(["capture-pane", "-p", "-t", "t"]).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        while rows.last?.isEmpty == true { rows.removeLast() }
        return rows
    }

    func value(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "t", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `stty -a` of the pane's terminal, as seen from outside.
    func terminalModes() throws -> String {
        let tty = try value("#{pane_tty}")
        return try run(["stty", "-a", "-F", tty], outputFile: directory.appendingPathComponent("stty-output").path)
    }

    /// Polls the screen until `done` holds, for at most `timeout`; records an issue with the last screen if not.
    @discardableResult
    func waitForScreen(
        timeout: Duration = .seconds(120), _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
        until done: ([String]) -> Bool
    ) async throws -> [String] {
        var rows: [String] = []
        let shown = try await eventually(timeout: timeout, interval: .milliseconds(40)) {
            rows = try screen()
            return done(rows)
        }
        if !shown {
            Issue.record(
                "timed out waiting for \(what); screen:\n\(rows.joined(separator: "\n"))",
                sourceLocation: sourceLocation)
        }
        return rows
    }

    /// Polls until the file exists and is non-empty; its contents.
    func waitForFile(_ name: String, timeout: Duration = .seconds(120)) async throws -> String? {
        let url = directory.appendingPathComponent(name)
        var text: String?
        let written = await eventually(timeout: timeout, interval: .milliseconds(40)) {
            text = try? String(contentsOf: url, encoding: .utf8)
            return text?.isEmpty == false
        }
        return written ? text?.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
}

/// The built fixture, `riffle-reader-fixture`, beside the running test bundle.
func fixturePath() throws -> String {
    try BuiltProducts.path(of: "riffle-reader-fixture")
}

/// Quotes for `sh -c`.
func shellQuoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

/// Runs a program (found on PATH) with its stdout in `outputFile`, waits for it, returns the output.
/// Not `Process`: on Linux it learns of the exit through a descriptor the child inherits, which the
/// tmux server (forked by `new-session`) keeps open, so waiting would never end.
func run(_ arguments: [String], outputFile: String) throws -> String {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    // An empty signal mask and default dispositions: this thread may block signals (test and Dispatch
    // threads do), and a tmux server that inherited that would ignore `kill-server`.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    var all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
    defer { for pointer in argv { free(pointer) } }
    argv.append(nil)
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
    guard spawned == 0 else { throw SpawnFailed(command: arguments[0], code: spawned) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    return (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
}

struct SpawnFailed: Error {
    var command: String
    var code: Int32
}
