package org.cryptorder.transport.tcp;

/**
 * How big the skbs are that TCP hands down: Linux's generic segmentation offload as a sender sees
 * it ({@code net/ipv4/tcp_output.c}). One skb covers up to {@link #tsoSegs} MSS segments; the
 * MACsec device, which has no TSO, cuts it into frames in software ({@code skb_gso_segment} in
 * {@code validate_xmit_skb}), one MACsec frame and AEAD request each.
 *
 * <p>{@code tcp_tso_autosize}: {@code bytes = sk_pacing_rate >> sk_pacing_shift} (10: about 1 ms
 * of data at the pacing rate); from Linux 5.18 (commit 65466904b015, "tcp: adjust TSO packet sizes
 * based on min_rtt") also {@code + sk_gso_max_size >> (min_rtt_us >> tcp_tso_rtt_log)}, with
 * {@code tcp_tso_rtt_log} 9, so a flow whose minimum RTT is under 512 us gets the whole 64 KB;
 * then {@code min(bytes, sk_gso_max_size)}, and {@code segs = max(bytes / mss, min_tso_segs)},
 * {@code tcp_min_tso_segs} 2. {@code tcp_tso_segs} caps that by {@code sk_gso_max_segs}
 * ({@code GSO_MAX_SEGS}, 65,535: never binding here). {@code sk_gso_max_size} is the device's
 * {@code gso_ipv4_max_size} ({@code GSO_LEGACY_MAX_SIZE}, 65,536) less {@code MAX_TCP_HEADER + 1}
 * ({@code sk_dst_gso_max_size} in {@code net/core/sock.c}; before 5.19 the same subtraction was in
 * {@code tcp_tso_autosize}): {@link #SK_GSO_MAX_BYTES}, 46 segments of 1,416 octets.
 *
 * <p>{@code tcp_write_xmit} then cuts the skb it sends to {@code min(cwnd quota, tso segs)}
 * ({@code tcp_mss_split_point}), the quota being {@code tcp_cwnd_test}'s {@code min(cwnd / 2,
 * cwnd - in_flight)} ("ensure we have at least 2 GSO packets in flight"), and to the peer's window.
 *
 * <p>{@code tcp_tso_should_defer} ({@link #deferTso}), asked whenever the skb at the send head has
 * more than one segment, however little room cwnd leaves ({@code tcp_write_xmit}): when the room in
 * cwnd and the peer's window is less than a full skb and less than a third of the window
 * ({@code tcp_tso_win_divisor} 3), the head skb is the write queue's tail or does not fit whole, the
 * last skb went less than 1 ms ago, the connection is not in recovery, and the next ACK is near, TCP
 * waits for that ACK instead of sending a small skb. "Near" changed in Linux 6.18 ({@link
 * #deferToAckDue}). The head skb is the write queue's ({@code SendBuffer}): skbs of {@code size_goal}
 * octets as {@code tcp_sendmsg} built them, the rest of one partly sent, and from Linux 6.10 ({@link
 * #growSkb}) topped up from the next skb to the cwnd quota first.
 *
 * <p>Linux builds GSO skbs whatever the device's {@code gso} feature says: {@code sk_setup_caps}
 * sets {@code NETIF_F_GSO} in a TCP socket's route capabilities (commit 0a6b2a1dc2a2, "tcp: switch
 * to GSO being always on", 4.17). {@link #OFF} stands for a sender whose skbs are one MSS each.
 *
 * <p>Which kernel has which rule is {@code experiment.records.KernelRules}' to say; a sender of a kernel is
 * built by name from {@link #PACING_SIZED} or {@link #LINUX} with the {@code with} methods
 * ({@code Gso.LINUX.withGrowSkb(false)}).
 *
 * @param enabled whether skbs may cover more than one MSS ({@code hosts.gso})
 * @param tsoRttLog whether {@code tcp_tso_autosize} adds the min-RTT term (Linux 5.18 and later)
 * @param deferTso whether {@code tcp_tso_should_defer} runs
 * @param growSkb whether {@code tcp_write_xmit} tops the head skb up from the next to the cwnd quota
 *     before anything else ({@code tcp_grow_skb}, Linux 6.10 and later: commit 8ee602c63520)
 * @param deferToAckDue whether {@code tcp_tso_should_defer} sends now when the next ACK is due more
 *     than min(SRTT / 2, 1 ms) from now (Linux 6.18, "tcp: fix tcp_tso_should_defer() vs large RTT",
 *     backported to the stable trees in October 2025); before it, when the oldest unacknowledged skb
 *     left less than SRTT / 2 ago (commit 50c8339e9299)
 */
