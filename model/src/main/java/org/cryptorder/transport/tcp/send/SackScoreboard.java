package org.cryptorder.transport.tcp.send;

/**
 * The sender's retransmission queue as Linux tags it: every segment sent and not yet cumulatively
 * ACKed, with the tag bits of {@code TCP_SKB_CB(skb)->sacked} (SACKED_ACKED "S", SACKED_RETRANS
 * "R", LOST "L", EVER_RETRANS) and the counters kept beside them: {@code packets_out},
 * {@code sacked_out}, {@code lost_out}, {@code retrans_out}, and the highest SACKed segment (FACK).
 * The valid tag combinations and their meaning are those of the comment above
 * {@code tcp_sacktag_write_queue} in {@code net/ipv4/tcp_input.c}.
 *
 * <p>Segments are numbered from 0 and are all {@code mss} long except perhaps the last one of a
 * byte-limited transfer; a retransmission resends the same segment (Linux may split or collapse
 * skbs when retransmitting, the model does not). Per segment it also keeps the time of its last
 * transmission, the timestamp it carried, and the delivered count when it was sent
 * ({@code tx.delivered}, for the rate sample). Segments are also chained in order of their last
 * transmission ({@code tp->tsorted_sent_queue}), which RACK walks.
 *
 * <p>Storage is a ring of parallel arrays, sized for the send buffer at construction; nothing is
 * allocated per segment.
 */
final class SackScoreboard {
    static final int SACKED_ACKED = 0x01;
    static final int SACKED_RETRANS = 0x02;
    static final int LOST = 0x04;
    static final int EVER_RETRANS = 0x08;
    /** TCPCB_RETRANS: retransmitted now or ever. */
    static final int RETRANS = SACKED_RETRANS | EVER_RETRANS;

    private final int mss;
    private final long byteLimit;
    private final int mask;
    private final byte[] tags;
    private final long[] xmitNs;
    private final int[] tsVal;
    private final long[] deliveredAtSend;
    private final boolean[] ratePending;
    private final int[] tsPrev;
    private final int[] tsNext;
    private final boolean[] inTsList;
    private int tsHead = -1;
    private int tsTail = -1;

    /** First segment not cumulatively ACKed. */
    private long una;
    /** Next segment never sent. */
    private long nxt;
    private int sackedOut;
    private int lostOut;
    private int retransOut;
    /** Highest SACKed segment, -1 if none since the counter was last empty. */
    private long highestSacked = -1;
    /** {@code tp->lost}: segments ever marked lost. */
    private long lostTotal;
    /** Retransmissions marked lost again ({@code TCPLostRetransmit}). */
    private long lostRetransmits;
    /** Lowest segment that may be lost and not retransmitted ({@code retransmit_skb_hint}). */
    private long retransmitHint;

    SackScoreboard(int mss, long byteLimit, long maxOutstandingBytes) {
        this.mss = mss;
        this.byteLimit = byteLimit;
        long segs = maxOutstandingBytes / mss + 2;
        int cap = Integer.highestOneBit((int) Math.min(segs, 1 << 24) - 1) << 1;
        this.mask = cap - 1;
        tags = new byte[cap];
        xmitNs = new long[cap];
        tsVal = new int[cap];
        deliveredAtSend = new long[cap];
        ratePending = new boolean[cap];
        tsPrev = new int[cap];
        tsNext = new int[cap];
        inTsList = new boolean[cap];
    }

    /** How many segments the ring holds. */
    int capacity() {
        return mask + 1;
    }

    private int idx(long n) {
        return (int) (n & mask);
    }

    long una() {
        return una;
    }

    long nxt() {
        return nxt;
    }

    /** Stream position of segment {@code n}'s first octet. */
    long seqOf(long n) {
        return n * mss;
    }

    /** Stream position just after segment {@code n}. */
    long endOf(long n) {
        long e = (n + 1) * mss;
        return byteLimit > 0 ? Math.min(e, byteLimit) : e;
    }

    int lenOf(long n) {
        return (int) (endOf(n) - seqOf(n));
    }

    /** The first segment starting at or after stream position {@code s}. */
    long firstSegAtOrAfter(long s) {
        return Math.floorDiv(s + mss - 1, mss);
    }

    /** The number of segments (from 0) ending at or before stream position {@code e}. */
    long segsEndingBy(long e) {
        if (byteLimit > 0 && e >= byteLimit) {
            return firstSegAtOrAfter(byteLimit);
        }
        return Math.floorDiv(e, mss);
    }

    int packetsOut() {
        return (int) (nxt - una);
    }

    int sackedOut() {
        return sackedOut;
    }

    int lostOut() {
        return lostOut;
    }

    int retransOut() {
        return retransOut;
    }

    /** {@code tcp_left_out}: segments that left the network, SACKed or lost. */
    int leftOut() {
        return sackedOut + lostOut;
    }

    /** {@code tcp_packets_in_flight}. */
    int inFlight() {
        return packetsOut() - leftOut() + retransOut;
    }

    long lostTotal() {
        return lostTotal;
    }

    long lostRetransmits() {
        return lostRetransmits;
    }

    int tags(long n) {
        return tags[idx(n)];
    }

    boolean has(long n, int bits) {
        return (tags[idx(n)] & bits) != 0;
    }

    long xmitNs(long n) {
        return xmitNs[idx(n)];
    }

    int tsVal(long n) {
        return tsVal[idx(n)];
    }

