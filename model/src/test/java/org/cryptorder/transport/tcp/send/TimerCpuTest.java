package org.cryptorder.transport.tcp.send;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.transport.tcp.SegmentOutput;
import org.cryptorder.transport.tcp.TcpClock;
import org.cryptorder.transport.tcp.TcpTimers;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Simulator;

/**
 * A TCP timer fires on the CPU that armed it last, as Linux's timer wheel runs a timer where
 * {@code __mod_timer} last put it: the retransmit timer (RTO, TLP, RACK) and the delayed ACK.
 */
class TimerCpuTest {
    /** An output whose context is a named CPU, recording where expiries run. */
    private static final class Contexts implements SegmentOutput {
        String now = "cpu0";
        final List<String> firedOn = new ArrayList<>();

        @Override
        public void transmit(byte[] buf, int off, int len) {
        }

        @Override
        public Object armingCpu() {
            return now;
        }

        @Override
        public void fireOn(Object cpu, Runnable expiry) {
            firedOn.add((String) cpu);
            expiry.run();
        }
    }

    @Test
    void theRetransmitTimerFiresWhereItWasArmedLast() {
        Simulator sim = new Simulator();
        sim.init();
        TcpTimers timers = TcpTimers.linux();
        TcpClock clock = new TcpClock(sim, timers);
        Contexts ctx = new Contexts();
        List<String> handled = new ArrayList<>();
        RetransmitTimer t = new RetransmitTimer(sim, clock, new RetransmitTimer.Handler() {
            @Override
            public void retransmitTimeout() {
                handled.add("rto on " + ctx.firedOn.get(ctx.firedOn.size() - 1));
            }

            @Override
            public void reorderTimeout() {
                handled.add("reo");
            }

            @Override
            public void lossProbe() {
                handled.add("tlp on " + ctx.firedOn.get(ctx.firedOn.size() - 1));
            }
        }, ctx);
        ctx.now = "cpu1";
        t.reset(RetransmitTimer.Kind.LOSS_PROBE, 3, 100);
        sim.start();
        assertThat(handled).containsExactly("tlp on cpu1");
        ctx.now = "cpu1";
        t.reset(RetransmitTimer.Kind.RETRANS, 5, 100);
        ctx.now = "cpu3";
        t.reset(RetransmitTimer.Kind.RETRANS, 6, 100);  // re-armed elsewhere: it moves there
        sim.start();
        assertThat(handled).containsExactly("tlp on cpu1", "rto on cpu3");
    }
}
