/*
 * relay: a two-port user-space Ethernet relay that puts a bottleneck, a delay and an exact
 * displacement rule between two network namespaces, for measuring Linux TCP on the path that
 * experiments/tcp-heavy-reordering.json models.
 *
 * Each direction: a frame read from its input port joins a drop-tail queue of --limit frames
 * waiting for the rate (a frame finding --limit frames not yet sent is dropped), is sent at
 * --rate-mbps counting --overhead bytes more per frame (FCS, preamble, gap), then waits
 * --delay-us, and is then delivered, in that order. In the a->b direction only, at the point of
 * delivery, every --every-th TCP data segment (payload > 0, counted from 0, the --offset-th first;
 * retransmissions counted) is held until --hold later data segments have been delivered, and is
 * delivered right after the last of them. Frames that are not TCP data pass without being counted.
 *
 * Times are the kernel's receive timestamps (SO_TIMESTAMPNS) and CLOCK_REALTIME; the loop runs
 * SCHED_FIFO (--fifo 0: not) and spins the last --spin-us (30) before a due time, so frames leave
 * within a few microseconds of it; the spinning takes its CPU from whatever else would run there. On SIGINT or SIGTERM it prints its counters and exits.
 *
 * With --log FILE, every a->b TCP data segment is written there as it is received, dropped, held
 * and delivered: "<event> <ns> <seq> <len>" with event r (received), d (dropped at the queue),
 * h (held), o (delivered), x (refused by the output device): the path's own record of what it did to each segment; and every b->a
 * TCP segment's acknowledgment number as it is received (a) and delivered (A).
 *
 * usage: relay PORT_A PORT_B [--rate-mbps R] [--overhead B] [--limit N] [--delay-us D]
 *              [--every K] [--offset O] [--hold H] [--log FILE] [--spin-us S] [--fifo 0|1]
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <netinet/ip.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define FRAME_MAX 2048
#define RING 8192
#define HELD_MAX 64

struct frame {
    uint64_t depart;   /* ns: the last bit leaves the bottleneck */
    uint64_t deliver;  /* ns: depart + delay */
    int len;
    int data;          /* TCP with payload */
    unsigned char buf[FRAME_MAX];
};

struct held {
    struct frame f;
    long remaining;
};

struct direction {
    const char *name;
    int in, out;
    struct frame *ring;
    long head, tail;   /* [head, tail) queued, in depart order */
    uint64_t last_depart;
    int displaces;
    struct held held[HELD_MAX];
    int nheld;
    long data_seen;
    long received, dropped, delivered, data_held, send_failed;
};

static double rate_bps = 200e6;
static int overhead = 24;
static long limit = 100;
static uint64_t delay_ns = 500000;
static long every = 100, offset = 99, hold = 100;
static uint64_t spin_ns = 30000;
static int fifo = 1;
static volatile sig_atomic_t stop;
static FILE *seglog;

static void on_signal(int s) { (void)s; stop = 1; }

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int open_port(const char *ifname) {
    int fd = socket(AF_PACKET, SOCK_RAW | SOCK_NONBLOCK, htons(ETH_P_ALL));
    if (fd < 0) { perror("socket"); exit(2); }
    int ifindex = if_nametoindex(ifname);
    if (!ifindex) { fprintf(stderr, "relay: no interface %s\n", ifname); exit(2); }
    struct sockaddr_ll sll = { .sll_family = AF_PACKET, .sll_protocol = htons(ETH_P_ALL), .sll_ifindex = ifindex };
    if (bind(fd, (struct sockaddr *)&sll, sizeof sll) < 0) { perror("bind"); exit(2); }
    int one = 1;
    if (setsockopt(fd, SOL_PACKET, PACKET_IGNORE_OUTGOING, &one, sizeof one) < 0) { perror("PACKET_IGNORE_OUTGOING"); exit(2); }
    setsockopt(fd, SOL_PACKET, PACKET_QDISC_BYPASS, &one, sizeof one);
    if (setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof one) < 0) { perror("SO_TIMESTAMPNS"); exit(2); }
    int buf = 8 << 20;
    setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &buf, sizeof buf);
    setsockopt(fd, SOL_SOCKET, SO_SNDBUFFORCE, &buf, sizeof buf);
    return fd;
}

static int is_tcp_data(const unsigned char *b, int len) {
    if (len < 14 + 20 || b[12] != 0x08 || b[13] != 0x00) return 0;
    const struct iphdr *ip = (const struct iphdr *)(b + 14);
    if (ip->protocol != IPPROTO_TCP) return 0;
    int ihl = ip->ihl * 4;
    if (len < 14 + ihl + 20) return 0;
    const struct tcphdr *th = (const struct tcphdr *)(b + 14 + ihl);
    int payload = ntohs(ip->tot_len) - ihl - th->doff * 4;
    return payload > 0;
}

