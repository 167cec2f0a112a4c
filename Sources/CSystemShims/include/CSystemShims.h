// The Linux calls Glibc's Swift module leaves out: epoll, eventfd, signalfd, accept4, SO_PEERCRED,
// pipe2 with a size, vmsplice and splice.
// Thin wrappers; the Swift side (the BoardSystem module) gives them Swift names.
#ifndef CSYSTEMSHIMS_H
#define CSYSTEMSHIMS_H

int board_epoll_create(void);
int board_epoll_ctl(int epfd, int op, int fd, unsigned int events, unsigned long long token);
int board_epoll_wait(int epfd, unsigned long long *tokens, unsigned int *events, int max, int timeout_ms);
int board_eventfd(void);
int board_name_thread(const char *name);
int board_accept(int fd);
long long board_peer_uid(int fd);
long long board_peer_pid(int fd);
int board_signalfd(const int *signals, int count);
int board_signalfd_read(int fd);
unsigned int board_epollin(void);
unsigned int board_epollout(void);
unsigned int board_epollerr(void);
unsigned int board_epollhup(void);
int board_splice_pipe(int fds[2], int size);
long board_vmsplice(int pipe_fd, const void *vectors, int count);
long board_splice(int from_fd, int to_fd, unsigned long length);
int board_request_slice(unsigned long long nanoseconds);

#endif
