package org.cryptorder.transport.tcp.receive;

import org.cryptorder.engine.LazyTimer;
import org.cryptorder.engine.Time;
import org.cryptorder.transport.tcp.AckPolicy;
import org.cryptorder.transport.tcp.SegmentOutput;
import org.cryptorder.transport.tcp.TcpClock;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * When a receiver sends its ACKs: Linux's {@code icsk_ack} state and the SACK compression of
 * {@code tcp_sock}, with the delayed-ACK timer and the compressed-ACK timer as one reusable event
 * each.
 *
 * <p>It follows {@code __tcp_ack_snd_check} ({@code net/ipv4/tcp_input.c}): an ACK goes at once if
 * more than one full segment arrived since the last ACK, in quick-ACK mode, or when a state change
 * requires it (a hole filled); otherwise, with nothing out of order, the delayed-ACK timer
 * ({@code tcp_send_delayed_ack}, {@code tcp_delack_timer_handler}); with data out of order, the
 * first three ACKs for one RCV.NXT go at once (TCP_FASTRETRANS_THRESH) and later ones are held
 * back, up to {@code tcp_comp_sack_nr} of them, for 5 % of the receiver's RTT estimate at most
 * {@code tcp_comp_sack_delay_ns} (plus the timer's slack). Quick-ACK mode ({@code tcp_incr_quickack},
 * {@code tcp_enter_quickack_mode}, {@code tcp_dec_quickack_mode}) covers the first ACKs and the
 * ACKs after a duplicate; the ACK timeout {@code ato} adapts to the inter-arrival time
 * ({@code tcp_event_data_recv}). Pingpong (interactive) mode is never entered: the flow is bulk.
 */
final class DelayedAck {

    /** What the delayed-ACK machinery needs from its receiver. */
    interface Receiver {
        /** Builds and sends an ACK now ({@code tcp_send_ack}). */
        void sendAck();

        /** The current receive window, octets ({@code tp->rcv_wnd}). */
        long rcvWnd();

        /** The receiver's estimate of the sender's MSS ({@code icsk_ack.rcv_mss}). */
        int rcvMss();

        /** RCV.NXT. */
        long rcvNxt();

        /** Octets received since the last ACK (RCV.NXT - RCV.WUP). */
        long unackedBytes();

        /** 8 x the receiver's RTT estimate, ns ({@code rcv_rtt_est.rtt_us}); 0 if none. */
        long rcvRtt8Ns();

        /**
         * {@code __tcp_ack_snd_check}'s window test: nothing unread, or the window offered now would
         * not be smaller than the last ({@code __tcp_select_window >= rcv_wnd}).
         */
        default boolean windowAdvances() {
            return true;
        }

        /** The immediate ACK of {@code __tcp_ack_snd_check} (which the receiver may defer). */
        default void sendAckNow() {
            sendAck();
        }
    }

    private static final int FASTRETRANS_THRESH = 3;

    private final TcpClock clock;
    private final AckPolicy policy;
    private final Receiver receiver;
    private final long atoMin;
    private final long delackMax;
    private final long rtoJiffies;
    private final LazyTimer delackTimer;
    /** Where the timers were armed last, and so fire ({@code __mod_timer}, {@code hrtimer_start} on this CPU). */
    private final SegmentOutput context;
    private Object delackArmedOn;
    private Object compressArmedOn;
    private final Event compressTimer;

    private int quick;
    private long ato;
    private boolean scheduled;
    private boolean timerPending;
    private boolean now;
    private long lrcvtime;
    private long timeoutJiffy;
    private int compressedAck;
    private long compressedAckRcvNxt = -1;
    private int dupAckCounter;
    private boolean compressArmed;

    private long delayedAcks;
    private long compressedAcks;

