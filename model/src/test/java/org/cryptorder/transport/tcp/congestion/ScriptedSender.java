package org.cryptorder.transport.tcp.congestion;

import org.cryptorder.transport.tcp.Gso;
import org.cryptorder.transport.tcp.TcpClock;

/**
 * A sender as its congestion control sees it, whose state a test sets by hand: the window, SND.UNA
 * and SND.NXT, the pacing rate (0 until set: none known) and {@code sk_gso_max_size}. It is
 * always cwnd-limited.
 */
final class ScriptedSender implements CongestionContext {
    private final TcpClock clock;
    CongestionWindow w;
    long sndUna;
    long sndNxt;
    long pacingRate;
    long gsoMaxBytes = Gso.SK_GSO_MAX_BYTES;

    ScriptedSender(TcpClock clock, CongestionWindow w) {
        this.clock = clock;
        this.w = w;
    }

    @Override
    public CongestionWindow window() {
        return w;
    }

    @Override
    public TcpClock clock() {
        return clock;
    }

    @Override
    public long sndUna() {
        return sndUna;
    }

    @Override
    public long sndNxt() {
        return sndNxt;
    }

    @Override
    public boolean isCwndLimited() {
        return true;
    }

    @Override
    public long pacingRate() {
        return pacingRate;
    }

    @Override
    public long gsoMaxBytes() {
        return gsoMaxBytes;
    }

    /** What {@link #slowStartEnded} was told: by train (1) or delay (0), the measured ns and the limit ns. */
    long[] slowStartEnd;

    @Override
    public void slowStartEnded(boolean train, long measuredNs, long limitNs) {
        slowStartEnd = new long[] {train ? 1 : 0, measuredNs, limitNs};
    }
}
