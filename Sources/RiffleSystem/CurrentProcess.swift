import Glibc

/// This process: its id, and ending it.
public enum CurrentProcess {
    /// This process's id.
    public static var id: Int32 { getpid() }

    /// Ends the process with `code`, running `atexit` handlers (the terminal mode is restored there).
    public static func exit(_ code: Int32) -> Never { Glibc.exit(code) }
}
