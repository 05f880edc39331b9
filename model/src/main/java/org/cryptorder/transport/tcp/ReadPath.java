package org.cryptorder.transport.tcp;

/**
 * How a receiver's application reads and the receive-buffer rules of its kernel.
 *
 * @param readBytes octets each {@code read()} of the application asks for: iperf3 -s reads its TCP
 *     block, 128 KiB by default ({@code DEFAULT_TCP_BLKSIZE}); 0 for no application model (in-order
 *     data is read the moment it arrives and the window is {@link TcpConfig#receiveWindowBytes}
 *     from the first segment)
 * @param copyCyclesPerByte CPU cycles per octet the read copies to user space ({@code
 *     skb_copy_datagram_iter}), from the CPU profile
 * @param ghz the CPU's clock, to turn cycles into ns
 * @param rmemDefault {@code tcp_rmem[1]}: the socket's first {@code sk_rcvbuf}, octets
 * @param rmemMax {@code tcp_rmem[2]}: how far receive-buffer autotuning may grow it, octets; 6 MiB,
 *     32 MiB from Linux 6.16 (commit 572be9bf9d0d), which also makes the window scale 10, not 7
 * @param defaultScalingRatio {@code TCP_DEFAULT_SCALING_RATIO}, of 256: 64 when it came in Linux 6.5
 *     (commit dfa2f0483360), 128 from 6.10 (commit 697a6c8cec03); before 6.5 the fixed share of
 *     {@code tcp_adv_win_scale} 1, 128 ({@link Drs#ADV_WIN_SCALE})
 * @param drs how receive-buffer autotuning sizes the buffer ({@link Drs})
 * @param ackDeferred whether an ACK decided while the socket is owned waits for {@code
 *     tcp_release_cb} ({@code TCP_ACK_DEFERRED}, {@code tcp_backlog_ack_defer}), from Linux 6.7
 *     (commit 133c4c0d3717)
 * @param rcvRtt how {@code tcp_rcv_rtt_update} keeps the receiver's RTT estimate ({@link RcvRtt}),
 *     which times autotuning and SACK compression also when no application is modelled
 * @param inqAware whether {@code tcp_rcv_space_adjust} takes what is still queued off what was
 *     copied (commit ea33537d8292)
 * @param passiveTsSpace whether a passive open with timestamps takes them off {@code advmss} before
 *     {@code tcp_init_buffer_space} (commit cd171461b90a: {@code window_clamp} 64,088 and {@code
 *     rcvq_space.space} 14,480 at an MSS of 1,448; before it 64,076 and 14,600)
 *
 * <p>Built by name with a {@link Builder} ({@link #builder()}, {@link #toBuilder()}); which kernel
 * has which rule is {@code experiment.records.KernelRules}' to say.
 */
