package org.cryptorder.experiment.records;

import static org.cryptorder.host.KernelVersion.atLeast;

import java.util.List;
import org.cryptorder.crypto.KernelEra;
import org.cryptorder.host.SliceRule;
import org.cryptorder.host.SoftirqDeferral;
import org.cryptorder.net.FqCodel;
import org.cryptorder.net.InterruptModeration;
import org.cryptorder.transport.tcp.Gso;
import org.cryptorder.transport.tcp.HystartRound;
import org.cryptorder.transport.tcp.ReadPath;
import org.cryptorder.transport.tcp.TcpTimers;

/**
 * Every rule of the model that changed between Linux versions, resolved once from one kernel
 * version ({@code crypto.kernel}, or {@link KernelEra#DEFAULT_VERSION} when none is named:
 * {@link Experiment.Crypto#rules()}). This is the one place that compares versions: the wiring
 * ({@link org.cryptorder.experiment.wiring.DatapathBuilder}), the hosts' scheduler and NIC ({@link Experiment.Hosts}) and the
 * consistency checks read these fields and ask no version themselves. {@link #TABLE} says where
 * each rule came from, and {@code docs/kernel-rules.md} is generated from it
 * ({@code KernelRulesPageTest}); {@link org.cryptorder.experiment.wiring.KernelRulesLine} words the resolved rules for
 * {@code experiment.json} and the report.
 *
 * @param version              the version the rules are read for
 * @param era                  the crypto path's era: the policy the kernel runs and cryptd's queue
 * @param fpuMaskDisablesBh    {@code kernel_fpu_begin_mask} disables BH: kernel FPU sections hold off softirqs
 * @param softirqDeferral      what an interrupt does while ksoftirqd is runnable
 * @param sliceRule            the scheduler's tick check of the running task (CFS or EEVDF)
 * @param timerFloor           how the TLP and RACK reorder timers add their 2 ms floor
 * @param gsoMaxBytes          {@code sk_gso_max_size} as HyStart's ACK-delay term sees it
 * @param tsoRttLog            {@code tcp_tso_autosize}'s min-RTT term ({@code tcp_tso_rtt_log})
 * @param growSkb              {@code tcp_grow_skb} tops up the send head
 * @param deferToAckDue        {@code tcp_tso_should_defer} waits only while the next ACK is due
 * @param hystartRound         where HyStart starts its rounds
 * @param smallSkbHeads        TCP's skb heads from the small-head cache
 * @param backlogFlushReleaseCb {@code __sk_flush_backlog} runs {@code tcp_release_cb}
 * @param ackDeferred          an ACK decided while the socket is owned waits for {@code tcp_release_cb}
 * @param receiveFixes2025     the receiver's RTT at its minimum, queued data not counted as copied,
 *                             the passive open's first buffer values (6.16 and the stable trees)
 * @param rcvRtt               how {@code tcp_rcv_rtt_update} keeps the receiver's RTT
 * @param drs                  how {@code tcp_rcv_space_adjust} sizes the receive buffer
 * @param defaultScalingRatio  the window's share of the buffer until a segment is measured, of 256
 * @param rmemMax              {@code tcp_rmem[2]}, octets
 * @param fqCodelOverlimit     what one overlimit of {@code fq_codel} drops, and whether a memory limit bounds it
 * @param itrAlgorithm         ixgbe's adaptive interrupt moderation
 * @param readerModelled       whether the model has this kernel's receive buffer (a modelled reader)
 * @param pacingModelled       whether the model has this kernel's internal pacing
 */