    /**
     * {@code tcp_highest_sack_seq}: SND.UNA if nothing is SACKed, else the end of the highest
     * SACKed segment.
     */
    long highestSackSeq() {
        if (sackedOut == 0 || highestSacked < una) {
            return seqOf(una);
        }
        return endOf(highestSacked);
    }

    /** {@code tcp_highest_sack_reset}. */
    void resetHighestSack() {
        highestSacked = -1;
    }

    long retransmitHint() {
        return Math.max(retransmitHint, una);
    }

    void retransmitHint(long n) {
        retransmitHint = n;
    }

    /** Records the first transmission of segment {@code nxt}; returns its number. */
    long sendNew(long nowNs, int ts, long delivered) {
        if (nxt - una >= capacity()) {
            throw new IllegalStateException("retransmission queue full: " + (nxt - una));
        }
        long n = nxt++;
        int i = idx(n);
        tags[i] = 0;
        inTsList[i] = false;
        stamp(n, nowNs, ts, delivered);
        return n;
    }

    /** Records a (re)transmission time ({@code tcp_update_skb_after_send}, {@code tcp_rate_skb_sent}). */
    void stamp(long n, long nowNs, int ts, long delivered) {
        int i = idx(n);
        xmitNs[i] = nowNs;
        tsVal[i] = ts;
        deliveredAtSend[i] = delivered;
        ratePending[i] = true;
        tsMoveTail(n);
    }

    long deliveredAtSend(long n) {
        return deliveredAtSend[idx(n)];
    }

    /**
     * Takes segment {@code n}'s part in the delivery rate sample once
     * ({@code tcp_rate_skb_delivered} clears {@code tx.delivered_mstamp}).
     */
    boolean takeRatePending(long n) {
        int i = idx(n);
        boolean p = ratePending[i];
        ratePending[i] = false;
        return p;
    }

    void setTags(long n, int bits) {
        tags[idx(n)] |= (byte) bits;
    }

    void clearTags(long n, int bits) {
        tags[idx(n)] &= (byte) ~bits;
    }

    void addRetransOut(int d) {
        retransOut += d;
    }

    void addLostOut(int d) {
        lostOut += d;
    }

    void addSackedOut(int d) {
        sackedOut += d;
    }

    /** Marks {@code n} SACKed and moves FACK ({@code tcp_advance_highest_sack}) if it is above it. */
    void markSacked(long n) {
        setTags(n, SACKED_ACKED);
        sackedOut++;
        if (n > highestSacked) {
            highestSacked = n;
        }
        tsRemove(n);
    }

    /** {@code tcp_mark_skb_lost}, without the retransmit hint. */
    void markLost(long n) {
        int t = tags(n);
        if ((t & SACKED_ACKED) != 0) {
            return;
        }
        if (n < retransmitHint) {
            retransmitHint = n;
        }
        if ((t & LOST) != 0) {
            if ((t & SACKED_RETRANS) != 0) {
                clearTags(n, SACKED_RETRANS);
                retransOut--;
                lostTotal++;
                lostRetransmits++;
            }
        } else {
            lostOut++;
            setTags(n, LOST);
            lostTotal++;
        }
    }

    /** Clears LOST on every segment ({@code tcp_undo_cwnd_reduction} with {@code unmark_loss}). */
    void unmarkAllLost() {
        for (long n = una; n < nxt; n++) {
            clearTags(n, LOST);
        }
        lostOut = 0;
        retransmitHint = una;
    }

    /** Drops the cumulatively ACKed segment {@code una} from the queue and its counters. */
    void removeHead() {
        long n = una;
        int t = tags(n);
        if ((t & SACKED_ACKED) != 0) {
            sackedOut--;
        }
        if ((t & SACKED_RETRANS) != 0) {
            retransOut--;
        }
        if ((t & LOST) != 0) {
            lostOut--;
        }
        tsRemove(n);
        una++;
        if (sackedOut == 0) {
            highestSacked = -1;
        }
    }

    /** {@code tcp_any_retrans_done}: retransmissions out, or the head was ever retransmitted. */
    boolean anyRetransDone() {
        return retransOut > 0 || (nxt > una && has(una, EVER_RETRANS));
    }

    // ---- tsorted_sent_queue ----

    /** The oldest-sent segment in the time-sorted list, or -1. */
    long tsFirst() {
        return tsHead < 0 ? -1 : segOfIndex(tsHead);
    }

    /** The segment sent after {@code n} in the time-sorted list, or -1. */
    long tsAfter(long n) {
        int j = tsNext[idx(n)];
        return j < 0 ? -1 : segOfIndex(j);
    }

    private long segOfIndex(int i) {
        long base = una & ~(long) mask;
        long n = base + i;
        return n < una ? n + mask + 1 : n;
    }

    void tsRemove(long n) {
        int i = idx(n);
        if (!inTsList[i]) {
            return;
        }
        int p = tsPrev[i];
        int q = tsNext[i];
        if (p >= 0) {
            tsNext[p] = q;
        } else {
            tsHead = q;
        }
        if (q >= 0) {
            tsPrev[q] = p;
        } else {
            tsTail = p;
        }
        inTsList[i] = false;
    }

    private void tsMoveTail(long n) {
        tsRemove(n);
        int i = idx(n);
        tsPrev[i] = tsTail;
        tsNext[i] = -1;
        if (tsTail >= 0) {
            tsNext[tsTail] = i;
        } else {
            tsHead = i;
        }
        tsTail = i;
        inTsList[i] = true;
    }
}
