#!/usr/bin/env python3
"""Where each held segment falls in the receiver's ACK pairs, for tcp-heavy-reordering's pattern.

For every held data segment H (every 100th data frame): the gap after it in the sender's output
(H to the next segment), and whether the receiver acknowledged the segment sent just before H
with an ACK of its own before the segment after H arrived. When it did, and the gap exceeds
RACK's reordering window (min_rtt/4, about 270 us at 500 us one way), the first SACK above H marks
H lost at once, before the previous hold's D-SACK arrives, and that undo is lost
(docs/tcp.md, "The model against it"). When it did not, the first SACK above H also
cumulatively acknowledges that segment, whose older send time becomes RACK's RTT, and H is not
yet lost.

usage: hold-phase.py relay LOG          (bench/linux-relay/run.sh --log LOG)
       hold-phase.py model DIR          (cryptorder run ... --pcap DIR: DIR/0/a-macsec0.pcap, b-macsec0.pcap)
"""
import bisect
import collections
import struct
import sys

GAP_US = 270


def relay(path):
    """(sent, arrivals, acks) from the relay's log: sender order, arrival at b, ACKs leaving b."""
    sent, arrive, acks, held, last = [], {}, [], set(), {}
    for line in open(path):
        kind, t, seq, length = line.split()
        t, seq, length = int(t), int(seq), int(length)
        if kind == 'r' and length >= 1000:
            last[seq] = len(sent)
            sent.append((t, seq))
        elif kind == 'o' and length >= 1000:
            arrive.setdefault(seq, t)
        elif kind == 'a':
            acks.append((t, seq))
        elif kind == 'h' and seq in last:
            held.add(last[seq])  # the transmission of seq that reached the relay last
    return sent, arrive, acks, sorted(held)


def pcap(path, src):
    """(time ns, seq, ack, payload length) of the IPv4/TCP packets from address src."""
    d = open(path, 'rb').read()
    off, out = 24, []
    while off < len(d):
        ts, tf, incl, _ = struct.unpack('<IIII', d[off:off + 16])
        off += 16
        pkt = d[off:off + incl]
        off += incl
        ip = pkt[14:34]
        if ip[12:16] != bytes(src):
            continue
        ihl = (ip[0] & 15) * 4
        total = struct.unpack('>H', ip[2:4])[0]
        tcp = pkt[14 + ihl:]
        payload = total - ihl - (tcp[12] >> 4) * 4
        out.append((ts * 10**9 + tf, struct.unpack('>I', tcp[4:8])[0], struct.unpack('>I', tcp[8:12])[0], payload))
    return out


def model(folder):
    a = f'{folder}/0/a-macsec0.pcap'
    b = f'{folder}/0/b-macsec0.pcap'
    sent = [(t, s) for t, s, _, n in pcap(a, [10, 0, 0, 1]) if n > 0]
    arrive = {}
    for t, s, _, n in pcap(b, [10, 0, 0, 1]):
        if n > 0:
            arrive.setdefault(s, t)
    acks = [(t, ack) for t, _, ack, _ in pcap(b, [10, 0, 0, 2])]
    return sent, arrive, acks, list(range(99, len(sent), 100))


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ('relay', 'model'):
        sys.exit(__doc__)
    sent, arrive, acks, held = (relay if sys.argv[1] == 'relay' else model)(sys.argv[2])
    times = [t for t, _ in acks]
    count = collections.Counter()
    for i in held:
        if i == 0 or i + 1 >= len(sent):
            continue
        hold, before, after = sent[i][1], sent[i - 1][1], sent[i + 1][1]
        t_before, t_after = arrive.get(before), arrive.get(after)
        if t_before is None or t_after is None:
            continue
        k = bisect.bisect_left(times, t_before)
        alone = False
        while k < len(acks) and acks[k][0] < t_after:
            if acks[k][1] == hold:
                alone = True
                break
            k += 1
        count[((sent[i + 1][0] - sent[i][0]) / 1e3 > GAP_US, alone)] += 1
    print(f"holds: {sum(count.values())}")
    for gap in (False, True):
        for alone in (False, True):
            print(f"  gap after the hold {'>' if gap else '<='} {GAP_US} us, segment before it acknowledged"
                  f" {'alone' if alone else 'with the first SACK above it'}: {count[(gap, alone)]}")
    print(f"ACKs per data segment delivered: {len(acks) / max(1, len(arrive)):.3f}")


if __name__ == '__main__':
    main()
