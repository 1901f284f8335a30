import Glibc
import Synchronization
import Testing

@testable import RiffleSystem

@Suite struct SyscallTests {
    @Test func retriesWhileTheCallIsInterrupted() throws {
        var calls = 0
        let result: Int32 = try syscall(where: "test") {
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(result == 7 && calls == 3)
    }

    @Test func throwsTheCallAndErrnoOtherwise() {
        #expect(throws: SystemError(call: "open /nonexistent", code: ENOENT)) {
            try syscall(where: "open /nonexistent") { open("/nonexistent", O_RDONLY) }
        }
        let error = SystemError(call: "open /x", code: ENOENT)
        #expect(error.description == "open /x: No such file or directory")
        #expect(error.isNotFound && !error.isBrokenPipe)
    }

    @Test func reportsWouldBlockOnlyWhenAskedTo() throws {
        let result: IOResult<Int32> = try syscall(blocking: true, where: "read") {
            errno = EAGAIN
            return -1
        }
        #expect(result == .wouldBlock)
        #expect(throws: SystemError.self) {
            let _: Int32 = try syscall(where: "read") {
                errno = EAGAIN
                return -1
            }
        }
    }
}
