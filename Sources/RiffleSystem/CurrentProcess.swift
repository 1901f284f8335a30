import Glibc

/// This process: its id, and ending it.
package enum CurrentProcess {
    /// This process's id.
    package static var id: Int32 { getpid() }

    /// Ends the process with `code`, running `atexit` handlers (the terminal mode is restored there).
    package static func exit(_ code: Int32) -> Never { Glibc.exit(code) }
}
