package org.cryptorder.transport.tcp;

import java.util.function.Consumer;

/**
 * The parameters of one TCP connection, shared by its sender and its receiver (each reads what
 * concerns it). Sizes in octets, durations in ns.
 *
 * <p>Connections start established: no handshake is modelled. What the handshake would have
 * agreed is given here: the MSS, the window scale, SACK and timestamps (always on), the initial
 * sequence numbers.
 *
 * @param mode Linux 6.x or textbook (ns-3) behaviour, see {@link TcpMode}
 * @param mss payload per segment; {@link org.cryptorder.transport.wire.Ipv4TcpHeader#mssForLinkMtu} gives 1416 for MTU 1500
 *     over MACsec
 * @param congestionControl CUBIC (default) or Reno
 * @param hystart CUBIC's HyStart (ACK train and delay detection), on by default as in Linux
 * @param hystartRound where HyStart starts its rounds, by kernel version ({@link HystartRound});
 *     6.14's rule by default
 * @param initialCwnd TCP_INIT_CWND, 10 segments
 * @param sendBufferBytes most unacknowledged octets the sender holds ({@code tcp_wmem[2]}, 4 MiB):
 *     without an application model the application always fills it; on a host with iperf3's writes
 *     modelled, {@code SendBuffer} autotunes the socket's buffer up to the same 4 MiB of truesize
 * @param receiveWindowBytes the receiver's buffer for data not yet delivered in order: the window
 *     it advertises when its out-of-order queue is empty (no receive-buffer auto-tuning: the
 *     window is this from the first segment), 3 MiB by default (about half of {@code tcp_rmem[2]})
 * @param windowScale the window scale agreed at the handshake, 7 by default
 * @param byteLimit octets the application sends in all (iperf3 {@code -n}); 0 for no limit
 * @param senderIsn the data sender's initial sequence number
 * @param receiverIsn the receiver's initial sequence number (it sends no data)
 * @param tsOffset added to both ends' timestamp clocks on the wire ({@code tp->tsoffset})
 * @param gsoMaxBytes {@code sk_gso_max_size}, used by HyStart's ACK-delay allowance: 65,215 octets
 *     ({@link Gso#SK_GSO_MAX_BYTES}; the socket has it whether or not the device does GSO, since
 *     TCP's GSO is always on), 65,536 before Linux 5.19
 * @param gso how many MSS segments one skb may cover ({@link Gso}): Linux's rules in Linux mode,
 *     {@link Gso#OFF} in textbook mode (ns-3 sends one segment per packet)
 * @param timers clocks and timer bounds
 * @param recovery loss detection and undo features
 * @param acks the receiver's ACK policy
 * @param pacing whether TCP paces the sender itself ({@link TcpPacing}); none by default
 */