static uint32_t tcp_seq_len(const unsigned char *b, int *len) {
    const struct iphdr *ip = (const struct iphdr *)(b + 14);
    int ihl = ip->ihl * 4;
    const struct tcphdr *th = (const struct tcphdr *)(b + 14 + ihl);
    *len = ntohs(ip->tot_len) - ihl - th->doff * 4;
    return ntohl(th->seq);
}

static void log_ack(char event, uint64_t t, const unsigned char *b, int len) {
    if (!seglog || len < 14 + 20 || b[12] != 0x08 || b[13] != 0x00) return;
    const struct iphdr *ip = (const struct iphdr *)(b + 14);
    if (ip->protocol != IPPROTO_TCP || len < 14 + ip->ihl * 4 + 20) return;
    const struct tcphdr *th = (const struct tcphdr *)(b + 14 + ip->ihl * 4);
    fprintf(seglog, "%c %llu %u 0\n", event, (unsigned long long)t, ntohl(th->ack_seq));
}

static void log_segment(char event, uint64_t t, const unsigned char *b) {
    if (!seglog) return;
    int len;
    uint32_t seq = tcp_seq_len(b, &len);
    fprintf(seglog, "%c %llu %u %d\n", event, (unsigned long long)t, seq, len);
}

static uint64_t serialisation_ns(int len) {
    return (uint64_t)(((double)(len + overhead) * 8.0 * 1e9) / rate_bps + 0.5);
}

static void receive(struct direction *d) {
    static struct frame scratch;
    for (;;) {
        int full = d->tail - d->head >= RING;
        struct frame *f = full ? &scratch : &d->ring[d->tail % RING];
        char control[256];
        struct iovec iov = { f->buf, FRAME_MAX };
        struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control };
        ssize_t n = recvmsg(d->in, &msg, 0);
        if (n < 0) {
            if (errno == EAGAIN || errno == EWOULDBLOCK) return;
            perror("recvmsg"); exit(1);
        }
        uint64_t t = now_ns();
        for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
            if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_TIMESTAMPNS) {
                struct timespec ts;
                memcpy(&ts, CMSG_DATA(c), sizeof ts);
                t = (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
            }
        }
        d->received++;
        long waiting = 0;   /* frames not yet sent at the rate when this one comes */
        for (long i = d->tail - 1; i >= d->head && d->ring[i % RING].depart > t; i--) waiting++;
        int data = d->displaces && is_tcp_data(f->buf, (int)n);
        if (data) log_segment('r', t, f->buf);
        else if (!d->displaces) log_ack('a', t, f->buf, (int)n);
        if (waiting >= limit || full) { d->dropped++; if (data) log_segment('d', t, f->buf); continue; }
        f->len = (int)n;
        f->data = data;
        uint64_t start = d->last_depart > t ? d->last_depart : t;
        f->depart = start + serialisation_ns(f->len);
        f->deliver = f->depart + delay_ns;
        d->last_depart = f->depart;
        d->tail++;
    }
}

static void emit(struct direction *d, const struct frame *f) {
    if (f->data) log_segment('o', now_ns(), f->buf);
    else if (!d->displaces) log_ack('A', now_ns(), f->buf, f->len);
    if (send(d->out, f->buf, f->len, 0) < 0) {
        if (errno != ENOBUFS && errno != EAGAIN) { perror("send"); exit(1); }
        d->send_failed++;   /* the output device refused it: lost on the way out, counted */
        if (f->data) log_segment('x', now_ns(), f->buf);
        return;
    }
    d->delivered++;
}

/* Delivers one frame out of the delay line, applying the displacement rule. */
static void deliver(struct direction *d, struct frame *f) {
    if (!f->data) { emit(d, f); return; }
    long n = d->data_seen++;
    if (n >= offset && (n - offset) % every == 0 && d->nheld < HELD_MAX) {
        d->held[d->nheld].f = *f;
        d->held[d->nheld].remaining = hold;
        d->nheld++;
        d->data_held++;
        log_segment('h', now_ns(), f->buf);
        return;
    }
    emit(d, f);
    for (int i = 0; i < d->nheld; i++) d->held[i].remaining--;
    for (int i = 0; i < d->nheld;) {
        if (d->held[i].remaining <= 0) {
            emit(d, &d->held[i].f);
            memmove(&d->held[i], &d->held[i + 1], (size_t)(d->nheld - i - 1) * sizeof d->held[0]);
            d->nheld--;
        } else {
            i++;
        }
    }
}