    /**
     * @param rtoNs the receiver's retransmission timeout ({@code icsk_rto}): it caps the ACK
     *     timeout, and a silence longer than it restarts quick ACKs
     */
    DelayedAck(Simulator sim, TcpClock clock, AckPolicy policy, long rtoNs, Receiver receiver, SegmentOutput context) {
        this.context = context;
        this.clock = clock;
        this.policy = policy;
        this.receiver = receiver;
        this.atoMin = Math.max(1, clock.toJiffies(policy.delackMinNs()));
        this.delackMax = Math.max(1, clock.toJiffies(policy.delackMaxNs()));
        this.rtoJiffies = clock.toJiffies(rtoNs);
        this.delackTimer = new DelackExpired(sim);
        this.compressTimer = new CompressedAckExpired(sim);
    }

    /** ACKs sent by the delayed-ACK timer ({@code DelayedACKs}). */
    long delayedAcks() {
        return delayedAcks;
    }

    /** ACKs saved by SACK compression ({@code TCPAckCompressed}). */
    long compressedAcks() {
        return compressedAcks;
    }

    boolean inQuickAckMode() {
        return quick > 0;
    }

    /** {@code inet_csk_schedule_ack}. */
    void schedule() {
        scheduled = true;
    }

    /** {@code inet_csk_ack_scheduled}. */
    boolean scheduled() {
        return scheduled;
    }

    /** {@code icsk_ack.quick |= 1} ({@code tcp_grow_window}: the grown window is announced at once). */
    void quickBit() {
        quick |= 1;
    }

    /** {@code icsk_ack.quick = 0} ({@code __tcp_select_window}: the buffer is over half full). */
    void quickOff() {
        quick = 0;
    }

    /**
     * {@code tcp_delack_timer_handler}, run from {@code tcp_release_cb} for a timer that fired on an
     * owned socket: a compressed ACK first ({@code tcp_sack_compress_send_ack}), else the delayed
     * ACK if its timer was pending and an ACK is scheduled.
     */
    void delackTimerHandler() {
        if (compressedAck > 0) {
            if (compressArmed) {
                compressTimer.cancel();
                compressArmed = false;
            }
            compressedAcks += compressedAck - 1;
            compressedAck = 0;
            receiver.sendAck();
            return;
        }
        delayedAckDue();
    }

    /**
     * The delayed-ACK part of {@code tcp_delack_timer_handler}: if the timer is pending and due (a
     * deferred run may come before it), the ACK timeout is inflated ("delayed ACK missed") and the
     * scheduled ACK sent.
     */
    private void delayedAckDue() {
        if (!timerPending) {
            return;
        }
        if (timeoutJiffy > clock.jiffies()) {
            delackTimer.setIn(Time.ns(clock.nsUntilJiffy(timeoutJiffy)));
            return;
        }
        timerPending = false;
        if (scheduled) {
            if (policy.adaptiveAto()) {
                ato = Math.min(ato << 1, rtoJiffies);
            }
            delayedAcks++;
            receiver.sendAck();
        }
    }

    /** {@code ICSK_ACK_NOW}: the next check sends at once. */
    void ackNow() {
        now = true;
    }

    /** {@code tcp_incr_quickack}. */
    private void incrQuickack(int max) {
        long mss2 = 2L * Math.max(1, receiver.rcvMss());
        int quickacks = (int) Math.min(receiver.rcvWnd() / mss2, Integer.MAX_VALUE);
        if (quickacks == 0) {
            quickacks = 2;
        }
        quickacks = Math.min(quickacks, max);
        if (quickacks > quick) {
            quick = quickacks;
        }
    }

    /** {@code tcp_enter_quickack_mode} with TCP_MAX_QUICKACKS. */
    void enterQuickack() {
        incrQuickack(policy.maxQuickAcks());
        ato = atoMin;
    }

    /** {@code tcp_event_data_recv}: in-order data arrived. */
    void dataReceived() {
        scheduled = true;
        long j = clock.jiffies();
        if (!policy.adaptiveAto()) {
            ato = atoMin;
        } else if (ato == 0) {
            incrQuickack(policy.maxQuickAcks());
            ato = atoMin;
        } else {
            long m = j - lrcvtime;
            if (m <= atoMin / 2) {
                ato = (ato >> 1) + atoMin / 2;
            } else if (m < ato) {
                ato = (ato >> 1) + m;
                if (ato > rtoJiffies) {
                    ato = rtoJiffies;
                }
            } else if (m > rtoJiffies) {
                incrQuickack(policy.maxQuickAcks());
            }
        }
        lrcvtime = j;
    }