public record KernelRules(String version, KernelEra era, boolean fpuMaskDisablesBh, SoftirqDeferral softirqDeferral,
                          SliceRule sliceRule, TcpTimers.TimerFloor timerFloor, long gsoMaxBytes, boolean tsoRttLog,
                          boolean growSkb, boolean deferToAckDue, HystartRound hystartRound, boolean smallSkbHeads,
                          boolean backlogFlushReleaseCb, boolean ackDeferred, boolean receiveFixes2025,
                          ReadPath.RcvRtt rcvRtt, ReadPath.Drs drs, int defaultScalingRatio, long rmemMax,
                          FqCodel.OverlimitDrop fqCodelOverlimit, InterruptModeration.Algorithm itrAlgorithm,
                          boolean readerModelled, boolean pacingModelled) {

    /**
     * The rules of Linux {@code version} (a version such as "5.6", "6.12.117", or "3.10-rhel7"; an
     * era key such as "4.6-5.6" reads as its first version). A stable release not named in
     * {@link #TABLE} reads as its mainline.
     *
     * @throws IllegalArgumentException for a version before MACsec (4.6) or that cannot be read,
     *                                  as {@link KernelEra#of} says
     */
    public static KernelRules of(String version) {
        String k = version;
        KernelEra era = KernelEra.of(k);
        boolean fpuMaskDisablesBh = era.compareTo(KernelEra.V6_15) >= 0;
        SoftirqDeferral softirqDeferral = atLeast(k, 4, 9) && !atLeast(k, 6, 5)
                ? SoftirqDeferral.KSOFTIRQD_ONLY : SoftirqDeferral.INLINE_AT_IRQ_EXIT;
        SliceRule sliceRule = atLeast(k, 6, 6) ? SliceRule.EEVDF : SliceRule.CFS;
        TcpTimers.TimerFloor timerFloor = era.compareTo(KernelEra.V6_6_TO_6_14) >= 0
                ? TcpTimers.TimerFloor.TWO_MILLISECONDS : TcpTimers.TimerFloor.TWO_JIFFIES;
        long gsoMaxBytes = atLeast(k, 5, 19) ? Gso.SK_GSO_MAX_BYTES : Gso.GSO_LEGACY_MAX_SIZE;
        boolean tsoRttLog = atLeast(k, 5, 18);
        boolean growSkb = atLeast(k, 6, 10);
        boolean deferToAckDue = atLeast(k, 6, 18) || atLeast(k, 6, 12, 117) && !atLeast(k, 6, 13);
        HystartRound hystartRound = !atLeast(k, 5, 16) ? HystartRound.CONG_AVOID
                : atLeast(k, 6, 14) || atLeast(k, 6, 12, 117) && !atLeast(k, 6, 13) ? HystartRound.BEFORE_LOW_WINDOW
                : HystartRound.AFTER_LOW_WINDOW;
        boolean smallSkbHeads = atLeast(k, 6, 3);
        boolean backlogFlushReleaseCb = atLeast(k, 6, 7);
        boolean ackDeferred = atLeast(k, 6, 7);
        boolean receiveFixes2025 = atLeast(k, 6, 16) || atLeast(k, 6, 15, 4)
                || atLeast(k, 6, 12, 35) && !atLeast(k, 6, 13);
        ReadPath.RcvRtt rcvRtt = atLeast(k, 6, 16) ? ReadPath.RcvRtt.MIN_IDLE_QUEUE
                : receiveFixes2025 ? ReadPath.RcvRtt.MIN : ReadPath.RcvRtt.EWMA;
        ReadPath.Drs drs = atLeast(k, 6, 18) ? ReadPath.Drs.TWICE_COPIED_AND_GROWTH
                : atLeast(k, 6, 16) ? ReadPath.Drs.TWICE_COPIED : atLeast(k, 6, 5) ? ReadPath.Drs.CUSHION
                : ReadPath.Drs.ADV_WIN_SCALE;
        int defaultScalingRatio = atLeast(k, 6, 10) || !atLeast(k, 6, 5) ? 128 : 64;
        long rmemMax = atLeast(k, 6, 16) ? 32L << 20 : 6L << 20;
        FqCodel.OverlimitDrop fqCodelOverlimit = atLeast(k, 4, 7)
                ? FqCodel.OverlimitDrop.BATCH : FqCodel.OverlimitDrop.ONE_PACKET;
        InterruptModeration.Algorithm itrAlgorithm = k.endsWith("-rhel7") || atLeast(k, 4, 17)
                ? InterruptModeration.Algorithm.PACKET_COUNT : InterruptModeration.Algorithm.LATENCY_RANGES;
        boolean readerModelled = atLeast(k, 4, 20);
        boolean pacingModelled = atLeast(k, 5, 6);
        return new KernelRules(k, era, fpuMaskDisablesBh, softirqDeferral, sliceRule, timerFloor, gsoMaxBytes,
                tsoRttLog, growSkb, deferToAckDue, hystartRound, smallSkbHeads, backlogFlushReleaseCb, ackDeferred,
                receiveFixes2025, rcvRtt, drs, defaultScalingRatio, rmemMax, fqCodelOverlimit, itrAlgorithm,
                readerModelled, pacingModelled);
    }

    /** One versioned rule: what changes, from which kernel, by which commit, read where. */
    public record Rule(String rule, String field, String from, String commits, String source, String modelled) {
    }

    /**
     * Where each rule comes from, in the order of the record's fields. The first kernel is
     * mainline's; stable backports that the model follows are named.
     */
    public static final List<Rule> TABLE = List.of(
            new Rule("The crypto path MACsec's AEAD gets and cryptd's queue length", "era",
                    "3.10-rhel7, 4.6, 5.7, 6.6, 6.15, 6.16",
                    "ab046a5d4be4 (5.7: sync only), d3287e4038ca (6.6: revert), d02198550423 (6.15: FPU in softirq),"
                            + " 0ba6ec5b2972 (6.16: synchronous AES-GCM)",
                    "drivers/net/macsec.c macsec_alloc_tfm; crypto/simd.c; arch/x86/crypto/aesni-intel_glue.c",
                    "`crypto.policy`, KernelEra"),
            new Rule("Kernel FPU sections hold off softirqs", "fpuMaskDisablesBh", "6.15", "d02198550423",
                    "arch/x86/kernel/fpu/core.c kernel_fpu_begin_mask", "Cpu, HostSpec.fpuSectionsDisableBh"),
            new Rule("An interrupt leaves pending softirqs to a runnable ksoftirqd", "softirqDeferral",
                    "4.9 (until 6.4); 3.10, 4.6-4.8 and 6.5 on run them at once",
                    "4cd13c21b207, reverted by d15121be7485 (6.5)", "kernel/softirq.c invoke_softirq",
                    "SoftirqDeferral"),
            new Rule("The tick ends the running task's turn", "sliceRule", "6.6 (EEVDF; CFS before)", "147f3efaa241",
                    "kernel/sched/fair.c", "SliceRule"),
            new Rule("The TLP and RACK timers add their 2 ms floor before rounding to jiffies", "timerFloor", "6.6",
                    "1c2709cfff1d", "net/ipv4/tcp_output.c tcp_schedule_loss_probe", "TcpTimers.TimerFloor"),
            new Rule("sk_gso_max_size less MAX_TCP_HEADER + 1 in HyStart's ACK-delay term", "gsoMaxBytes", "5.19",
                    "not pinned here", "net/core/sock.c sk_dst_gso_max_size", "TcpConfig.gsoMaxBytes"),
            new Rule("tcp_tso_autosize's min-RTT term (tcp_tso_rtt_log)", "tsoRttLog", "5.18", "65466904b015",
                    "net/ipv4/tcp_output.c tcp_tso_autosize", "Gso"),
            new Rule("tcp_grow_skb tops up the send head", "growSkb", "6.10", "8ee602c63520",
                    "net/ipv4/tcp_output.c tcp_grow_skb", "Gso, SendBuffer.grow"),
            new Rule("tcp_tso_should_defer waits only while the next ACK is due", "deferToAckDue",
                    "6.18; 6.12.117 in 6.12's stable tree", "not pinned here (backported to 6.12.y in October 2025)",
                    "net/ipv4/tcp_output.c tcp_tso_should_defer", "Gso"),
            new Rule("Where HyStart starts its rounds", "hystartRound",
                    "5.16 (after the low-window test), 6.14 and 6.12.117 (before it)", "4e1fddc98d25, 25c1a9ca53db",
                    "net/ipv4/tcp_cubic.c bictcp_cong_avoid, bictcp_acked", "HystartRound"),
            new Rule("TCP's skb heads from the small-head cache", "smallSkbHeads", "6.3", "bf9f1baa279f",
                    "net/core/skbuff.c", "SendPath"),
            new Rule("__sk_flush_backlog runs tcp_release_cb", "backlogFlushReleaseCb", "6.7", "4505dc2a5228",
                    "net/core/sock.c __sk_flush_backlog", "SendPath"),
            new Rule("An ACK decided while the socket is owned waits for tcp_release_cb (TCP_ACK_DEFERRED)",
                    "ackDeferred", "6.7", "133c4c0d3717", "net/ipv4/tcp_input.c tcp_backlog_ack_defer", "ReadPath"),
            new Rule("The receiver's RTT at its minimum, queued data not copied, the passive open's first buffer",
                    "receiveFixes2025", "6.16; 6.12.35 and 6.15.4 in their stable trees",
                    "d59fc95be9d0, b879dcb1aeec, ea33537d8292, cd171461b90a", "net/ipv4/tcp_input.c tcp_rcv_rtt_update",
                    "ReadPath.inqAware, passiveTsSpace"),
            new Rule("How tcp_rcv_rtt_update keeps the receiver's RTT", "rcvRtt",
                    "6.16 (minimum, higher samples dropped while data is unread); the stable fixes above (minimum)",
                    "a00f135cd986", "net/ipv4/tcp_input.c", "ReadPath.RcvRtt"),
            new Rule("How tcp_rcv_space_adjust sizes the receive buffer", "drs",
                    "4.20 (tcp_adv_win_scale), 6.5 (scaling ratio), 6.16 (tcp_rcvbuf_grow), 6.18 (growth term back)",
                    "dfa2f0483360, 65c5287892e9, aa251c84636c", "net/ipv4/tcp_input.c tcp_rcv_space_adjust",
                    "ReadPath.Drs, ReceiveBuffer"),
            new Rule("TCP_DEFAULT_SCALING_RATIO", "defaultScalingRatio", "6.5 (64), 6.10 (128); before 6.5 half",
                    "dfa2f0483360, 697a6c8cec03", "include/net/tcp.h", "ReceiveBuffer"),
            new Rule("tcp_rmem[2]", "rmemMax", "6.16 (32 MiB; earlier kernels 6 MiB)", "572be9bf9d0d", "net/ipv4/tcp.c",
                    "ReadPath"),
            new Rule("An fq_codel overlimit drops a batch from the fattest bucket, under a memory limit",
                    "fqCodelOverlimit", "4.7 (64 packets, 32 MB; one packet and no memory limit before)",
                    "not pinned here (\"fq_codel: add memory limitation per queue\", \"fq_codel: add batch ability"
                            + " to fq_codel_drop()\", May 2016)",
                    "net/sched/sch_fq_codel.c fq_codel_drop, fq_codel_init", "FqCodel.OverlimitDrop"),
            new Rule("ixgbe's adaptive interrupt moderation", "itrAlgorithm",
                    "4.17 (packet counts; latency ranges before); RHEL 7.9's 3.10.0-1160 has 4.17's", "b4ded8327fea",
                    "drivers/net/ethernet/intel/ixgbe/ixgbe_main.c ixgbe_update_itr", "InterruptModeration"),
            new Rule("The receiving application's buffer rules are modelled", "readerModelled",
                    "4.20 (tcp_rmem[1] 128 KiB)", "a337531b942b", "net/ipv4/tcp.c", "`traffic[].readBytes`"),
            new Rule("TCP's internal pacing is modelled", "pacingModelled", "5.6 (HyStart's ACK train not halved)",
                    "not pinned here (Eric Dumazet's \"tcp_cubic:\" series, December 2019)",
                    "net/ipv4/tcp_cubic.c", "`traffic[].pacing`"));

    /** {@code docs/kernel-rules.md}'s table, generated from {@link #TABLE}. */
    public static String markdownTable() {
        StringBuilder b = new StringBuilder("| rule | first kernel | commits | read in | in the model |\n");
        b.append("|---|---|---|---|---|\n");
        for (Rule r : TABLE) {
            b.append("| ").append(r.rule()).append(" (`").append(r.field()).append("`) | ").append(r.from())
                    .append(" | ").append(r.commits()).append(" | ").append(r.source()).append(" | ")
                    .append(r.modelled()).append(" |\n");
        }
        return b.toString();
    }
}
