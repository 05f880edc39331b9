package org.cryptorder.transport.tcp.receive;

import org.cryptorder.metrics.LatencyHistogram;
import org.cryptorder.transport.tcp.RingArrays;

/**
 * When each in-order segment not yet read arrived, oldest first (a ring), and the delays from
 * arrival to the read that copied each: the figure bench/linux-relay measures as iperf3 -s's
 * arrival-to-read delay ({@code tcp_read_delay_p50_us}).
 */
final class ArrivalLog {
    private long[] end = new long[64];
    private long[] at = new long[64];
    private int head;
    private int count;
    private final LatencyHistogram delays = new LatencyHistogram();

    /** An in-order segment ending at stream offset {@code segmentEnd} arrived at {@code nowNs}. */
    void arrived(long segmentEnd, long nowNs) {
        if (count == end.length) {
            end = RingArrays.doubled(end, head);
            at = RingArrays.doubled(at, head);
            head = 0;
        }
        int i = (head + count) % end.length;
        end[i] = segmentEnd;
        at[i] = nowNs;
        count++;
    }

    /** A read copied up to {@code readTo} at {@code nowNs}: the segments it finished are delayed so long. */
    void read(long readTo, long nowNs) {
        while (count > 0 && end[head] <= readTo) {
            delays.add(nowNs - at[head]);
            head = (head + 1) % end.length;
            count--;
        }
    }

    /** The arrival-to-read delays since the last reset. */
    LatencyHistogram delays() {
        return delays;
    }
}
