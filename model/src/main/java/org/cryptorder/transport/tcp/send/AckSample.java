package org.cryptorder.transport.tcp.send;

/**
 * What one incoming ACK showed, gathered while {@link TcpAck} processes it and read by the parts it
 * calls: the {@code flag} bits of {@code tcp_ack} ({@code FLAG_*} in {@code net/ipv4/tcp_input.c}),
 * the fields of {@code struct tcp_sacktag_state} the model uses ({@code reord},
 * {@code first_sackt}, {@code last_sackt}, {@code sack_delivered}), the part of
 * {@code struct rate_sample} it needs ({@code prior_delivered}, {@code rtt_us}, and the send time
 * and end of the most recently sent segment delivered, {@code tcp_rate_skb_delivered}), and the
 * {@code rexmit} decision {@code tcp_fastretrans_alert} hands to {@code tcp_xmit_recovery}.
 *
 * <p>One instance per sender, {@link #reset} at the start of each ACK.
 */
final class AckSample {
    static final int DATA = 0x01;
    static final int WIN_UPDATE = 0x02;
    static final int DATA_ACKED = 0x04;
    static final int RETRANS_DATA_ACKED = 0x08;
    static final int DATA_SACKED = 0x20;
    static final int LOST_RETRANS = 0x80;
    static final int ORIG_SACK_ACKED = 0x200;
    static final int SND_UNA_ADVANCED = 0x400;
    static final int DSACKING_ACK = 0x800;
    static final int SET_XMIT_TIMER = 0x1000;
    static final int ACK_MAYBE_DELAYED = 0x10000;
    static final int DSACK_TLP = 0x20000;
    static final int ACKED = DATA_ACKED;
    static final int NOT_DUP = DATA | WIN_UPDATE | ACKED;
    static final int CA_ALERT = DATA_SACKED | DSACKING_ACK;
    static final int FORWARD_PROGRESS = ACKED | DATA_SACKED;

    /** What {@code tcp_xmit_recovery} is to send after the ACK ({@code REXMIT_*}). */
    enum Rexmit {
        /** Nothing beyond what {@code tcp_write_xmit} sends. */
        NONE,
        /** Segments marked lost. */
        LOST,
        /** New data (F-RTO's step 2b), then what is marked lost. */
        NEW
    }

    private int flag;
    private Rexmit rexmit = Rexmit.NONE;

    /** {@code tcp_sacktag_state.reord}: the lowest sequence found reordered, or SND.NXT. */
    long reord;
    /** {@code first_sackt}: send time of the first never-retransmitted segment newly SACKed, or -1. */
    long firstSacktNs;
    /** {@code last_sackt}: send time of the last such segment, or -1. */
    long lastSacktNs;
    /** {@code sack_delivered}: segments newly SACKed or D-SACKed. */
    int sackDelivered;
    /** Whether a delivered segment carried a rate sample ({@code rs->prior_delivered} is set). */
    boolean rateValid;
    /** {@code rs->prior_delivered}: the delivered count when that segment was sent. */
    long priorDelivered;
    /** Send time of the most recently sent segment delivered, ns. */
    long lastXmitNs;
    /** End sequence of that segment. */
    long lastEnd;
    /** {@code rs->rtt_us}: the ACK's RTT sample for congestion control, ns, or -1. */
    long rttNs;

    /** A new ACK: no flags, nothing delivered, {@code reord} at {@code sndNxt}. */
    void reset(long sndNxt) {
        flag = 0;
        rexmit = Rexmit.NONE;
        reord = sndNxt;
        firstSacktNs = -1;
        lastSacktNs = -1;
        sackDelivered = 0;
        rateValid = false;
        priorDelivered = 0;
        rttNs = -1;
    }

    /** The flag bits. */
    int flags() {
        return flag;
    }

    /** Whether any of {@code bits} is set. */
    boolean any(int bits) {
        return (flag & bits) != 0;
    }

    void set(int bits) {
        flag |= bits;
    }

    void clear(int bits) {
        flag &= ~bits;
    }

    Rexmit rexmit() {
        return rexmit;
    }

    void rexmit(Rexmit r) {
        rexmit = r;
    }
}
