package org.cryptorder.experiment.file;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.cryptorder.crypto.KernelEra;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.KernelRules;
import org.cryptorder.experiment.wiring.DatapathBuilder;
import org.cryptorder.experiment.wiring.Profiles;
import org.cryptorder.host.SectionLength;
import org.cryptorder.macsec.SecYConfig;
import org.cryptorder.net.InterruptModeration;
import org.cryptorder.net.NicProfile;
import org.cryptorder.net.QdiscKind;
import org.cryptorder.transport.udp.UdpWire;

/**
 * The rules of an experiment file that a JSON Schema does not express: a kernel version that had
 * MACsec, a warm-up shorter than the run, an MTU with room for the headers, datagrams that fit the
 * MTU, XPN's replay window, a profile that exists, an application CPU the host has, and runs of a
 * size a machine can finish.
 *
 * <p>Checked on the document with every value the schema rejected taken out (so defaults stand in
 * for it); a rule that involves such a value is skipped, so one mistake gives one message.
 */
final class ConsistencyChecks {
    /** Datagrams one run may send: about three hours of simulation at a million frames a second. */
    static final double MAX_FRAMES_PER_RUN = 1e10;
    /** Linux's smallest TCP MSS ({@code tcp_min_snd_mss}). */
    static final int TCP_MIN_MSS = 48;
    static final int IPV4_HEADER = UdpWire.IP;
    static final int TCP_HEADER = 20;
    /** The qdiscs the model has, by their {@code tc} names. */
    private static final List<String> QDISCS = Arrays.stream(QdiscKind.values()).map(QdiscKind::key).toList();

    private final ObjectMapper mapper;
    private final Profiles profiles;
    private final List<String> profileNames;

    /** One broken rule. */
    record Finding(JsonPath path, String message) {
    }

    ConsistencyChecks(ObjectMapper mapper, Profiles profiles) {
        this.mapper = mapper;
        this.profiles = profiles;
        this.profileNames = profiles.names();
    }

