package org.cryptorder.experiment.wiring;

import java.util.Locale;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.KernelRules;
import org.cryptorder.net.FqCodel;
import org.cryptorder.net.InterruptModeration;
import org.cryptorder.net.QdiscKind;
import org.cryptorder.transport.tcp.Gso;
import org.cryptorder.transport.tcp.TcpTimers;

/**
 * The rules an experiment's hosts run under, in one line: {@code experiment.json}'s {@code
 * provenance.kernelRules}, which the report's "Kernel rules" shows. It words the fields of the
 * experiment's {@link KernelRules} with the hosts' keys that switch a rule off or choose another
 * ({@code crypto.policy}, {@code hosts.ksoftirqd}, {@code hosts.gso}, {@code hosts.rxUsecs},
 * {@code hosts.gro}, {@code hosts.qdisc}, {@code hosts.hz}).
 */
public final class KernelRulesLine {
    private KernelRulesLine() {
    }

    /**
     * The line: the version ({@link Experiment.Crypto#kernelOrDefault()}), and when {@code
     * crypto.policy} is given beside a named kernel, that only the policy is not the kernel's
     * ("kernel 6.18, policy sync-simd given; everything else Linux 6.18's"), then the crypto policy
     * (marked when {@code crypto.policy} chose it), cryptd queue and whether FPU sections hold off
     * softirqs, the softirq deferral, the scheduler's tick check, TCP's timer floor, its GSO skbs,
     * HyStart's round start and the send path, the receiver's RTT estimate, the NIC's interrupt
     * moderation, GRO, fq_codel's overlimit batch when it is the qdisc, the tick.
     */
    public static String of(Experiment e) {
        Experiment.Crypto c = e.crypto();
        Experiment.Hosts h = e.hosts();
        KernelRules r = c.rules();
        String k = r.version();
        Gso gso = DatapathBuilder.gso(e);
        InterruptModeration itr = h.interruptModeration(r);
        Locale root = Locale.ROOT;
        String version = c.kernel() == null ? "no kernel named: rules of Linux " + k
                : c.policy() == null ? "kernel " + k
                : "kernel " + k + ", policy " + c.policy().key() + " given; everything else Linux " + k + "'s";
        return version
                + ": crypto policy " + c.effectivePolicy().key() + (c.policy() != null ? " (crypto.policy)" : "")
                + ", cryptd queue " + c.cryptdQueueLength()
                + ", FPU sections hold off softirqs: " + (DatapathBuilder.fpuSectionsDisableBh(c) ? "yes" : "no")
                + ", ksoftirqd " + (h.ksoftirqd() ? h.softirqDeferral(r).name().toLowerCase(root) : "off")
                + ", scheduler tick " + h.scheduler(h.cpus(), r).sliceRule().name().toLowerCase(root)
                + ", TCP timer floor " + (r.timerFloor() == TcpTimers.TimerFloor.TWO_JIFFIES
                        ? "2 jiffies after rounding" : "2 ms before rounding")
                + ", TCP GSO " + (!gso.enabled() ? "off (one MSS per skb)"
                        : (gso.tsoRttLog() ? "on, tcp_tso_autosize with tcp_tso_rtt_log" : "on, tcp_tso_autosize by pacing rate")
                                + (gso.growSkb() ? ", tcp_grow_skb" : "")
                                + (gso.deferToAckDue() ? ", defer until the ACK is due" : ", defer after SRTT/2"))
                + ", HyStart round " + r.hystartRound().name().toLowerCase(root)
                + ", TCP skb heads " + (r.smallSkbHeads() ? "small-head cache" : "kmalloc")
                + ", backlog flush " + (r.backlogFlushReleaseCb() ? "runs tcp_release_cb" : "without tcp_release_cb")
                + ", receiver RTT " + (r.receiveFixes2025() ? "minimum" : "smoothed")
                + ", NIC moderation " + (itr.mode() == InterruptModeration.Mode.ADAPTIVE
                        ? "adaptive (" + itr.algorithm().name().toLowerCase(root) + ")"
                        : "rx-usecs " + itr.fixedUs())
                + ", GRO at macsec0 " + (h.groEnabled() ? "on" : "off")
                + (QdiscKind.of(h.qdisc()) == QdiscKind.FQ_CODEL ? ", fq_codel drop batch "
                        + FqCodel.Params.linux(e.link().mtu(), r.fqCodelOverlimit()).dropBatchSize() : "")
                + ", HZ " + h.hz();
    }
}
