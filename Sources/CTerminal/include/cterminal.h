#ifndef RIFFLE_CTERMINAL_H
#define RIFFLE_CTERMINAL_H
/// C helpers for the terminal layer: what Glibc hides from Swift (wcwidth behind _XOPEN_SOURCE), and
/// the calls whose C shape (variadic ioctl, termios arrays, spawn attribute objects) is clumsy in Swift.
#include <sys/types.h>
#include <termios.h>

/// Display columns of one Unicode scalar as glibc's C.UTF-8 tables see it: 0, 1, 2, or -1 for a
/// non-printable scalar. Uses a per-thread `uselocale`, so the process locale is never changed.
/// Returns -2 when the C.UTF-8 locale is not installed.
int riffle_wcwidth(unsigned int scalar);

/// The window size of the terminal on `fd` (TIOCGWINSZ). Returns 0 and fills both on success, -1 otherwise.
int riffle_window_size(int fd, int *columns, int *rows);

/// Makes `t` a single-key mode: no echo, no canonical lines, no extended input processing; ISIG kept, so
/// Ctrl-C still raises SIGINT. Reads return after one byte.
void riffle_termios_make_raw(struct termios *t);

/// Starts `argv[0]` found on PATH with `argv` (posix_spawnp; no shell), its stdin, stdout and stderr on
/// /dev/null so it cannot draw over the reader, with no signal blocked and every disposition at its
/// default. Returns 0 and the pid, or an errno value.
int riffle_spawn(char *const argv[], pid_t *pid);

/// Ends the process by `signal_number` with its default action (unblocked on this thread first, as
/// Dispatch threads block signals); exits with 128 + signal if that somehow returns.
void riffle_reraise(int signal_number);

/// Waits for `pid` (retrying on EINTR) and returns its exit status (0-255), 128+signal, or -1.
/// Blocks: call it on a thread of its own.
int riffle_wait_exit(pid_t pid);
#endif
