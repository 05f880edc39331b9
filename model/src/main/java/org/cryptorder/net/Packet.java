package org.cryptorder.net;

import org.cryptorder.crypto.CryptoApi;
import org.cryptorder.host.Cpu;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.macsec.RxVerdict;
import org.cryptorder.macsec.TxVerdict;

/**
 * One frame travelling through the simulated network: its real bytes (a {@link MacsecFrame}) and
 * the bookkeeping the simulation keeps beside them (an id for traces, the flow it belongs to, when
 * it was created). Endpoints read their own headers from the bytes; nothing here is trusted by
 * the receiver.
 */
public final class Packet {
    private final long id;
    private final int flow;
    private final double createdAt;
    private final MacsecFrame frame;
    /** When the frame's last bit reaches the far end of the link it is on. */
    double arrivesAt;
    /** When the frame entered the ring it waits in. */
    double queuedAt;
    /**
     * Its length when the driver posted it, octets: what BQL, the clean and the NIC's packet buffer
     * count (the receiver later changes the frame's bytes in place).
     */
    int txOctets;
    /** When its last bit leaves the sending NIC (set when the NIC fetches it). */
    double leavesAt;
    /**
     * {@code skb->sender_cpu}: the CPU that sent it on the MACsec device, whose
     * {@code netdev_core_pick_tx} sets it; MACsec's copy keeps it; -1 before.
     */
    int senderCpu = -1;
    /** The frame's AEAD request between the start and the end of the work that issued it. */
    MacsecRequest request;
    /** The frame's receive verdict when it needed no crypto, or after its request completed. */
    RxVerdict verdict;
    /** The frame's transmit verdict when it needed no crypto. */
    TxVerdict txVerdict;
    /**
     * How its encryption and decryption went, for captures' comments, set when each request
     * completes (no object made per frame): the route, null before and for a frame that needed
     * none; the CPU that completed it; the wait in a worker's queue, ns, or -1.
     */
    CryptoApi.Route txRoute;
    Cpu txCpu;
    double txWaitNs;
    CryptoApi.Route rxRoute;
    Cpu rxCpu;
    double rxWaitNs;
    /** Its number in the frame trace, or -1 when not followed. */
    int traceNo = -1;
    /** When the work that carries a followed frame began on a CPU, ns (frame trace only). */
    double traceStartNs;
    private Released onRelease;
    /** The context that sent the frame, in words (explain's narration), or null. */
    private String sentBy;
    /** The stream octets the frame retransmits, from its first ({@code retransmittedEnd} past its last); -1: none. */
    private long retransmittedSeq = -1;
    private long retransmittedEnd;
    /** Why the sender retransmitted it ({@code RACK}, {@code SACK}, {@code RTO}, {@code TLP}; "" unsaid). */
    private String retransmittedWhy;
    /** Its number among the segments of the GSO skb it was cut from, from 1; 0 when not cut from one. */
    private int gsoSegment;
    /** How many segments that GSO skb was cut into; 0 when the frame was not cut from one. */
    private int gsoSegments;

    /**
     * Told once when the sending host lets go of the frame's socket buffer: at MACsec's copy for a
     * frame the SecY protects ({@code macsec_encrypt} consumes the original, so {@code tcp_wfree}
     * runs there), else when the TX clean frees it or when it is dropped.
     */
    public interface Released {
        void released(Packet p);
    }

    /** Asks to be told when the sending host lets go of this frame's socket buffer (TCP small queues). */
    public void onRelease(Released r) {
        this.onRelease = r;
    }

    /** The sending host lets go of the frame's socket buffer (a second call does nothing). */
    void release() {
        Released r = onRelease;
        if (r != null) {
            onRelease = null;
            r.released(this);
        }
    }

    /** Notes that the frame retransmits stream octets {@code [seq, end)}, for {@code why} (for captures and traces). */
    public void retransmission(long seq, long end, String why) {
        this.retransmittedSeq = seq;
        this.retransmittedEnd = end;
        this.retransmittedWhy = why;
    }

    /**
     * What the frame is a retransmission of, in words ({@code retransmission of 5792:7240 (RACK)}), or null
     * when it is none (or its sender does not say); the words are made only when asked for.
     */
    public String retransmission() {
        if (retransmittedSeq < 0) {
            return null;
        }
        return "retransmission of " + retransmittedSeq + ":" + retransmittedEnd
                + (retransmittedWhy.isEmpty() ? "" : " (" + retransmittedWhy + ")");
    }

    /** Names the context that sent the frame, for explain's narration. */
    public void sentBy(String context) {
        this.sentBy = context;
    }

    /** The context that sent the frame, in words, or null when the sender did not say. */
    public String sentBy() {
        return sentBy;
    }

    /** The frame is segment {@code i} (from 1) of the {@code n} a GSO skb was cut into ({@code skb_gso_segment}). */
    public void gso(int i, int n) {
        if (i < 1 || i > n) {
            throw new IllegalArgumentException("segment " + i + " of " + n);
        }
        this.gsoSegment = i;
        this.gsoSegments = n;
    }

    /** Its number among its GSO skb's segments, from 1; 0 when it was not cut from a GSO skb. */
    public int gsoSegment() {
        return gsoSegment;
    }

    /** How many segments its GSO skb was cut into; 0 when it was not cut from one. */
    public int gsoSegments() {
        return gsoSegments;
    }

    public Packet(long id, int flow, double createdAt, MacsecFrame frame) {
        this.id = id;
        this.flow = flow;
        this.createdAt = createdAt;
        this.frame = frame;
    }

    /** Unique per run, in order of creation; a copy made on the wire ({@link Netem} duplication) keeps its original's. */
    public long id() {
        return id;
    }

    /** The flow (for RSS hashing and per-flow accounting). */
    public int flow() {
        return flow;
    }

    public double createdAt() {
        return createdAt;
    }

    /**
     * How a frame's encryption or decryption went: its route, the CPU that completed it, and, queued
     * to a worker, how long it waited in the worker's queue.
     *
     * @param route  inline in the sending or receiving context, or queued (cryptd, padata, the offload device)
     * @param cpu    the CPU that completed it (the worker's, when queued)
     * @param waitNs how long it waited in the queue before the worker took it, ns; -1 when it did not
     *               wait in one (inline, offload)
     */
    public record Crypto(CryptoApi.Route route, String cpu, double waitNs) {
    }

    /** How its encryption went, once it completed; null before, or when it needed none. */
    public Crypto txCrypto() {
        return txRoute == null ? null : new Crypto(txRoute, txCpu.name(), txWaitNs);
    }

    /** How its decryption went, once it completed; null before, or when it needed none. */
    public Crypto rxCrypto() {
        return rxRoute == null ? null : new Crypto(rxRoute, rxCpu.name(), rxWaitNs);
    }

    public MacsecFrame frame() {
        return frame;
    }

    /** The receive verdict, once known (null before). */
    public RxVerdict verdict() {
        return verdict;
    }

    /** Octets of the frame as it is now (without FCS). */
    public int length() {
        return frame.length();
    }
}
