package org.cryptorder.transport;

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
 *     (commit dfa2f0483360), 128 from 6.10 (commit 697a6c8cec03)
 * @param drs how receive-buffer autotuning sizes the buffer ({@link Drs})
 * @param ackDeferred whether an ACK decided while the socket is owned waits for {@code
 *     tcp_release_cb} ({@code TCP_ACK_DEFERRED}, {@code tcp_backlog_ack_defer}), from Linux 6.7
 *     (commit 133c4c0d3717)
 */
public record ReadPath(long readBytes, double copyCyclesPerByte, double ghz, long rmemDefault, long rmemMax,
                       int defaultScalingRatio, Drs drs, boolean ackDeferred) {

    /** {@code tcp_rcv_space_adjust}'s sizing of the buffer, by kernel version. */
    public enum Drs {
        /**
         * Linux 6.5 to 6.15: {@code rcvwin = 2 copied + 16 advmss}, plus twice the growth over the last
         * RTT's; {@code rcvq_space.space = copied}.
         */
        CUSHION,
        /**
         * Linux 6.16 and 6.17 ({@code tcp_rcvbuf_grow}, commit 65c5287892e9): what is still queued is not
         * counted as copied (ea33537d8292), {@code rcvwin = 2 copied}, no growth term.
         */
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
                || defaultScalingRatio <= 0 || defaultScalingRatio > 255 || drs == null) {
            throw new IllegalArgumentException("bad read path: readBytes=" + readBytes + " copyCyclesPerByte="
                    + copyCyclesPerByte + " ghz=" + ghz + " rmem=" + rmemDefault + "/" + rmemMax);
        }
    }

    /** No application model: in-order data is read as it arrives, the window is fixed. */
    public static final ReadPath INSTANT = new ReadPath(0, 0, 1, TCP_RMEM_DEFAULT, TCP_RMEM_DEFAULT, 128,
            Drs.TWICE_COPIED_AND_GROWTH, true);

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
    double copyNs(long n) {
        return n * copyCyclesPerByte / ghz;
    }
}
