import Foundation
import Glibc
import RiffleSystem
import RiffleTestSupport
import Synchronization
import Testing

extension PluginTests {
    /// `ExecutableFile` against what made `ProcessTests.extraLinesAndReportedErrors` fail in CI with
    /// `posix_spawn …/chatty.sh: Text file busy`: another thread of the test process forking while a
    /// script is written, its child holding a copy of the write descriptor until it execs.
    @Suite struct ExecutableFileTests {
        /// Tells the spawning thread to stop.
        final class Flag: Sendable {
            let raised = Atomic<Bool>(false)
            let spawned = Atomic<Int>(0)
        }

        /// Scripts written while another thread spawns children nonstop run at once, every one: no
        /// process holds them open for writing once written.
        @Test func scriptsWrittenWhileAnotherThreadSpawnsRunAtOnce() async throws {
            let directory = try temporaryDirectory()
            let flag = Flag()
            let spawner = try SystemThread.start {
                while !flag.raised.load(ordering: .relaxed) {
                    guard let pid = try? ChildProcess.spawn("/bin/true", environment: [:]) else { continue }
                    _ = try? ChildProcess.reap(pid)
                    flag.spawned.add(1, ordering: .relaxed)
                }
            }
            var failures: [String] = []
            for index in 0..<200 {
                let path = try await writeScript(directory, "run-\(index).sh", "#!/bin/sh\nexit 7\n")
                do {
                    let pid = try ChildProcess.spawn(path, environment: [:])
                    let status = try await offThePool { try ChildProcess.reap(pid) }
                    if status.description != "exit status 7" { failures.append("\(index): \(status)") }
                } catch {
                    failures.append("\(index): \(error)")
                }
            }
            flag.raised.store(true, ordering: .relaxed)
            await spawner.waitForExit()
            #expect(failures.isEmpty, "\(failures.count) of 200 failed: \(failures.prefix(3))")
            #expect(flag.spawned.load(ordering: .relaxed) > 0, "the other thread spawned meanwhile")
            let left = try FileManager.default.contentsOfDirectory(atPath: directory).filter {
                $0.contains(".partial-")
            }
            #expect(left.isEmpty, "no temporary file is left")
        }

        /// What cannot travel as one argument of `sh` is refused, not cut short.
        @Test func oversizedOrNULTextIsRefused() async throws {
            let directory = try temporaryDirectory()
            for text in [String(repeating: "x", count: ExecutableFile.maxBytes + 1), "#!/bin/sh\n\u{0}\n"] {
                await #expect(throws: ExecutableFile.WriteError.self) {
                    try await ExecutableFile.write(text, to: directory + "/refused")
                }
            }
            #expect(!FileSystem.exists(directory + "/refused"))
        }
    }
}
