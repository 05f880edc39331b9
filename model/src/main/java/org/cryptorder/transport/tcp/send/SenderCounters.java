package org.cryptorder.transport.tcp.send;

/**
 * A sender's counters as lifetime totals plus a baseline taken at the last reset: the protocol
 * logic reads lifetime values where Linux does (D-SACKed segments against segments retransmitted),
 * reports read the difference.
 */
public final class SenderCounters {
    static final int SEGS_OUT = 0;
    public static final int DATA_SEGS_OUT = 1;
    static final int BYTES_ACKED = 2;
    static final int TOTAL_RETRANS = 3;
    static final int FAST_RETRANS = 4;
    static final int SLOW_START_RETRANS = 5;
    static final int DSACK_DUPS = 6;
    static final int DSACK_RECV = 7;
    static final int DSACK_OFO_RECV = 8;
    static final int REORD_SEEN = 9;
    static final int SACK_REORDER = 10;
    static final int TS_REORDER = 11;
    static final int FULL_UNDO = 12;
    static final int PARTIAL_UNDO = 13;
    static final int DSACK_UNDO = 14;
    static final int LOSS_UNDO = 15;
    static final int SPURIOUS_RTOS = 16;
    static final int TIMEOUTS = 17;
    static final int LOSS_PROBES = 18;
    static final int LOSS_PROBE_RECOVERY = 19;
    static final int SACK_RECOVERY = 20;
    static final int LOST_RETRANSMIT = 21;
    static final int LOST = 22;
    static final int BAD_SEGMENTS = 23;
    private static final int COUNT = 24;

    private final long[] life = new long[COUNT];
    private final long[] base = new long[COUNT];

    void inc(int c) {
        life[c]++;
    }

    void add(int c, long d) {
        life[c] += d;
    }

    /** Since the start. */
    long life(int c) {
        return life[c];
    }

    /** Since the last reset. */
    public long get(int c) {
        return life[c] - base[c];
    }

    void reset() {
        System.arraycopy(life, 0, base, 0, COUNT);
    }
}
