#ifndef RIFFLE_CSYSTEM_H
#define RIFFLE_CSYSTEM_H
/// C helpers for RiffleSystem: what Glibc hides from Swift (wcwidth behind _XOPEN_SOURCE, pipe2 and
/// posix_spawn_file_actions_addclosefrom_np behind _GNU_SOURCE, the wait-status macros), and the calls
/// whose C shape (variadic ioctl, termios arrays, spawn attribute objects) is clumsy in Swift.
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

/// `pipe2(fds, O_CLOEXEC)`: both ends close-on-exec from the moment they exist. 0, or -1 and errno.
int riffle_pipe_cloexec(int fds[2]);

/// What child descriptor `i` of `riffle_spawn` gets when `fds[i]` is not a descriptor of ours.
#define RIFFLE_SPAWN_INHERIT (-1)
#define RIFFLE_SPAWN_NULL_DEVICE (-2)

/// Starts `path` with `argv` (argv[0] included, NULL-terminated) and `envp` (NULL-terminated; NULL means
/// this process's environment), with no shell. Child descriptor `i` (0 ≤ i < `fd_count`) becomes `fds[i]`
/// (dup2), `/dev/null`, or stays inherited. With `search_path`, a `path` without a slash is looked up on
/// PATH (posix_spawnp). With `new_process_group`, the child leads a group of its own. With
/// `close_others`, every descriptor from `fd_count` up is closed in the child. The child starts with an
/// empty signal mask and every disposition at its default, as if started from a shell, whatever the
/// calling thread blocks or ignores. Returns 0 and the pid, or an errno value.
int riffle_spawn(
    pid_t *pid, const char *path, char *const argv[], char *const envp[], const int *fds, int fd_count,
    int search_path, int new_process_group, int close_others);

/// The wait-status macros: WIFEXITED, WEXITSTATUS, WIFSIGNALED, WTERMSIG.
int riffle_status_exited(int status);
int riffle_status_exit_code(int status);
int riffle_status_signaled(int status);
int riffle_status_signal(int status);

/// Ends the process by `signal_number` with its default action (unblocked on this thread first, as
/// Dispatch threads block signals); exits with 128 + signal if that somehow returns.
void riffle_reraise(int signal_number);
#endif
