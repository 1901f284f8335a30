#define _XOPEN_SOURCE 700
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include <wchar.h>
#include "csystem.h"

extern char **environ;

static locale_t utf8_locale = (locale_t)0;
static pthread_once_t utf8_once = PTHREAD_ONCE_INIT;

static void load_utf8_locale(void) {
    utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
    if (utf8_locale == (locale_t)0) utf8_locale = newlocale(LC_CTYPE_MASK, "C.utf8", (locale_t)0);
}

int riffle_wcwidth(unsigned int scalar) {
    pthread_once(&utf8_once, load_utf8_locale);
    if (utf8_locale == (locale_t)0) return -2;
    locale_t previous = uselocale(utf8_locale);
    int width = wcwidth((wchar_t)scalar);
    uselocale(previous);
    return width;
}

int riffle_window_size(int fd, int *columns, int *rows) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    if (size.ws_col == 0 || size.ws_row == 0) return -1;
    *columns = size.ws_col;
    *rows = size.ws_row;
    return 0;
}

void riffle_termios_make_raw(struct termios *t) {
    t->c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN);
    t->c_cc[VMIN] = 1;
    t->c_cc[VTIME] = 0;
}

int riffle_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int riffle_spawn(
    pid_t *pid, const char *path, char *const argv[], char *const envp[], const int *fds, int fd_count,
    int search_path, int new_process_group, int close_others) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int status = posix_spawn_file_actions_init(&actions);
    if (status != 0) return status;
    status = posix_spawnattr_init(&attributes);
    if (status != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return status;
    }
    for (int fd = 0; fd < fd_count && status == 0; fd++) {
        if (fds[fd] == RIFFLE_SPAWN_NULL_DEVICE) {
            status = posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0);
        } else if (fds[fd] >= 0) {
            status = posix_spawn_file_actions_adddup2(&actions, fds[fd], fd);
        }
    }
    if (status == 0 && close_others) status = posix_spawn_file_actions_addclosefrom_np(&actions, fd_count);
    // The calling thread may block signals (Dispatch and pool threads do) and riffle ignores some while
    // it runs: the child gets an empty mask and default dispositions.
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
    if (new_process_group) flags |= POSIX_SPAWN_SETPGROUP;
    if (status == 0) status = posix_spawnattr_setsigmask(&attributes, &none);
    if (status == 0) status = posix_spawnattr_setsigdefault(&attributes, &all);
    if (status == 0 && new_process_group) status = posix_spawnattr_setpgroup(&attributes, 0);
    if (status == 0) status = posix_spawnattr_setflags(&attributes, flags);
    char *const *environment = envp != NULL ? envp : environ;
    if (status == 0) {
        status = search_path ? posix_spawnp(pid, path, &actions, &attributes, argv, environment)
                             : posix_spawn(pid, path, &actions, &attributes, argv, environment);
    }
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return status;
}

int riffle_status_exited(int status) { return WIFEXITED(status); }
int riffle_status_exit_code(int status) { return WEXITSTATUS(status); }
int riffle_status_signaled(int status) { return WIFSIGNALED(status); }
int riffle_status_signal(int status) { return WTERMSIG(status); }

void riffle_reraise(int signal_number) {
    signal(signal_number, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal_number);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    raise(signal_number);
    _exit(128 + signal_number);
}
