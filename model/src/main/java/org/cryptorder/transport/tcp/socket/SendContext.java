package org.cryptorder.transport.tcp.socket;

/**
 * The context that sends a TCP segment, as Linux has them: five in softirq, five in the
 * application's task (process context, softirqs disabled while in {@code dev_queue_xmit}).
 */
public enum SendContext {
    /** {@code tcp_sendmsg}: {@code tcp_push} / {@code tcp_push_one} from the application's write. */
    SENDMSG(false, "application task on %s (tcp_sendmsg)"),
    /** An ACK taken from the backlog by {@code __release_sock} on the application's CPU. */
    BACKLOG(false, "application task on %s (an ACK from the backlog, __release_sock)"),
    /** {@code tcp_release_cb}: deferred TSQ or timer work, on the application's CPU. */
    RELEASE_CB(false, "application task on %s (tcp_release_cb)"),
    /** {@code tcp_recvmsg}: {@code tcp_cleanup_rbuf}'s ACK after the receiving application's read. */
    RECVMSG(false, "application task on %s (tcp_recvmsg)"),
    /** A data segment taken from the receiver's backlog by {@code __release_sock}, or {@code tcp_release_cb}'s ACK. */
    BACKLOG_DATA(false, "application task on %s (a data segment from the backlog, __release_sock)"),
    /** {@code tcp_v4_rcv} on an unowned socket: an ACK in softirq on the CPU that received it. */
    SOFTIRQ_ACK(true, "softirq on %s after an ACK"),
    /** The receiver's ACKs: a data segment delivered in softirq on the CPU that received it. */
    SOFTIRQ_DATA(true, "softirq on %s after a data segment"),
    /** A timer's expiry in TIMER_SOFTIRQ on the CPU that armed it. */
    TIMER(true, "timer on %s (TIMER_SOFTIRQ)"),
    /** {@code tcp_tasklet_func} / {@code tcp_tsq_handler} on the CPU that freed the skb. */
    TSQ_TASKLET(true, "TSQ tasklet on %s (tcp_tsq_handler)"),
    /** A paced socket's pacing hrtimer ({@code tcp_pace_kick}) in HRTIMER_SOFTIRQ on the CPU that armed it. */
    PACING_TIMER(true, "pacing hrtimer on %s (HRTIMER_SOFTIRQ, tcp_pace_kick)");

    private final boolean softirq;
    private final String words;

    SendContext(boolean softirq, String words) {
        this.softirq = softirq;
        this.words = words;
    }

    /** Whether segments are sent from softirq in this context (else from the application's task). */
    public boolean softirq() {
        return softirq;
    }

    /** The context in words, on the CPU named {@code cpu} (explain's narration). */
    public String describe(String cpu) {
        return String.format(java.util.Locale.ROOT, words, cpu);
    }
}
