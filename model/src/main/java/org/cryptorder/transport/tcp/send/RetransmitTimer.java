package org.cryptorder.transport.tcp.send;

import org.cryptorder.engine.LazyTimer;
import org.cryptorder.engine.Time;
import org.cryptorder.transport.tcp.SegmentOutput;
import org.cryptorder.transport.tcp.TcpClock;
import umontreal.ssj.simevents.Simulator;

/**
 * A TCP sender's one retransmit timer ({@code icsk_retransmit_timer}), which Linux shares between
 * the retransmission timeout, RACK's reordering timeout and the tail loss probe: {@code
 * icsk_pending} says which it is for, and setting it for one replaces the other
 * ({@code inet_csk_reset_xmit_timer}). It runs in jiffies: it is set for a whole number of ticks
 * from the current tick and fires on a tick boundary, as Linux's timer wheel does. Pushed back on
 * nearly every ACK, it is a {@link LazyTimer}. It fires on the CPU that armed it last, in
 * TIMER_SOFTIRQ there ({@code __mod_timer} moves a timer to the arming CPU).
 */
final class RetransmitTimer {

    /** What the timer is for ({@code ICSK_TIME_*}). */
    enum Kind { NONE, RETRANS, REO_TIMEOUT, LOSS_PROBE }

    /** What the sender does when the timer fires ({@code tcp_write_timer_handler}). */
    interface Handler {
        /** {@code tcp_retransmit_timer}. */
        void retransmitTimeout();

        /** {@code tcp_rack_reo_timeout}. */
        void reorderTimeout();

        /** {@code tcp_send_loss_probe}. */
        void lossProbe();
    }

    private final TcpClock clock;
    private final Handler handler;
    private final LazyTimer expiry;
    private final SegmentOutput context;
    private Kind pending = Kind.NONE;
    /** The CPU that armed the timer last: where it fires. */
    private Object armedOn;

    RetransmitTimer(Simulator sim, TcpClock clock, Handler handler, SegmentOutput context) {
        this.clock = clock;
        this.handler = handler;
        this.context = context;
        this.expiry = new Expiry(sim);
    }

    /** {@code icsk_pending}. */
    Kind pending() {
        return pending;
    }

    /** Forgets what the timer was for without stopping it, as {@code tcp_send_loss_probe} does. */
    void forget() {
        pending = Kind.NONE;
    }

    /** {@code inet_csk_reset_xmit_timer}: fire for {@code kind} after min(when, maxWhen) jiffies. */
    void reset(Kind kind, long whenJiffies, long maxWhenJiffies) {
        long when = Math.min(whenJiffies, maxWhenJiffies);
        pending = kind;
        armedOn = context.armingCpu();
        expiry.setIn(Time.ns(clock.nsUntilJiffy(clock.jiffies() + when)));
    }

    /** {@code inet_csk_clear_xmit_timer}. */
    void clear() {
        pending = Kind.NONE;
        expiry.stop();
    }

    private final class Expiry extends LazyTimer {
        Expiry(Simulator sim) {
            super(sim);
        }

        @Override
        protected void expire() {
            context.fireOn(armedOn, this::handle);
        }

        /**
         * {@code tcp_write_timer_handler}; run later from {@code tcp_release_cb} when the timer
         * fired while the application owned the socket, by which time it may have been set again
         * ({@code time_after(icsk_timeout, jiffies)}: it then waits for its new time; a timer is
         * set only while its time is ahead, as it is stopped when it expires).
         */
        private void handle() {
            if (isSet()) {
                return;
            }
            switch (pending) {
                case REO_TIMEOUT -> handler.reorderTimeout();
                case LOSS_PROBE -> handler.lossProbe();
                case RETRANS -> {
                    pending = Kind.NONE;
                    handler.retransmitTimeout();
                }
                case NONE -> { }
            }
        }
    }
}