    /**
     * The broken rules of {@code document}, given the paths whose values the schema already
     * rejected ({@code broken}).
     */
    List<Finding> check(JsonNode document, Set<JsonPath> broken) {
        List<Finding> out = new ArrayList<>();
        Set<JsonPath> skip = new HashSet<>(broken);
        JsonNode crypto = document.path("crypto");
        JsonNode kernel = crypto.path("kernel");
        if (kernel.isTextual() && !touched(skip, path("crypto.kernel"))) {
            try {
                KernelEra.of(kernel.asText());
            } catch (IllegalArgumentException e) {
                out.add(new Finding(path("crypto.kernel"), "expected a Linux version from 4.6 on (such as \"5.10\" or"
                        + " \"6.6\") or one of " + String.join(", ", eraKeys()) + ", found " + kernel
                        + " (" + e.getMessage() + ")" + Suggestion.didYouMean(kernel.asText(), eraKeys())));
                skip.add(path("crypto.kernel"));
            }
        }
        Experiment e = bindWithout(document, skip);
        if (e == null) {
            return out;
        }
        Rules r = new Rules(skip, out);
        for (String dir : List.of("aToB", "bToA")) {
            Experiment.Impairment imp = dir.equals("aToB") ? e.link().impairments().aToB() : e.link().impairments().bToA();
            String refusal = null;
            try {
                DatapathBuilder.impairment(imp);
            } catch (IllegalArgumentException ex) {
                refusal = ex.getMessage();
            }
            String why = refusal;
            r.check(List.of("link.impairments." + dir), why == null, "link.impairments." + dir,
                    () -> "expected impairments tc netem would accept, found: " + why);
        }
        r.check(List.of("run.warmupS", "run.durationS"), e.run().warmupS() < e.run().durationS(), "run.warmupS",
                () -> "expected a warm-up shorter than run.durationS (" + num(e.run().durationS()) + " s), found "
                        + num(e.run().warmupS()) + " s");
        String baselineRefusal = null;
        try {
            Baseline.index(e.sweep(), e.run().baseline());
        } catch (IllegalArgumentException ex) {
            baselineRefusal = ex.getMessage();
        }
        String whyNotBaseline = baselineRefusal;
        r.check(List.of("run.baseline", "sweep"), whyNotBaseline == null, "run.baseline", () -> whyNotBaseline);
        int mtu = e.link().mtu();
        int overhead = e.wifi() != null ? 0 : e.macsec().overheadOctets();  // a WiFi station carries no SecTAG
        boolean mtuFits = true;
        for (Experiment.Traffic t : e.traffic()) {
            boolean udp = t instanceof Experiment.UdpTraffic;
            int l4 = udp ? UdpWire.UDP : TCP_HEADER;
            int payload = udp ? UdpWire.MIN_PAYLOAD : TCP_MIN_MSS;
            int least = IPV4_HEADER + l4 + overhead + payload;
            if (mtuFits && mtu < least) {
                mtuFits = false;
                r.check(List.of("link.mtu", "macsec.sendSci", "macsec.icvLen"), false, "link.mtu",
                        () -> String.format(Locale.ROOT, "expected at least %d octets for IPv4 (%d) + %s (%d) + MACsec"
                                        + " (%d) + %d octets of payload, found %d", least, IPV4_HEADER, udp ? "UDP" : "TCP",
                                l4, overhead, payload, mtu));
            }
        }
        for (int i = 0; i < e.traffic().size() && mtuFits; i++) {
            if (e.traffic().get(i) instanceof Experiment.UdpTraffic u) {
                int most = mtu - IPV4_HEADER - UdpWire.UDP - overhead;
                String at = "traffic." + i + ".packetBytes";
                r.check(List.of(at, "link.mtu", "macsec.sendSci", "macsec.icvLen"), u.packetBytes() <= most, at,
                        () -> String.format(Locale.ROOT, "expected at most %d octets, so that a datagram fits the"
                                + " %d-octet MTU with IPv4 (%d), UDP (%d)%s headers (IP fragmentation is"
                                + " not modelled), found %d", most, mtu, IPV4_HEADER, UdpWire.UDP,
                                e.wifi() != null ? "" : " and MACsec (" + overhead + ")", u.packetBytes()));
                double frames = u.rateMbps() * 1e6 / 8 / u.packetBytes() * e.run().durationS();
                String rate = "traffic." + i + ".rateMbps";
                r.check(List.of(rate, at, "run.durationS"), frames <= MAX_FRAMES_PER_RUN, rate,
                        () -> String.format(Locale.ROOT, "expected a run of at most %.0e datagrams, found %s Mbit/s of"
                                + " %d-octet datagrams for %s s: about %.1e datagrams", MAX_FRAMES_PER_RUN,
                                num(u.rateMbps()), u.packetBytes(), num(e.run().durationS()), frames));
            }
        }
        r.check(List.of("macsec.replayWindow", "macsec.cipherSuite"),
                !e.macsec().cipherSuite().xpn() || e.macsec().replayWindow() <= SecYConfig.XPN_MAX_REPLAY_WINDOW,
                "macsec.replayWindow", () -> "expected at most " + SecYConfig.XPN_MAX_REPLAY_WINDOW
                        + " with an XPN cipher suite, found " + e.macsec().replayWindow());
        gso(document, e, r);
        pacing(e, r);
        reader(e, r);
        Integer appCpu = e.hosts().appCpu();
        r.check(List.of("hosts.appCpu", "hosts.cpus"), appCpu == null || appCpu < e.hosts().cpus(), "hosts.appCpu",
                () -> "expected a CPU of the host, 0 to " + (e.hosts().cpus() - 1) + ", found " + appCpu);
        r.check(List.of("contention.userFpuLoadSparesAppCpu", "hosts.appCpu"),
                !e.contention().userFpuLoadSparesAppCpu() || appCpu != null, "contention.userFpuLoadSparesAppCpu",
                () -> "expected hosts.appCpu to name the CPU to spare, found no hosts.appCpu");
        r.check(List.of("hosts.appWakeupDistribution", "hosts.appWakeupMeanUs"),
                e.hosts().appWakeupDistribution() == null || e.hosts().appWakeupMeanUs() != null,
                "hosts.appWakeupDistribution", () -> "expected hosts.appWakeupMeanUs beside it, found none: without a"
                        + " mean, woken tasks run at once and the distribution has nothing to shape");
        r.check(List.of("hosts.appWakeupParetoShape", "hosts.appWakeupDistribution", "hosts.appWakeupMeanUs"),
                e.hosts().appWakeupParetoShape() == null
                        || e.hosts().appWakeupMeanUs() != null && e.hosts().appWakeupKind() == SectionLength.PARETO,
                "hosts.appWakeupParetoShape", () -> "expected hosts.appWakeupMeanUs and a pareto"
                        + " hosts.appWakeupDistribution beside it, found " + (e.hosts().appWakeupMeanUs() == null
                        ? "no mean" : "the distribution " + e.hosts().appWakeupKind().name().toLowerCase(Locale.ROOT)));
        if (e.wifi() != null) {
            boolean oneUdp = e.traffic().size() == 1 && e.traffic().get(0) instanceof Experiment.UdpTraffic;
            r.check(List.of("traffic", "wifi"), oneUdp, "wifi", () -> "expected one UDP traffic entry (the download the"
                    + " station receives), found " + e.traffic().size() + " entr" + (e.traffic().size() == 1 ? "y" : "ies")
                    + (e.traffic().stream().anyMatch(t -> t instanceof Experiment.TcpTraffic) ? " with TCP" : ""));
            String station = e.hosts().profile();
            boolean canBeStation;
            try {
                canBeStation = !profileNames.contains(station) || profiles.load(station).hasWifi();
            } catch (org.cryptorder.experiment.wiring.CpuProfile.InvalidProfileException ex) {
                canBeStation = true;  // reported as the profile's own problem
            }
            r.check(List.of("wifi", "hosts.profile"), canBeStation, "hosts.profile", () -> "expected a profile with the"
                    + " WiFi station parameters (wifiRxCycles...), found \"" + station + "\", which has none");
        }
        txPath(document, e, r);
        List<String> known = profileNames;
        String profile = e.hosts().profile();
        r.check(List.of("hosts.profile"), known.contains(profile), "hosts.profile",
                () -> "expected a profile in " + profiles.folder() + " (" + String.join(", ", known) + "), found \""
                        + profile + "\"" + Suggestion.didYouMean(profile, known));
        return out;
    }

