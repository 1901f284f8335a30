import Glibc

/// What a call on a descriptor that may be non-blocking gave: a result, or "try again once it is ready".
package enum IOResult<Value: Sendable>: Sendable {
    case processed(Value)
    case wouldBlock
}

extension IOResult: Equatable where Value: Equatable {}

/// Runs a system call that reports failure as `-1` and `errno` (as swift-nio's `syscall(blocking:_:)`):
/// again while it fails with `EINTR` (a signal arrived mid-call; SIGWINCH and SIGCHLD do, often); as
/// `.wouldBlock` when `blocking` says the call may block (a non-blocking descriptor) and it fails with
/// `EAGAIN`; as a thrown `SystemError` naming `call` otherwise.
///
/// The one EINTR loop of riffle: every retried call goes through it. `close` must not (on Linux the
/// descriptor is gone even when `close` reports `EINTR`).
@discardableResult
package func syscall<Result: FixedWidthInteger & Sendable>(
    blocking: Bool, where call: @autoclosure () -> String, _ body: () -> Result
) throws(SystemError) -> IOResult<Result> {
    while true {
        let result = body()
        guard result == -1 else { return .processed(result) }
        let code = errno
        switch code {
        case EINTR: continue
        case EAGAIN where blocking, EWOULDBLOCK where blocking: return .wouldBlock
        default: throw SystemError(call: call(), code: code)
        }
    }
}

/// `syscall(blocking: false, …)`, for calls that never block on a non-blocking descriptor: the result.
@discardableResult
package func syscall<Result: FixedWidthInteger & Sendable>(
    where call: @autoclosure () -> String, _ body: () -> Result
) throws(SystemError) -> Result {
    switch try syscall(blocking: false, where: call(), body) {
    case .processed(let result): return result
    case .wouldBlock: throw SystemError(call: call(), code: EAGAIN)
    }
}
