// The Linux calls Glibc's Swift module leaves out: epoll, eventfd, signalfd, accept4, SO_PEERCRED,
// pipe2 with a size, vmsplice and splice.
// Compiled here with _GNU_SOURCE; the header declares them with plain C types only,
// so that it never clashes with the Glibc module's view of the system headers.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/epoll.h>
#include <sys/uio.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>
#include "CSystemShims.h"

int board_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

/// Registers or changes `fd` with the events given; `token` comes back in board_epoll_wait.
int board_epoll_ctl(int epfd, int op, int fd, unsigned int events, unsigned long long token) {
    struct epoll_event ev;
    ev.events = events;
    ev.data.u64 = token;
    return epoll_ctl(epfd, op, fd, &ev);
}

/// Waits for events; fills parallel arrays of tokens and event masks.
int board_epoll_wait(int epfd, unsigned long long *tokens, unsigned int *events, int max, int timeout_ms) {
    struct epoll_event evs[256];
    if (max > 256) max = 256;
    int n = epoll_wait(epfd, evs, max, timeout_ms);
    for (int i = 0; i < n; i++) {
        tokens[i] = evs[i].data.u64;
        events[i] = evs[i].events;
    }
    return n;
}

int board_accept(int fd) { return accept4(fd, 0, 0, SOCK_NONBLOCK | SOCK_CLOEXEC); }

/// The peer's uid through SO_PEERCRED; -1 on failure.
long long board_peer_uid(int fd) {
    struct ucred cred;
    socklen_t len = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) return -1;
    // An unconnected socket has no peer: the kernel says uid -1, which is nobody's.
    if (cred.uid == (uid_t)-1) return -1;
    return (long long)cred.uid;
}

/// The peer's pid through SO_PEERCRED; -1 on failure.
long long board_peer_pid(int fd) {
    struct ucred cred;
    socklen_t len = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) return -1;
    return (long long)cred.pid;
}

/// Blocks the given signals for the process and returns a signalfd that reports them.
int board_signalfd(const int *signals, int count) {
    sigset_t set;
    sigemptyset(&set);
    for (int i = 0; i < count; i++) sigaddset(&set, signals[i]);
    if (sigprocmask(SIG_BLOCK, &set, 0) != 0) return -1;
    return signalfd(-1, &set, SFD_NONBLOCK | SFD_CLOEXEC);
}

/// Reads one pending signal from a signalfd; 0 when none.
int board_signalfd_read(int fd) {
    struct signalfd_siginfo info;
    ssize_t n = read(fd, &info, sizeof info);
    if (n != sizeof info) return 0;
    return (int)info.ssi_signo;
}

unsigned int board_epollin(void) { return EPOLLIN; }
unsigned int board_epollout(void) { return EPOLLOUT; }
unsigned int board_epollerr(void) { return EPOLLERR | EPOLLHUP | EPOLLRDHUP; }
unsigned int board_epollhup(void) { return EPOLLERR | EPOLLHUP; }


/// A non-blocking eventfd, closed on exec: one thread wakes another's epoll through it.
int board_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

/// Names the calling thread (at most 15 bytes), as `top -H` shows it.
int board_name_thread(const char *name) { return pthread_setname_np(pthread_self(), name); }

/// A non-blocking pipe for splicing, asked to hold `size` bytes; returns what it holds, or -1.
int board_splice_pipe(int fds[2], int size) {
    if (pipe2(fds, O_NONBLOCK | O_CLOEXEC) != 0) return -1;
    int held = fcntl(fds[1], F_SETPIPE_SZ, size);
    if (held < 0) held = fcntl(fds[1], F_GETPIPE_SZ);
    if (held < 0) {
        close(fds[0]);
        close(fds[1]);
    }
    return held;
}

/// Puts references to the pages of `vectors` (struct iovec) into the pipe, without copying them.
long board_vmsplice(int pipe_fd, const void *vectors, int count) {
    return vmsplice(pipe_fd, (const struct iovec *)vectors, (unsigned long)count, SPLICE_F_NONBLOCK);
}

/// Moves up to `length` bytes from a pipe to a socket (by reference where the socket takes pages).
long board_splice(int from_fd, int to_fd, unsigned long length) {
    return splice(from_fd, NULL, to_fd, NULL, length, SPLICE_F_NONBLOCK);
}

#include <sched.h>
#include <sys/syscall.h>
#include <stdint.h>

/// The first version of the kernel's `struct sched_attr` (SCHED_ATTR_SIZE_VER0, 48 bytes).
struct board_sched_attr {
    uint32_t size;
    uint32_t policy;
    uint64_t flags;
    int32_t nice;
    uint32_t priority;
    uint64_t runtime;
    uint64_t deadline;
    uint64_t period;
};

/// Asks the fair scheduler (EEVDF, Linux 6.12 and later) for slices of `nanoseconds` for the calling
/// thread: `sched_setattr` with the thread's own policy and nice value and `sched_runtime`, then read
/// back. 0 when the kernel keeps the slice; -1 when it refuses, ignores it (before 6.12) or the
/// thread is not under the fair scheduler's normal or batch policy (nothing is changed then).
int board_request_slice(unsigned long long nanoseconds) {
    struct board_sched_attr attr = {0};
    if (syscall(SYS_sched_getattr, 0, &attr, sizeof(attr), 0) != 0) return -1;
    if (attr.policy != SCHED_OTHER && attr.policy != SCHED_BATCH) return -1;
    attr.size = sizeof(attr);
    attr.flags = 0;
    attr.runtime = nanoseconds;
    if (syscall(SYS_sched_setattr, 0, &attr, 0) != 0) return -1;
    struct board_sched_attr now = {0};
    if (syscall(SYS_sched_getattr, 0, &now, sizeof(now), 0) != 0) return -1;
    return now.runtime == nanoseconds ? 0 : -1;
}