    /**
     * A paced TCP flow needs a kernel from 5.6 on ({@link KernelRules#pacingModelled}): the model's
     * pacing follows its rules (HyStart's ACK train left unhalved for a paced socket and {@code
     * hystart_ack_delay} came with 5.6, in Eric Dumazet's "tcp_cubic:" series of December 2019;
     * before it the train was half the minimum delay for every socket).
     */
    private static void pacing(Experiment e, Rules r) {
        String kernel = e.crypto().kernelOrDefault();
        for (int i = 0; i < e.traffic().size(); i++) {
            if (e.traffic().get(i) instanceof Experiment.TcpTraffic tcp
                    && tcp.pacing() == org.cryptorder.transport.tcp.TcpPacing.INTERNAL) {
                String at = "traffic." + i + ".pacing";
                r.check(List.of(at, "crypto.kernel"), e.crypto().rules().pacingModelled(), at,
                        () -> "expected crypto.kernel 5.6 or later beside pacing internal (the model's pacing and"
                                + " HyStart follow 5.6 on, where a paced socket's ACK train is not halved), found"
                                + " kernel " + kernel);
            }
        }
    }

    /**
     * A modelled receiving application ({@code readBytes}) gives the socket Linux's receive memory
     * and window ({@link KernelRules#readerModelled}): from 4.20 ({@code tcp_rmem[1]} 128 KiB,
     * a337531b942b), with the fixed share of {@code tcp_adv_win_scale} before 6.5 and the measured
     * scaling ratio from 6.5 (dfa2f0483360);
     * earlier kernels' buffer rules are not modelled, and textbook mode has no such rules at all.
     */
    private static void reader(Experiment e, Rules r) {
        String kernel = e.crypto().kernelOrDefault();
        for (int i = 0; i < e.traffic().size(); i++) {
            if (e.traffic().get(i) instanceof Experiment.TcpTraffic tcp && tcp.readBytes() > 0) {
                String at = "traffic." + i + ".readBytes";
                r.check(List.of(at, "traffic." + i + ".mode"), tcp.mode() == org.cryptorder.transport.tcp.TcpMode.LINUX, at,
                        () -> "expected mode linux beside readBytes (the receiving application brings Linux's"
                                + " receive-window rules), found mode textbook");
                r.check(List.of(at, "crypto.kernel"), e.crypto().rules().readerModelled(), at,
                        () -> "expected crypto.kernel 4.20 or later beside readBytes (the model's receive buffer"
                                + " starts at 4.20's tcp_rmem[1] of 128 KiB), found kernel " + kernel);
            }
        }
    }