public record TcpConfig(TcpMode mode, int mss, CongestionControlKind congestionControl,
        boolean hystart, HystartRound hystartRound, int initialCwnd, long sendBufferBytes, long receiveWindowBytes,
        int windowScale, long byteLimit, int senderIsn, int receiverIsn, int tsOffset,
        long gsoMaxBytes, Gso gso, TcpTimers timers, RecoveryFeatures recovery, AckPolicy acks,
        TcpPacing pacing) {

    /** Default maximum receive window, octets. */
    public static final long DEFAULT_RECEIVE_WINDOW = 3L << 20;
    /** Default send buffer, octets. */
    public static final long DEFAULT_SEND_BUFFER = 4L << 20;

    public TcpConfig {
        if (mss < 64 || mss > 65_000 || initialCwnd < 1 || sendBufferBytes < mss
                || receiveWindowBytes < mss || windowScale < 0 || windowScale > 14 || byteLimit < 0
                || gsoMaxBytes <= 0) {
            throw new IllegalArgumentException("bad TCP parameters: mss=" + mss + " initialCwnd="
                    + initialCwnd + " sendBuffer=" + sendBufferBytes + " receiveWindow="
                    + receiveWindowBytes + " windowScale=" + windowScale + " byteLimit=" + byteLimit);
        }
        if (receiveWindowBytes > (0xffffL << windowScale)) {
            throw new IllegalArgumentException("receive window " + receiveWindowBytes
                    + " does not fit the 16-bit field with window scale " + windowScale);
        }
        if (timers == null || gso == null || hystartRound == null || recovery == null || acks == null || mode == null
                || congestionControl == null || pacing == null) {
            throw new IllegalArgumentException("null part in TCP parameters");
        }
    }

    /** Linux 6.12 defaults with CUBIC. */
    public static TcpConfig linux(int mss) {
        return withSizesOfBoth(TcpMode.LINUX, mss, Gso.LINUX, TcpTimers.linux(), RecoveryFeatures.linux(),
                AckPolicy.linux());
    }

    /**
     * ns-3's TCP (CUBIC with HyStart, as ns-3's TcpCubic defaults; PRR, SACK, DupThresh 3) with the
     * same sizes as {@link #linux}. HyStart is Linux's variant here, not ns-3's own port of it.
     */
    public static TcpConfig textbook(int mss) {
        return withSizesOfBoth(TcpMode.TEXTBOOK, mss, Gso.OFF, TcpTimers.textbook(), RecoveryFeatures.textbook(),
                AckPolicy.textbook());
    }

    /**
     * What {@link #linux} and {@link #textbook} share (CUBIC with HyStart, initial window 10, the
     * buffer and window sizes, no pacing), with the parts of {@code mode} that tell them apart.
     */
    private static TcpConfig withSizesOfBoth(TcpMode mode, int mss, Gso gso, TcpTimers timers,
                                             RecoveryFeatures recovery, AckPolicy acks) {
        return new TcpConfig(mode, mss, CongestionControlKind.CUBIC, true,
                HystartRound.BEFORE_LOW_WINDOW, 10,
                DEFAULT_SEND_BUFFER, DEFAULT_RECEIVE_WINDOW, 7, 0, 0x1000_0000, 0x7000_0000, 0x100,
                Gso.SK_GSO_MAX_BYTES, gso, timers, recovery, acks, TcpPacing.NONE);
    }

    /** Defaults of {@code mode}. */
    public static TcpConfig of(TcpMode mode, int mss) {
        return mode == TcpMode.LINUX ? linux(mss) : textbook(mss);
    }

    public TcpConfig withCongestionControl(CongestionControlKind cc) {
        return copy(c -> c.congestionControl = cc);
    }

    public TcpConfig withByteLimit(long bytes) {
        return copy(c -> c.byteLimit = bytes);
    }

    public TcpConfig withTimers(TcpTimers t) {
        return copy(c -> c.timers = t);
    }

    public TcpConfig withGso(Gso g) {
        return copy(c -> c.gso = g);
    }

    public TcpConfig withHystartRound(HystartRound r) {
        return copy(c -> c.hystartRound = r);
    }

    public TcpConfig withGsoMaxBytes(long bytes) {
        return copy(c -> c.gsoMaxBytes = bytes);
    }

    public TcpConfig withAcks(AckPolicy a) {
        return copy(c -> c.acks = a);
    }

    public TcpConfig withPacing(TcpPacing p) {
        return copy(c -> c.pacing = p);
    }

    /** The same with window scale {@code ws} agreed at the handshake. */
    public TcpConfig withWindowScale(int ws) {
        return copy(c -> c.windowScale = ws);
    }

    public TcpConfig withRecovery(RecoveryFeatures r) {
        return copy(c -> c.recovery = r);
    }

    /** This configuration with what {@code change} sets on a copy of its components. */
    private TcpConfig copy(Consumer<Components> change) {
        Components c = new Components(this);
        change.accept(c);
        return new TcpConfig(c.mode, c.mss, c.congestionControl, c.hystart, c.hystartRound, c.initialCwnd,
                c.sendBufferBytes, c.receiveWindowBytes, c.windowScale, c.byteLimit, c.senderIsn,
                c.receiverIsn, c.tsOffset, c.gsoMaxBytes, c.gso, c.timers, c.recovery, c.acks, c.pacing);
    }

    /** The components of a {@link TcpConfig}, to be changed before the copy is made. */
    private static final class Components {
        TcpMode mode;
        int mss;
        CongestionControlKind congestionControl;
        boolean hystart;
        HystartRound hystartRound;
        int initialCwnd;
        long sendBufferBytes;
        long receiveWindowBytes;
        int windowScale;
        long byteLimit;
        int senderIsn;
        int receiverIsn;
        int tsOffset;
        long gsoMaxBytes;
        Gso gso;
        TcpTimers timers;
        RecoveryFeatures recovery;
        AckPolicy acks;
        TcpPacing pacing;

        Components(TcpConfig t) {
            mode = t.mode;
            mss = t.mss;
            congestionControl = t.congestionControl;
            hystart = t.hystart;
            hystartRound = t.hystartRound;
            initialCwnd = t.initialCwnd;
            sendBufferBytes = t.sendBufferBytes;
            receiveWindowBytes = t.receiveWindowBytes;
            windowScale = t.windowScale;
            byteLimit = t.byteLimit;
            senderIsn = t.senderIsn;
            receiverIsn = t.receiverIsn;
            tsOffset = t.tsOffset;
            gsoMaxBytes = t.gsoMaxBytes;
            gso = t.gso;
            timers = t.timers;
            recovery = t.recovery;
            acks = t.acks;
            pacing = t.pacing;
        }
    }
}
