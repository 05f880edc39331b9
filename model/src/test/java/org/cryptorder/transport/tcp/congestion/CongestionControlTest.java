package org.cryptorder.transport.tcp.congestion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.cryptorder.transport.ManualClock;
import org.cryptorder.transport.tcp.TcpClock;
import org.cryptorder.transport.tcp.TcpTimers;
import org.junit.jupiter.api.Test;

/** CUBIC and Reno against their closed forms, driven by hand. */
class CongestionControlTest {
    final ManualClock sim = new ManualClock();
    final TcpClock clock = new TcpClock(sim, TcpTimers.linux());
    /** The sender the algorithm under test sees; a test puts its window in the state it needs. */
    final ScriptedSender ctx = new ScriptedSender(clock, new CongestionWindow(10));

    @Test
    void cubicBetaAndFastConvergence() {
        CubicCongestionControl c = new CubicCongestionControl(ctx, false);
        ctx.w = new CongestionWindow(100);
        assertThat(c.ssthresh()).as("100 x 717/1024").isEqualTo(70);
        assertThat(c.lastMaxCwnd()).isEqualTo(100);
        ctx.w = new CongestionWindow(80);
        assertThat(c.ssthresh()).as("80 x 717/1024").isEqualTo(56);
        assertThat(c.lastMaxCwnd()).as("fast convergence: 80 x (1024+717)/2048").isEqualTo(68);
        ctx.w = new CongestionWindow(1);
        assertThat(c.ssthresh()).isEqualTo(2);
    }

    /**
     * After a loss at W_max = 100 the window follows W(t) = C (t - K)^3 + W_max with C = 0.4
     * (410/1024 in Linux's units) and K = cbrt(W_max (1 - beta) / C) = cbrt(30 / 0.4004) = 4.217 s.
     * Each update aims one RTT ahead (Linux adds the minimum delay to t) and the window gets there
     * by the end of that RTT, so at time s it is W(s). With a 200 ms RTT the Reno-friendly
     * estimate stays below the cubic curve. Tolerance 2 segments: Linux truncates the cubic term
     * of the integer target (up to 1 segment above W) and cwnd moves in whole segments.
     */
    @Test
    void cubicFollowsTheCubicCurve() {
        CubicCongestionControl c = new CubicCongestionControl(ctx, false);
        long rtt = 200_000_000L;
        ctx.w = new CongestionWindow(100);
        int ssthresh = c.ssthresh();
        ctx.w = new CongestionWindow(ssthresh, ssthresh);
        c.pktsAcked(1, rtt);
        sim.setNs(2_000_000_000L);
        long lossNs = (long) sim.time();
        double kSeconds = Math.cbrt(30 / (410.0 / 1024));
        double[] checkAt = {1.0, 2.0, 3.0, 4.0, 5.0, 6.0};
        int k = 0;
        for (long t = lossNs; t <= lossNs + 6_000_000_000L; t += rtt) {
            sim.setNs(t);
            double s = (t - lossNs) / 1e9;
            if (k < checkAt.length && Math.abs(s - checkAt[k]) < 1e-9) {
                double expected = 0.4004 * Math.pow(s - kSeconds, 3) + 100;
                assertThat((double) ctx.w.cwnd()).as("cwnd at %.1f s", s).isCloseTo(expected, within(2.0));
                k++;
            }
            c.congAvoid(ctx.w.cwnd());
        }
        assertThat(c.k()).as("K in 1/1024 s").isCloseTo(Math.round(kSeconds * 1024), within(2L));
        assertThat(k).isEqualTo(checkAt.length);
    }

    @Test
    void cubicSlowStartThenUndoRestoresCwndOnly() {
        CubicCongestionControl c = new CubicCongestionControl(ctx, false);
        ctx.w = new CongestionWindow(10);
        c.congAvoid(10);
        assertThat(ctx.w.cwnd()).as("slow start: +1 per segment ACKed").isEqualTo(20);
        ctx.w.startReduction(c.ssthresh());
        ctx.w.endReduction();
        assertThat(ctx.w.priorCwnd()).isEqualTo(20);
        assertThat(ctx.w.cwnd()).as("20 x 717/1024").isEqualTo(14);
        assertThat(c.undoCwnd()).isEqualTo(20);
    }

    @Test
    void renoHalvesAndAddsOneSegmentPerWindow() {
        RenoCongestionControl r = new RenoCongestionControl(ctx);
        ctx.w = new CongestionWindow(40);
        assertThat(r.ssthresh()).isEqualTo(20);
        ctx.w = new CongestionWindow(20, 20);
        for (int rttCount = 0; rttCount < 10; rttCount++) {
            int acks = ctx.w.cwnd();
            for (int i = 0; i < acks; i++) {
                r.congAvoid(1);
            }
        }
        assertThat(ctx.w.cwnd()).isEqualTo(30);
        ctx.w = new CongestionWindow(3);
        assertThat(r.ssthresh()).isEqualTo(2);
    }
}