    /** {@code tcp_ack_snd_check}: decides, after a segment, whether and when to ACK. */
    void check(boolean outOfOrderQueued) {
        if (!scheduled) {
            return;
        }
        if (receiver.unackedBytes() > receiver.rcvMss() && receiver.windowAdvances() || quick > 0 || now) {
            receiver.sendAckNow();
            return;
        }
        if (!outOfOrderQueued) {
            sendDelayed();
            return;
        }
        if (compressedAck >= policy.compSackNr()) {
            receiver.sendAck();
            return;
        }
        long rcvNxt = receiver.rcvNxt();
        if (compressedAckRcvNxt != rcvNxt) {
            compressedAckRcvNxt = rcvNxt;
            dupAckCounter = 0;
        }
        if (dupAckCounter < FASTRETRANS_THRESH) {
            dupAckCounter++;
            receiver.sendAck();
            return;
        }
        compressedAck++;
        if (compressArmed) {
            return;
        }
        long delay = Math.min(policy.compSackDelayMaxNs(), receiver.rcvRtt8Ns() / 160);
        compressArmedOn = context.armingCpu();
        compressTimer.schedule(Time.ns(delay + policy.compSackSlackNs()));
        compressArmed = true;
    }

    /** {@code tcp_send_delayed_ack}. */
    private void sendDelayed() {
        long a = ato;
        if (a > atoMin) {
            a = Math.min(a, 1_000_000_000L / 2 / clock.jiffyNs());
        }
        a = Math.min(a, delackMax);
        long j = clock.jiffies();
        long timeout = j + a;
        if (timerPending) {
            if (policy.adaptiveAto() && timeoutJiffy <= j + (a >> 2)) {
                receiver.sendAck();
                return;
            }
            if (timeout >= timeoutJiffy) {
                timeout = timeoutJiffy;
            }
        }
        scheduled = true;
        timerPending = true;
        timeoutJiffy = timeout;
        delackArmedOn = context.armingCpu();
        delackTimer.setIn(Time.ns(clock.nsUntilJiffy(timeout)));
    }

    /** {@code tcp_sack_compress_send_ack}: sends a held-back ACK now, if there is one. */
    void flushCompressed() {
        if (compressedAck == 0) {
            return;
        }
        compressedAck--;
        receiver.sendAck();
    }

    /** {@code tcp_event_ack_sent}: an ACK left. */
    void onAckSent() {
        if (compressedAck > 0) {
            compressedAcks += compressedAck;
            compressedAck = 0;
        }
        if (compressArmed) {
            compressTimer.cancel();
            compressArmed = false;
        }
        if (quick > 0) {
            int pkts = scheduled ? 1 : 0;
            if (pkts >= quick) {
                quick = 0;
                ato = atoMin;
            } else {
                quick -= pkts;
            }
        }
        scheduled = false;
        timerPending = false;
        now = false;
        delackTimer.stop();
    }

    /** The delayed-ACK timer ({@code tcp_delack_timer_handler}). */
    private final class DelackExpired extends LazyTimer {
        DelackExpired(Simulator sim) {
            super(sim);
        }

        @Override
        protected void expire() {
            context.fireOn(delackArmedOn, this::handle);
        }

        private void handle() {
            delayedAckDue();
        }
    }

    /** The compressed-ACK hrtimer ({@code tcp_compressed_ack_kick}). */
    private final class CompressedAckExpired extends Event {
        CompressedAckExpired(Simulator sim) {
            super(sim);
        }

        @Override
        public void actions() {
            context.fireOn(compressArmedOn, this::handle);
        }

        private void handle() {
            compressArmed = false;
            if (compressedAck > 0) {
                compressedAck--;
                receiver.sendAck();
            }
        }
    }
}