public record ReadPath(long readBytes, double copyCyclesPerByte, double ghz, long rmemDefault, long rmemMax,
                       int defaultScalingRatio, Drs drs, boolean ackDeferred, RcvRtt rcvRtt, boolean inqAware,
                       boolean passiveTsSpace) {

    /**
     * {@code tcp_rcv_rtt_update} and the timestamp samples fed to it, by kernel. Linux 6.16 changed
     * them (commits d59fc95be9d0, b879dcb1aeec, a00f135cd986); the first two, with ea33537d8292 and
     * cd171461b90a, went to the stable trees in June 2025 (6.12.35, 6.15.4, 6.1.142, 5.10 and 5.4 by
     * their stable-review mails of 2025-06-23; 6.6.y not checked, read as mainline 6.6).
     */
    public enum RcvRtt {
        /**
         * Before: timestamp samples smoothed (new = old + sample - old / 8), a sample of 0 ticks
         * counted as 1; window-based samples only lower it.
         */
        EWMA,
        /**
         * d59fc95be9d0 and b879dcb1aeec: a sample lower than the estimate replaces it, a higher one is
         * smoothed in (timestamps) or dropped (window-based); samples of 0 ticks are dropped.
         */
        MIN,
        /** Linux 6.16 on, a00f135cd986 too: a higher timestamp sample is dropped while data is unread. */
        MIN_IDLE_QUEUE
    }

    /** The same with the receiver's RTT kept by {@code rule}. */
    public ReadPath withRcvRtt(RcvRtt rule) {
        return toBuilder().rcvRtt(rule).build();
    }

    /** A builder starting from {@link #INSTANT}: no application, Linux 6.18's rules. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this read path. */
    public Builder toBuilder() {
        return new Builder().reader(readBytes, copyCyclesPerByte, ghz).rmem(rmemDefault, rmemMax)
                .defaultScalingRatio(defaultScalingRatio).drs(drs).ackDeferred(ackDeferred).rcvRtt(rcvRtt)
                .inqAware(inqAware).passiveTsSpace(passiveTsSpace);
    }

    /** A {@link ReadPath} by name; each setter is the component of the same name. */
    public static final class Builder {
        private long readBytes;
        private double copyCyclesPerByte;
        private double ghz = 1;
        private long rmemDefault = TCP_RMEM_DEFAULT;
        private long rmemMax = TCP_RMEM_DEFAULT;
        private int defaultScalingRatio = 128;
        private Drs drs = Drs.TWICE_COPIED_AND_GROWTH;
        private boolean ackDeferred = true;
        private RcvRtt rcvRtt = RcvRtt.MIN_IDLE_QUEUE;
        private boolean inqAware = true;
        private boolean passiveTsSpace = true;

        private Builder() {
        }

        /** The application: {@code readBytes} per read, its copy's cycles per octet, the CPU's clock. */
        public Builder reader(long readBytes, double copyCyclesPerByte, double ghz) {
            this.readBytes = readBytes;
            this.copyCyclesPerByte = copyCyclesPerByte;
            this.ghz = ghz;
            return this;
        }

        /** {@code tcp_rmem[1]} and {@code tcp_rmem[2]}, octets. */
        public Builder rmem(long rmemDefault, long rmemMax) {
            this.rmemDefault = rmemDefault;
            this.rmemMax = rmemMax;
            return this;
        }

        public Builder defaultScalingRatio(int ratio) {
            this.defaultScalingRatio = ratio;
            return this;
        }

        public Builder drs(Drs rule) {
            this.drs = rule;
            return this;
        }

        public Builder ackDeferred(boolean on) {
            this.ackDeferred = on;
            return this;
        }

        public Builder rcvRtt(RcvRtt rule) {
            this.rcvRtt = rule;
            return this;
        }

        public Builder inqAware(boolean on) {
            this.inqAware = on;
            return this;
        }

        public Builder passiveTsSpace(boolean on) {
            this.passiveTsSpace = on;
            return this;
        }

        /** @throws IllegalArgumentException as the record's constructor says */
        public ReadPath build() {
            return new ReadPath(readBytes, copyCyclesPerByte, ghz, rmemDefault, rmemMax, defaultScalingRatio, drs,
                    ackDeferred, rcvRtt, inqAware, passiveTsSpace);
        }
    }

    /** {@code tcp_rcv_space_adjust}'s sizing of the buffer, by kernel version. */
    public enum Drs {
        /**
         * Linux 4.20 to 6.4: no scaling ratio; the window is a fixed share of the buffer, {@code
         * tcp_win_from_space} = space - space >> {@code tcp_adv_win_scale} (1: half); {@code rcvwin =
         * 2 copied + 16 advmss} plus twice the growth, and the buffer {@code rcvwin / advmss} times
         * {@code rcvmem}, the truesize of a full segment raised in steps of 128 until half of it holds
         * an MSS (read in 5.6.4's {@code tcp_rcv_space_adjust}).
         */
        ADV_WIN_SCALE,
        /**
         * Linux 6.5 to 6.15: {@code rcvwin = 2 copied + 16 advmss}, plus twice the growth over the last
         * RTT's; {@code rcvq_space.space = copied}.
         */
        CUSHION,
        /** Linux 6.16 and 6.17 ({@code tcp_rcvbuf_grow}, commit 65c5287892e9): {@code rcvwin = 2 copied}, no growth term. */
        TWICE_COPIED,
        /** Linux 6.18 (commit aa251c84636c): 6.16's, with the growth term back, and the out-of-order span. */
        TWICE_COPIED_AND_GROWTH
    }

    /** iperf3's default TCP block, octets. */
    public static final long IPERF3_TCP_BLOCK = SendPath.IPERF3_TCP_BLOCK;
    /** {@code tcp_rmem[1]}, 128 KiB since Linux 4.20 (commit a337531b942b). */
    public static final long TCP_RMEM_DEFAULT = 128 << 10;

    public ReadPath {
        if (readBytes < 0 || !(copyCyclesPerByte >= 0) || !(ghz > 0) || rmemDefault <= 0 || rmemMax < rmemDefault
                || defaultScalingRatio <= 0 || defaultScalingRatio > 255 || drs == null || rcvRtt == null) {
            throw new IllegalArgumentException("bad read path: readBytes=" + readBytes + " copyCyclesPerByte="
                    + copyCyclesPerByte + " ghz=" + ghz + " rmem=" + rmemDefault + "/" + rmemMax);
        }
    }

    /**
     * No application model: in-order data is read as it arrives, the window is fixed; the receiver's
     * RTT is kept by 6.16's rules ({@link #withRcvRtt} gives another kernel's).
     */
    public static final ReadPath INSTANT = builder().build();

    /** {@code rcv_wscale} of a passive open: {@code ilog2(tcp_rmem[2]) - 15} ({@code tcp_select_initial_window}). */
    public int windowScale() {
        int log = 63 - Long.numberOfLeadingZeros(rmemMax);
        return Math.max(0, Math.min(14, log - 15));
    }

    /** Whether the application's reads are modelled. */
    public boolean modelled() {
        return readBytes > 0;
    }

    /** CPU time to copy {@code n} octets to user space, ns. */
    public double copyNs(long n) {
        return n * copyCyclesPerByte / ghz;
    }
}
