internal import RiffleSystem
import Synchronization

/// Single-key mode for the terminal on stdin, and the one place that puts the saved mode back.
///
/// The saved mode is process-wide so every exit path can restore it: the reader's own `defer` (quit,
/// errors, cancellation), the SIGINT/SIGTERM/SIGTSTP handlers, and an `atexit` hook for an `exit()`
/// anywhere else (where no `deinit` or `defer` runs). Restoring is idempotent.
enum TerminalModeGuard {
    private struct Saved: Sendable {
        var fd: Int32
        var attributes: Terminal.Attributes
    }

    private static let saved = Mutex<Saved?>(nil)
    private static let atExitRegistered = Atomic<Bool>(false)

    /// Switches `fd` to single-key mode (no echo, no line editing, ISIG kept). False if it is not a
    /// terminal or refuses; the reader then reads whole lines.
    static func enterSingleKeyMode(fd: Int32) -> Bool {
        guard let original = Terminal.attributes(fd) else { return false }
        if !atExitRegistered.exchange(true, ordering: .relaxed) {
            Signal.atExit { TerminalModeGuard.restore() }
        }
        saved.withLock { $0 = Saved(fd: fd, attributes: original) }
        guard Terminal.setAttributes(fd, Terminal.singleKeyAttributes(from: original), flush: true) else {
            saved.withLock { $0 = nil }
            return false
        }
        return true
    }

    /// Back to single-key mode after a stop (SIGCONT), if a mode is still saved.
    static func reenterSingleKeyMode() {
        saved.withLock { saved in
            guard let saved else { return }
            Terminal.setAttributes(saved.fd, Terminal.singleKeyAttributes(from: saved.attributes), flush: false)
        }
    }

    /// Puts the saved mode back, if any, and forgets it.
    static func restore() {
        saved.withLock { saved in
            guard let current = saved else { return }
            Terminal.setAttributes(current.fd, current.attributes, flush: false)
            saved = nil
        }
    }

    /// Puts the saved mode back but keeps it saved, for a stop (SIGTSTP) that will be followed by SIGCONT.
    static func restoreForSuspend() {
        saved.withLock { saved in
            guard let current = saved else { return }
            Terminal.setAttributes(current.fd, current.attributes, flush: false)
        }
    }

    /// Whether a mode is saved (single-key mode is on).
    static var isActive: Bool { saved.withLock { $0 != nil } }
}
