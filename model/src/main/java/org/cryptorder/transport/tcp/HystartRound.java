package org.cryptorder.transport.tcp;

/**
 * Where CUBIC's HyStart starts a new round ({@code bictcp_hystart_reset} when SND.UNA has passed
 * the round's {@code end_seq}, {@code net/ipv4/tcp_cubic.c}), which changed twice. A named kernel
 * version is read as its mainline release; the stable trees took both fixes later (4e1fddc98d25 as
 * far back as 4.4.294; 25c1a9ca53db in 2025, e.g. 6.1 and 6.6 stable), so the model's own Linux,
 * 6.12.117, has {@link #BEFORE_LOW_WINDOW}.
 */
public enum HystartRound {
    /**
     * Before 5.16: in {@code cubictcp_cong_avoid}, which runs after {@code pkts_acked} and only
     * when cwnd limits the sender, so a round could stretch over idle ACKs.
     */
    CONG_AVOID,
    /**
     * 5.16 to 6.13 (commit 4e1fddc98d25, "tcp_cubic: fix spurious Hystart ACK train detections for
     * not-cwnd-limited flows"): at the top of {@code hystart_update}, which {@code cubictcp_acked}
     * calls only from {@code hystart_low_window} (16) segments on, so no round starts below it.
     */
    AFTER_LOW_WINDOW,
    /**
     * 6.14 on (commit 25c1a9ca53db, "tcp_cubic: fix incorrect HyStart round start detection"): at
     * the top of {@code hystart_update}, before the low-window test, whatever cwnd is.
     */
    BEFORE_LOW_WINDOW
}