    /**
     * {@code hosts.gso} shapes the skbs of Linux-mode TCP only: a file that sets it with no such
     * traffic entry sets a key that changes nothing.
     */
    private static void gso(JsonNode document, Experiment e, Rules r) {
        boolean linuxTcp = e.traffic().stream().anyMatch(t -> t instanceof Experiment.TcpTraffic tcp
                && tcp.mode() == org.cryptorder.transport.tcp.TcpMode.LINUX);
        r.check(List.of("hosts.gso", "traffic"), !document.path("hosts").has("gso") || linuxTcp, "hosts.gso",
                () -> "expected a TCP traffic entry in Linux mode beside hosts.gso, found none: GSO sizes the skbs"
                        + " Linux's TCP hands the MACsec device; UDP datagrams and textbook-mode TCP (ns-3, which"
                        + " sends one segment per packet) are never cut, so the key would change nothing");
    }

    /**
     * The TX path's keys: a qdisc the model has, a NIC profile that exists, a ring it accepts, and
     * no {@code hosts.txRingSize} of the old meaning (frames of ring and qdisc together), which a
     * file that sets it without {@code hosts.qdisc} may have.
     */
    private void txPath(JsonNode document, Experiment e, Rules r) {
        Object usecs = e.hosts().rxUsecs();
        r.check(List.of("hosts.rxUsecs"), usecs == null || "adaptive".equals(usecs)
                        || usecs instanceof Integer n && (n == 0 || n >= 2 && n <= InterruptModeration.MAX_USECS),
                "hosts.rxUsecs", () -> "expected \"adaptive\" (ixgbe's default, rx-usecs 1) or a fixed interval ixgbe"
                        + " takes, 0 (no moderation) or 2-" + InterruptModeration.MAX_USECS + " us (ixgbe_set_coalesce),"
                        + " found " + (usecs instanceof String ? "\"" + usecs + "\"" : usecs)
                        + (Integer.valueOf(1).equals(usecs) ? ": 1 is what ethtool takes for adaptive; write \"adaptive\"" : ""));
        String qdisc = e.hosts().qdisc();
        r.check(List.of("hosts.qdisc"), QdiscKind.of(qdisc) != null, "hosts.qdisc", () -> "expected pfifo_fast,"
                + " fq_codel or noqueue, found \"" + qdisc + "\"" + Suggestion.didYouMean(qdisc, QDISCS));
        JsonNode hosts = document.path("hosts");
        r.check(List.of("hosts.txRingSize", "hosts.qdisc"), !hosts.has("txRingSize") || hosts.has("qdisc"),
                "hosts.txRingSize", () -> "expected hosts.qdisc beside hosts.txRingSize, found hosts.txRingSize ("
                        + hosts.get("txRingSize") + ") alone: its meaning changed. It counted the frames of one TX"
                        + " queue, ring and qdisc together; it now counts the NIC's TX descriptors (64-8192, ixgbe's"
                        + " default 512), and the qdisc in front of the ring is hosts.qdisc (pfifo_fast, 1000"
                        + " packets, by default). Give hosts.qdisc to say the file means descriptors, or remove"
                        + " hosts.txRingSize");
        List<String> nics = profiles.nicNames();
        String nicName = e.hosts().nic();
        r.check(List.of("hosts.nic"), nics.contains(nicName), "hosts.nic", () -> "expected a NIC profile in "
                + profiles.nicFolder() + " (" + String.join(", ", nics) + "), found \"" + nicName + "\""
                + Suggestion.didYouMean(nicName, nics));
        if (!nics.contains(nicName)) {
            return;
        }
        NicProfile nic;
        try {
            nic = profiles.nic(nicName);
        } catch (org.cryptorder.experiment.wiring.CpuProfile.InvalidProfileException ex) {
            r.check(List.of("hosts.nic"), false, "hosts.nic", ex::getMessage);
            return;
        }
        int ring = e.hosts().txRingSize();
        r.check(List.of("hosts.txRingSize", "hosts.nic"), ring >= nic.txDescriptorsMin()
                && ring <= nic.txDescriptorsMax(), "hosts.txRingSize", () -> "expected " + nic.txDescriptorsMin()
                + " to " + nic.txDescriptorsMax() + " TX descriptors, as " + nic.name() + "'s driver accepts (it"
                + " rounds up to a multiple of " + nic.txDescriptorMultiple() + "), found " + ring);
    }

