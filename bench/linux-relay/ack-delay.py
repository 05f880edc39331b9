#!/usr/bin/env python3
"""The relay's ACK direction (b->a) delay, from run.sh --log files.

usage: bench/linux-relay/ack-delay.py LOG...

relay.c logs each b->a ACK as 'a' when it receives it and 'A' when it delivers it; the direction is
a FIFO, so the i-th 'A' is the i-th 'a'. For each log: the delay's percentiles over the run and over
its first 150 ms, and its median and maximum over the first 10 ms after the first data segment
reached the relay (where HyStart's ACK train decides how slow start ends; docs/tcp.md, "Two
outcomes"). The link's own one-way delay is what run.sh was given; anything above it is the relay's.
"""
import statistics
import sys


def read(path):
    received, delivered, first_data = [], [], None
    with open(path) as f:
        for line in f:
            kind, t, _seq, length = line.split()
            if kind == 'a':
                received.append(int(t))
            elif kind == 'A':
                delivered.append(int(t))
            elif kind == 'r' and first_data is None and int(length) > 1000:
                first_data = int(t)
    n = min(len(received), len(delivered))
    return [(received[i], (delivered[i] - received[i]) / 1e3) for i in range(n)], first_data


def main(paths):
    if not paths:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    for path in paths:
        pairs, t0 = read(path)
        if len(pairs) < 100 or t0 is None:
            print(f"{path}: too few ACKs or no data segment logged")
            continue
        d = [x for _, x in pairs]
        q = statistics.quantiles(d, n=100)
        early = [x for t, x in pairs if 0 <= t - t0 < 150e6]
        first = [x for t, x in pairs if 0 <= t - t0 < 10e6]
        line = (f"{path}: {len(d)} ACKs, delay us p50 {q[49]:.0f} p90 {q[89]:.0f} p99 {q[98]:.0f} max {max(d):.0f},"
                f" over 1 ms {sum(x > 1000 for x in d) / len(d):.3f}")
        if len(early) > 100:
            qe = statistics.quantiles(early, n=100)
            line += f"; first 150 ms p50 {qe[49]:.0f} p99 {qe[98]:.0f} max {max(early):.0f}"
        if first:
            line += f"; first 10 ms median {statistics.median(first):.0f} max {max(first):.0f} ({len(first)} ACKs)"
        print(line)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
