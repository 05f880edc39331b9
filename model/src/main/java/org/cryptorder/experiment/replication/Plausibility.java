package org.cryptorder.experiment.replication;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.cryptorder.crypto.Policy;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.output.Csv;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.host.KernelVersion;
import org.cryptorder.net.RxSteering;

/**
 * Inputs the model runs but that are unlikely to be what the file means: each a notice with its
 * reason, which {@code validate} and {@code run} print as a warning without refusing the file
 * (the rules a file must keep are {@link org.cryptorder.experiment.file.ConsistencyChecks}'). What-ifs the model offers on
 * purpose, a policy given over a kernel's, stay silent unless no Linux could have run them.
 *
 * <ul>
 *   <li>UDP offered above what the link carries of its datagrams: the rest is dropped at a's TX
 *       queue before the wire, and every figure is of the link's rate;</li>
 *   <li>kernel FPU sections shorter than {@value #SHORTEST_SECTION_US} us on average;</li>
 *   <li>a kernel newer than {@value #NEWEST_KERNEL}, the newest whose rules the model was read
 *       from or measured against;</li>
 *   <li>a policy of a later kernel named over an earlier one ({@code sync-simd} before 6.16,
 *       {@code defer-softirq} before 6.15): no kernel shipped the pair;</li>
 *   <li>{@code per-frame} steering where every configuration has one RX queue: it changes nothing;</li>
 *   <li>more than one RX queue with {@code nic} steering: every MACsec frame reaches queue 0, and the
 *       others carry nothing, as on the 82599;</li>
 *   <li>{@code flow} or {@code per-frame} steering over several RX queues: a spreading no Linux does
 *       for one SA, a what-if.</li>
 * </ul>
 */
public final class Plausibility {
    /** Below this mean, us, a kernel FPU section is shorter than saving and restoring the FPU state. */
    static final double SHORTEST_SECTION_US = 1;
    /** The newest Linux the model's rules were read from or measured against (bench/linux-relay: 6.18). */
    static final String NEWEST_KERNEL = "6.18";

    private Plausibility() {
    }

    /** One notice: the dotted path it is about and why it is unlikely. */
    public record Notice(String path, String message) {
    }

    /** The notices of every configuration of {@code f}, each once, in the order first met. */
    public static List<Notice> of(ExperimentFile f) {
        List<Notice> out = new ArrayList<>();
        for (ResolvedRun r : f.configurations()) {
            for (Notice n : of(r.experiment())) {
                if (!out.contains(n)) {
                    out.add(n);
                }
            }
        }
        boolean perFrame = f.configurations().stream()
                .anyMatch(r -> r.experiment().hosts().rxSteering() == RxSteering.PER_FRAME);
        boolean oneQueue = f.configurations().stream().allMatch(r -> r.experiment().hosts().rxQueues() == 1);
        if (perFrame && oneQueue) {
            out.add(new Notice("hosts.rxSteering", "per-frame steering with one RX queue changes nothing: every"
                    + " frame reaches queue 0 whatever the steering; give hosts.rxQueues 2 or more (or sweep it) to"
                    + " spread them"));
        }
        boolean nicSpread = f.configurations().stream().anyMatch(r -> r.experiment().hosts().rxSteering() == RxSteering.NIC
                && r.experiment().hosts().rxQueues() > 1);
        if (nicSpread) {
            out.add(new Notice("hosts.rxQueues", "more than one RX queue with hosts.rxSteering nic: every MACsec frame"
                    + " (EtherType 0x88E5, no IP header for RSS to hash) reaches RX queue 0, so only its CPU decrypts"
                    + " and the other queues carry nothing, as on the 82599; hosts.rxSteering flow or per-frame"
                    + " spread them as a what-if no Linux does for one SA"));
        }
        boolean hypothetical = f.configurations().stream().anyMatch(r -> r.experiment().hosts().rxSteering() != RxSteering.NIC
                && r.experiment().hosts().rxQueues() > 1);
        if (hypothetical) {
            out.add(new Notice("hosts.rxSteering", "flow and per-frame steering spread one SA's frames over RX queues,"
                    + " which neither the 82599's RSS nor RPS can do (docs/experiment-files.md): a what-if, not a"
                    + " Linux configuration"));
        }
        return out;
    }