static uint64_t release_due(struct direction *d, uint64_t now) {
    while (d->head < d->tail && d->ring[d->head % RING].deliver <= now) {
        deliver(d, &d->ring[d->head % RING]);
        d->head++;
    }
    return d->head < d->tail ? d->ring[d->head % RING].deliver : UINT64_MAX;
}

static void usage(void) {
    fprintf(stderr, "usage: relay PORT_A PORT_B [--rate-mbps R] [--overhead B] [--limit N] [--delay-us D] "
                    "[--every K] [--offset O] [--hold H] [--log FILE] [--spin-us S] [--fifo 0|1]   (--every 0: no displacement)\n");
    exit(2);
}

int main(int argc, char **argv) {
    if (argc < 3) usage();
    for (int i = 3; i < argc; i += 2) {
        if (i + 1 >= argc) usage();
        char *end;
        double v = strtod(argv[i + 1], &end);
        if (!strcmp(argv[i], "--log")) v = 0, end = "";
        if (*end || v < 0) { fprintf(stderr, "relay: %s wants a number >= 0, not '%s'\n", argv[i], argv[i + 1]); exit(2); }
        if (!strcmp(argv[i], "--rate-mbps") && v > 0) rate_bps = v * 1e6;
        else if (!strcmp(argv[i], "--overhead")) overhead = (int)v;
        else if (!strcmp(argv[i], "--limit") && v >= 1) limit = (long)v;
        else if (!strcmp(argv[i], "--delay-us")) delay_ns = (uint64_t)(v * 1000.0);
        else if (!strcmp(argv[i], "--every")) every = (long)v;
        else if (!strcmp(argv[i], "--offset")) offset = (long)v;
        else if (!strcmp(argv[i], "--hold") && v >= 1) hold = (long)v;
        else if (!strcmp(argv[i], "--spin-us")) spin_ns = (uint64_t)(v * 1000.0);
        else if (!strcmp(argv[i], "--fifo")) fifo = v != 0;
        else if (!strcmp(argv[i], "--log")) { seglog = fopen(argv[i + 1], "w"); if (!seglog) { perror(argv[i + 1]); exit(2); } }
        else usage();
    }
    struct direction ab = { .name = "a->b", .displaces = every > 0 }, ba = { .name = "b->a" };
    ab.in = ba.out = open_port(argv[1]);
    ba.in = ab.out = open_port(argv[2]);
    ab.ring = calloc(RING, sizeof(struct frame));
    ba.ring = calloc(RING, sizeof(struct frame));
    if (!ab.ring || !ba.ring) { fprintf(stderr, "relay: out of memory\n"); exit(1); }
    prctl(PR_SET_TIMERSLACK, 1UL);
    struct sched_param sp = { .sched_priority = 50 };
    if (fifo && sched_setscheduler(0, SCHED_FIFO, &sp) < 0) perror("relay: SCHED_FIFO (going on without it)");
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    fprintf(stderr, "relay: %s <-> %s, %.0f Mbit/s + %d B/frame, limit %ld, delay %.0f us, every %ld from %ld held for %ld\n",
            argv[1], argv[2], rate_bps / 1e6, overhead, limit, delay_ns / 1e3, every, offset, hold);
    struct pollfd fds[2] = { { .fd = ab.in, .events = POLLIN }, { .fd = ba.in, .events = POLLIN } };
    while (!stop) {
        uint64_t now = now_ns();
        uint64_t next_ab = release_due(&ab, now), next_ba = release_due(&ba, now);
        uint64_t next = next_ab < next_ba ? next_ab : next_ba;
        uint64_t wait = next == UINT64_MAX ? 100000000ull : (next > now ? next - now : 0);
        if (wait > spin_ns) {
            struct timespec ts = { (time_t)((wait - spin_ns) / 1000000000ull), (long)((wait - spin_ns) % 1000000000ull) };
            if (ppoll(fds, 2, &ts, NULL) < 0 && errno != EINTR) { perror("ppoll"); exit(1); }
        }
        receive(&ab);
        receive(&ba);
    }
    if (seglog) fclose(seglog);
    printf("%s received %ld dropped %ld delivered %ld held %ld refused by the output %ld\n", ab.name, ab.received,
           ab.dropped, ab.delivered, ab.data_held, ab.send_failed);
    printf("%s received %ld dropped %ld delivered %ld refused by the output %ld\n", ba.name, ba.received, ba.dropped,
           ba.delivered, ba.send_failed);
    return 0;
}
