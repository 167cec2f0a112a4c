// The Linux calls Glibc's Swift module leaves out: epoll, eventfd, signalfd, accept4, SO_PEERCRED.
// Compiled here with _GNU_SOURCE; the header declares them with plain C types only,
// so that it never clashes with the Glibc module's view of the system headers.
#define _GNU_SOURCE
#include <sys/epoll.h>
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


/// A non-blocking eventfd, closed on exec: one thread wakes another's epoll through it.
int board_eventfd(void) { return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK); }

/// Names the calling thread (at most 15 bytes), as `top -H` shows it.
int board_name_thread(const char *name) { return pthread_setname_np(pthread_self(), name); }