    /** The notices of one configuration. */
    static List<Notice> of(Experiment e) {
        List<Notice> out = new ArrayList<>();
        linkRate(e, out);
        Experiment.Contention c = e.contention();
        boolean contended = c.kernelFpuBusy() > 0 || c.senderKernelFpuBusy() > 0;
        if (contended && c.meanSectionUs() < SHORTEST_SECTION_US) {
            out.add(new Notice("contention.meanSectionUs", String.format(Locale.ROOT, "a mean kernel FPU section of"
                    + " %s us (%s ns) is shorter than saving and restoring the FPU state alone (kernel_fpu_begin and"
                    + " kernel_fpu_end, a few hundred ns), and the users it stands for (dm-crypt, RAID's xor and"
                    + " syndromes, crc32c) hold the FPU for microseconds; meanSectionUs is in microseconds",
                    Csv.number(c.meanSectionUs()), Csv.number(c.meanSectionUs() * 1000))));
        }
        String kernel = e.crypto().kernel();
        if (kernel != null && !kernel.trim().startsWith("3.10") && newer(kernel)) {
            out.add(new Notice("crypto.kernel", "Linux " + kernel.trim() + " is newer than " + NEWEST_KERNEL
                    + ", the newest whose rules the model was read from or measured against: it runs "
                    + NEWEST_KERNEL + "'s rules (the 6.16+ era's crypto), which that kernel may have changed"));
        }
        Policy policy = e.crypto().policy();
        if (kernel != null && policy != null) {
            String since = policy == Policy.SYNC_SIMD ? "6.16" : policy == Policy.DEFER_SOFTIRQ ? "6.15" : null;
            if (since != null && (kernel.trim().startsWith("3.10") || !atLeast(kernel, since))) {
                out.add(new Notice("crypto.policy", policy.key() + " is the crypto path of Linux " + since + " on, and"
                        + " crypto.kernel " + kernel.trim() + " is older: no kernel shipped the pair, so the run is a"
                        + " what-if of that path on the older kernel's other rules"));
            }
        }
        return out;
    }

    /** UDP offered above what the link carries of its datagrams. */
    private static void linkRate(Experiment e, List<Notice> out) {
        if (e.wifi() != null) {
            return;
        }
        double offered = 0;
        double wire = 0;
        int first = -1;
        for (int i = 0; i < e.traffic().size(); i++) {
            if (e.traffic().get(i) instanceof Experiment.UdpTraffic u) {
                offered += u.rateMbps();
                wire += u.rateMbps() / MeasurementWarnings.Queues.payloadShare(u.packetBytes(),
                        e.macsec().overheadOctets());
                first = first < 0 ? i : first;
            }
        }
        double linkMbps = e.link().rateGbps() * 1000;
        if (first < 0 || wire <= linkMbps) {
            return;
        }
        double carried = linkMbps * offered / wire;
        out.add(new Notice("traffic." + first + ".rateMbps", "UDP payload offered at " + MeasurementWarnings.sig(offered)
                + " Mbit/s, where the " + MeasurementWarnings.sig(e.link().rateGbps()) + " Gbit/s link carries at most "
                + MeasurementWarnings.sig(carried) + " Mbit/s of these datagrams (each with its UDP, IPv4, Ethernet"
                + " and MACsec headers, preamble and gap): the rest is dropped at a's TX queue, before the wire"));
    }

    private static boolean newer(String kernel) {
        try {
            return KernelVersion.code(kernel) > KernelVersion.code(NEWEST_KERNEL);
        } catch (IllegalArgumentException ex) {
            return false;  // the consistency checks refuse it
        }
    }

    private static boolean atLeast(String kernel, String version) {
        try {
            return KernelVersion.code(kernel) >= KernelVersion.code(version);
        } catch (IllegalArgumentException ex) {
            return true;
        }
    }
}