public record Gso(boolean enabled, boolean tsoRttLog, boolean deferTso, boolean growSkb, boolean deferToAckDue) {

    /** {@code GSO_LEGACY_MAX_SIZE}, octets: the device's {@code gso_ipv4_max_size} by default. */
    public static final long GSO_LEGACY_MAX_SIZE = 65_536;
    /**
     * {@code MAX_TCP_HEADER}, octets: {@code L1_CACHE_ALIGN(128 + MAX_HEADER)}, 320 on x86-64 for
     * every {@code LL_MAX_HEADER} a distribution kernel configures (32, 96, 128, with the tunnels' 48).
     */
    public static final int MAX_TCP_HEADER = 320;
    /** {@code sk_gso_max_size}, octets: {@code GSO_LEGACY_MAX_SIZE - (MAX_TCP_HEADER + 1)}. */
    public static final long SK_GSO_MAX_BYTES = GSO_LEGACY_MAX_SIZE - (MAX_TCP_HEADER + 1);
    /** {@code GSO_MAX_SEGS}: the device's {@code gso_max_segs}, so {@code sk_gso_max_segs}. */
    public static final int GSO_MAX_SEGS = 65_535;
    /** {@code net.ipv4.tcp_min_tso_segs}, the default. */
    public static final int MIN_TSO_SEGS = 2;
    /** {@code sk_pacing_shift} of a TCP socket ({@code tcp_init_sock}). */
    public static final int PACING_SHIFT = 10;
    /** {@code net.ipv4.tcp_tso_rtt_log}, the default (512 us). */
    public static final int TSO_RTT_LOG = 9;
    /** {@code net.ipv4.tcp_tso_win_divisor}, the default. */
    public static final int TSO_WIN_DIVISOR = 3;

    /** One MSS per skb: no segmentation anywhere. */
    public static final Gso OFF = new Gso(false, false, false, false, false);
    /**
     * GSO skbs as Linux before 5.18 builds them: sized by the pacing rate alone, held back by
     * {@code tcp_tso_should_defer} after SRTT / 2, no {@code tcp_grow_skb}.
     */
    public static final Gso PACING_SIZED = new Gso(true, false, true, false, false);
    /** Linux 6.18 (and 6.12.117, the model's default), as a sender builds skbs by default. */
    public static final Gso LINUX = PACING_SIZED.withTsoRttLog(true).withGrowSkb(true).withDeferToAckDue(true);

    /** The same with {@code tcp_tso_autosize}'s min-RTT term ({@code tcp_tso_rtt_log}) or without. */
    public Gso withTsoRttLog(boolean on) {
        return new Gso(enabled, on, deferTso, growSkb, deferToAckDue);
    }

    /** The same with {@code tcp_grow_skb} topping up the head skb or without. */
    public Gso withGrowSkb(boolean on) {
        return new Gso(enabled, tsoRttLog, deferTso, on, deferToAckDue);
    }

    /** The same with {@code tcp_tso_should_defer} waiting only while the next ACK is due, or after SRTT / 2. */
    public Gso withDeferToAckDue(boolean on) {
        return new Gso(enabled, tsoRttLog, deferTso, growSkb, on);
    }

    /**
     * {@code tcp_tso_autosize}: segments per skb at pacing rate {@code pacingRate} (octets per
     * second), {@code mss} octets per segment and minimum RTT {@code minRttUs} (microseconds, or a
     * negative number before any sample: Linux's {@code ~0U}, which adds nothing).
     */
    public int autosize(long pacingRate, int mss, long minRttUs) {
        if (!enabled) {
            return 1;
        }
        long bytes = pacingRate >> PACING_SHIFT;
        if (tsoRttLog && minRttUs >= 0) {
            long r = minRttUs >> TSO_RTT_LOG;
            if (r < 32) {
                bytes += SK_GSO_MAX_BYTES >> r;
            }
        }
        bytes = Math.min(bytes, SK_GSO_MAX_BYTES);
        return (int) Math.max(bytes / mss, MIN_TSO_SEGS);
    }

    /** {@code tcp_tso_segs}: {@link #autosize} capped by {@code sk_gso_max_segs}. */
    public int tsoSegs(long pacingRate, int mss, long minRttUs) {
        return Math.min(autosize(pacingRate, mss, minRttUs), GSO_MAX_SEGS);
    }

    /** {@code tcp_cwnd_test}: segments cwnd lets go now, at most half of it (at least 1). */
    public static int cwndQuota(int cwnd, int inFlight) {
        if (inFlight >= cwnd) {
            return 0;
        }
        return Math.min(Math.max(cwnd >> 1, 1), cwnd - inFlight);
    }
}