    private static List<String> eraKeys() {
        return Arrays.stream(KernelEra.values()).map(KernelEra::key).toList();
    }

    /**
     * The document bound with the given values taken out (defaults then stand in for them), or
     * null when it still cannot be bound (a required value is missing or wrong).
     */
    private Experiment bindWithout(JsonNode document, Set<JsonPath> skip) {
        if (!document.isObject()) {
            return null;
        }
        ObjectNode copy = document.deepCopy();
        for (JsonPath p : skip) {
            remove(copy, p);
        }
        if (!copy.path("name").isTextual()) {
            copy.put("name", "unnamed");
        }
        JsonNode traffic = copy.path("traffic");
        if (!traffic.isArray()) {
            copy.putArray("traffic");
        } else {
            ArrayNode entries = (ArrayNode) traffic;
            for (int i = 0; i < entries.size(); i++) {
                JsonNode t = entries.get(i);
                boolean udp = t.path("kind").asText("").equals("udp");
                boolean tcp = t.path("kind").asText("").equals("tcp");
                if (!t.isObject() || !udp && !tcp) {
                    entries.set(i, mapper.createObjectNode().put("kind", "tcp"));
                    skip.add(path("traffic." + i));
                } else if (udp && !t.path("rateMbps").isNumber()) {
                    ((ObjectNode) t).put("rateMbps", 1.0);
                    skip.add(path("traffic." + i + ".rateMbps"));
                }
            }
        }
        try {
            return mapper.treeToValue(copy, Experiment.class);
        } catch (JsonProcessingException | IllegalArgumentException ex) {
            return null;
        }
    }

    private static void remove(JsonNode root, JsonPath p) {
        if (p.isRoot()) {
            return;
        }
        JsonNode parent = root;
        for (String s : p.parent().segments()) {
            parent = parent.isArray() ? parent.path(index(s)) : parent.path(s);
        }
        if (parent instanceof ObjectNode o) {
            o.remove(p.last());
        }
    }

    private static int index(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    static JsonPath path(String dotted) {
        return JsonPath.parse(dotted);
    }

    /** Whether a rule about {@code p} involves a value already reported. */
    static boolean touched(Set<JsonPath> skip, JsonPath p) {
        for (JsonPath b : skip) {
            if (b.contains(p) || p.contains(b)) {
                return true;
            }
        }
        return false;
    }

    static String num(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }

    private static final class Rules {
        private final Set<JsonPath> skip;
        private final List<Finding> out;

        Rules(Set<JsonPath> skip, List<Finding> out) {
            this.skip = skip;
            this.out = out;
        }

        void check(List<String> involved, boolean holds, String at, java.util.function.Supplier<String> message) {
            if (holds) {
                return;
            }
            for (String p : involved) {
                if (touched(skip, path(p))) {
                    return;
                }
            }
            out.add(new Finding(path(at), message.get()));
        }
    }
}
