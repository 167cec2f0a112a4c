/*
 * loadclient: one load client design for boardd and Redis, independent of the project's Swift code.
 *
 *   cc -O2 -o loadclient scripts/loadclient.c
 *   loadclient --board SOCKET --clients 50 --duration 5      board.get, one in flight a client
 *   loadclient --redis SOCKET --clients 50 --duration 5      GET board, one in flight a client
 *
 * One thread, one epoll, N Unix-socket connections, each with one request in flight (a closed loop,
 * as redis-benchmark without pipelining). Each reply is scanned once: boardd's replies end at their
 * newline (memchr over the bytes as they arrive, never over the same bytes twice); Redis's bulk
 * reply ($LEN\r\n...\r\n) is counted by its length. Latency is from the request's write to the
 * reply's last byte, on CLOCK_MONOTONIC. Prints one JSON line:
 *   {"server":"boardd","clients":50,"seconds":5.0,"requests":N,"requestsPerSecond":R,
 *    "latencyMs":{"p50":..,"p90":..,"p99":..,"max":..}}
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

enum server { BOARDD, REDIS };

struct client {
    int fd;
    uint64_t sent_at;
    /* boardd: bytes of the current reply seen so far (all scanned). Redis: bytes still to come of
       the bulk reply, or -1 while its header is read. */
    long long pending;
    char header[64];
    int header_len;
    int greeted; /* boardd: its hello line was read */
};

static const char board_request[] = "{\"id\":1,\"method\":\"board.get\"}\n";
static const char redis_request[] = "*2\r\n$3\r\nGET\r\n$5\r\nboard\r\n";

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000ull + (uint64_t)t.tv_nsec;
}

static void die(const char *what) {
    fprintf(stderr, "loadclient: %s: %s\n", what, strerror(errno));
    exit(1);
}

static int connect_to(const char *path) {
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) die("socket");
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof address.sun_path) {
        fprintf(stderr, "loadclient: socket path too long: %s\n", path);
        exit(2);
    }
    strcpy(address.sun_path, path);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) die(path);
    return fd;
}

static void send_request(struct client *c, enum server server) {
    const char *request = server == BOARDD ? board_request : redis_request;
    size_t length = server == BOARDD ? sizeof board_request - 1 : sizeof redis_request - 1;
    c->sent_at = now_ns();
    c->pending = server == BOARDD ? 0 : -1;
    c->header_len = 0;
    if (write(c->fd, request, length) != (ssize_t)length) die("write");
}

/* Consumes `n` bytes of `c`'s stream; returns 1 when they finish a reply (none may follow it: one
   request is in flight). */
static int consume(struct client *c, enum server server, const char *bytes, size_t n) {
    if (server == BOARDD) {
        const char *newline = memchr(bytes, '\n', n);
        if (!newline) return 0;
        if (!c->greeted) { /* the hello line, then the request */
            c->greeted = 1;
            return 2;
        }
        return 1;
    }
    size_t at = 0;
    if (c->pending < 0) {
        while (at < n) {
            char byte = bytes[at++];
            if (c->header_len < (int)sizeof c->header - 1) c->header[c->header_len++] = byte;
            if (byte == '\n') {
                c->header[c->header_len] = 0;
                if (c->header[0] != '$') {
                    fprintf(stderr, "loadclient: unexpected Redis reply: %s", c->header);
                    exit(1);
                }
                c->pending = atoll(c->header + 1) + 2;
                break;
            }
        }
        if (c->pending < 0) return 0;
    }
    c->pending -= (long long)(n - at);
    return c->pending <= 0;
}

static int compare(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static double percentile_ms(const uint64_t *sorted, size_t count, double p) {
    if (count == 0) return 0;
    size_t index = (size_t)(p * (double)(count - 1) + 0.5);
    return (double)sorted[index] / 1e6;
}

int main(int argc, char **argv) {
    enum server server = BOARDD;
    const char *path = NULL;
    int clients = 50;
    double duration = 5;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--board") && i + 1 < argc) { server = BOARDD; path = argv[++i]; }
        else if (!strcmp(argv[i], "--redis") && i + 1 < argc) { server = REDIS; path = argv[++i]; }
        else if (!strcmp(argv[i], "--clients") && i + 1 < argc) clients = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--duration") && i + 1 < argc) duration = atof(argv[++i]);
        else {
            fprintf(stderr, "usage: loadclient (--board SOCKET | --redis SOCKET) [--clients N] [--duration SECONDS]\n");
            return 2;
        }
    }
    if (!path || clients < 1 || clients > 10000 || duration <= 0) {
        fprintf(stderr, "loadclient: give a socket, 1 to 10000 clients and a positive duration\n");
        return 2;
    }
    int epoll = epoll_create1(EPOLL_CLOEXEC);
    if (epoll < 0) die("epoll_create1");
    struct client *all = calloc((size_t)clients, sizeof *all);
    for (int i = 0; i < clients; i++) {
        all[i].fd = connect_to(path);
        struct epoll_event event = {.events = EPOLLIN, .data.u32 = (uint32_t)i};
        if (epoll_ctl(epoll, EPOLL_CTL_ADD, all[i].fd, &event) != 0) die("epoll_ctl");
        if (server == REDIS) send_request(&all[i], server);
    }
    size_t capacity = 1 << 20, count = 0;
    uint64_t *latencies = malloc(capacity * sizeof *latencies);
    static char buffer[1 << 16];
    struct epoll_event events[256];
    uint64_t start = 0, end = 0;
    int measuring = server == REDIS;
    if (measuring) { start = now_ns(); end = start + (uint64_t)(duration * 1e9); }
    int greeted = 0;
    for (;;) {
        int ready = epoll_wait(epoll, events, 256, 1000);
        if (ready < 0 && errno != EINTR) die("epoll_wait");
        uint64_t t = now_ns();
        if (measuring && t >= end) break;
        for (int e = 0; e < ready; e++) {
            struct client *c = &all[events[e].data.u32];
            ssize_t n = read(c->fd, buffer, sizeof buffer);
            if (n <= 0) {
                if (n < 0 && (errno == EAGAIN || errno == EINTR)) continue;
                fprintf(stderr, "loadclient: the server closed a connection\n");
                return 1;
            }
            int done = consume(c, server, buffer, (size_t)n);
            if (done == 2) { /* boardd's hello: all greeted, then the clock starts */
                send_request(c, server);
                if (++greeted == clients) { measuring = 1; start = now_ns(); end = start + (uint64_t)(duration * 1e9); count = 0; }
                continue;
            }
            if (done == 1) {
                uint64_t finished = now_ns();
                if (measuring && c->sent_at >= start) {
                    if (count == capacity) latencies = realloc(latencies, (capacity *= 2) * sizeof *latencies);
                    latencies[count++] = finished - c->sent_at;
                }
                send_request(c, server);
            }
        }
    }
    double seconds = (double)(now_ns() - start) / 1e9;
    qsort(latencies, count, sizeof *latencies, compare);
    printf("{\"server\":\"%s\",\"clients\":%d,\"seconds\":%.3f,\"requests\":%zu,\"requestsPerSecond\":%.0f,"
           "\"latencyMs\":{\"p50\":%.4f,\"p90\":%.4f,\"p99\":%.4f,\"max\":%.4f}}\n",
           server == BOARDD ? "boardd" : "redis", clients, seconds, count, (double)count / seconds,
           percentile_ms(latencies, count, 0.50), percentile_ms(latencies, count, 0.90),
           percentile_ms(latencies, count, 0.99), count ? (double)latencies[count - 1] / 1e6 : 0.0);
    return 0;
}
