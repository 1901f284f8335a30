import Glibc
import Testing

@testable import RiffleSystem

@Suite struct ChildProcessTests {
    /// Runs `executable` with stdout on a pipe and returns what it printed and how it ended.
    private func run(
        _ executable: String, _ arguments: [String], environment: [String: String]?, searchPath: Bool = false
    ) throws -> (output: String, status: WaitStatus) {
        let (read, write) = try Descriptor.makePipe()
        let pid = try ChildProcess.spawn(
            executable, arguments: arguments, environment: environment, stdout: .descriptor(write),
            searchPath: searchPath, closeOtherDescriptors: true)
        Descriptor.close(write)
        var output: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
        defer { buffer.deallocate() }
        while case .processed(let count) = try Descriptor.read(read, into: buffer), count > 0 {
            output.append(contentsOf: buffer[0..<count])
        }
        Descriptor.close(read)
        return (String(decoding: output, as: UTF8.self), try ChildProcess.reap(pid))
    }

    @Test func passesExactlyTheEnvironmentGiven() throws {
        let (output, status) = try run("/usr/bin/env", [], environment: ["B": "2", "A": "1"])
        #expect(output == "A=1\nB=2\n")
        #expect(status.exitCode == 0 && status.description == "exit status 0")
    }

    @Test func passesArgumentsAsTheyAreWithNoShell() throws {
        let (output, _) = try run("/bin/echo", ["$HOME", "a b", "*"], environment: [:])
        #expect(output == "$HOME a b *\n")
    }

    @Test func looksUpThePathOnlyWhenAsked() throws {
        let (output, _) = try run("echo", ["found"], environment: nil, searchPath: true)
        #expect(output == "found\n")
        #expect {
            try ChildProcess.spawn("echo", environment: [:])
        } throws: { error in
            (error as? SystemError)?.isNotFound == true
        }
    }

    @Test func wordsHowAChildEnded() throws {
        let exited = try run("/bin/sh", ["-c", "exit 3"], environment: [:]).status
        #expect(exited.exitCode == 3 && exited.signal == nil && exited.shellCode == 3)
        #expect(exited.description == "exit status 3")
        let killed = try run("/bin/sh", ["-c", "kill -9 $$"], environment: [:]).status
        #expect(killed.signal == .kill && killed.exitCode == nil && killed.shellCode == 137)
        #expect(killed.description == "killed by signal 9")
    }

    @Test func signalsReachTheWholeProcessGroup() throws {
        // The child starts a grandchild; a signal to the group ends both.
        let (read, write) = try Descriptor.makePipe()
        let pid = try ChildProcess.spawn(
            "/bin/sh", arguments: ["-c", "sleep 30 & echo $!; wait"], environment: ["PATH": "/usr/bin:/bin"],
            stdout: .descriptor(write), newProcessGroup: true, closeOtherDescriptors: true)
        Descriptor.close(write)
        var line: [UInt8] = []
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1, alignment: 1)
        defer { buffer.deallocate() }
        while case .processed(1) = try Descriptor.read(read, into: buffer), buffer[0] != 10 { line.append(buffer[0]) }
        Descriptor.close(read)
        let grandchild = try #require(Int32(String(decoding: line, as: UTF8.self)))
        #expect(getpgid(grandchild) == pid)
        #expect(!ChildProcess.hasExited(pid))
        ChildProcess.signalGroup(pid, .terminate)
        let status = try ChildProcess.reap(pid)
        #expect(status.signal == .terminate)
        let deadline = SystemClock.monotonicMilliseconds() + 5000
        while ChildProcess.exists(grandchild) && SystemClock.monotonicMilliseconds() < deadline {
            SystemClock.sleep(milliseconds: 5)
        }
        #expect(!ChildProcess.exists(grandchild))
    }
}
