package org.cryptorder.experiment.replication;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.cryptorder.experiment.output.ConfigurationSummary.Estimate;
import org.cryptorder.experiment.records.Experiment;

/**
 * Warnings about what a configuration's figures measure, from its summary alone, for the terminal
 * summary of {@code run} and for the report. Each names the configuration and what to do.
 *
 * <ul>
 *   <li>{@link Kind#SENDER_SHORT}: a's UDP sources sent less than 95% of the datagrams the
 *       configured {@code rateMbps} asks for over the measurement window ({@code udp_sent} against
 *       {@code rateMbps / (8 packetBytes)} times the window): every figure is then of the rate the
 *       sender could offer, not of the one configured.</li>
 *   <li>{@link Kind#DROPS}: a queue of a host dropped at least {@value #DROP_SHARE_PERCENT}% of
 *       the frames that went through it, named by host and queue: a's TX queues (their qdisc full,
 *       {@code tx_qdisc_dropped}, or stopped with none, {@code tx_ring_dropped}; in UDP runs only a
 *       sends) against the datagrams a sent, with the link's capacity for them when the rate
 *       configured exceeds it; b's RX rings ({@code rx_missed}) and the cryptd queues ({@code
 *       cryptd_dropped}) against the frames on the wire. Fewer drops are in the {@code nic} line and
 *       the loss columns.</li>
 *   <li>{@link Kind#TRANSIENT}: b's queues were still filling when the measurement ended. The test:
 *       of the frames that reached b in the window ({@code frames_tx}, less the impairments'
 *       losses and with their duplicates), those b neither delivered ({@code udp_received}, {@code
 *       udp_corrupt}) nor dropped ({@code rx_missed}, {@code cryptd_dropped}, {@code in_pkts_late},
 *       {@code in_pkts_not_valid}) were still queued in b {@link DatapathRunModel#DRAIN_MS} ms after
 *       the sources stopped; a receiver that keeps up empties its queues in that time (the count is
 *       then a few frames below zero: frames sent before the warm-up's end and received after it),
 *       so more than 1% of the sent datagrams (and at least 10) still queued means it took in less
 *       than arrived. What a's own queues still held or dropped is not b's and is left out (the
 *       {@link Kind#DROPS} warning names a's drops). b's queues then grew by {@code (intake -
 *       udp_received) / window} frames a second, and at that rate its RX rings ({@code
 *       hosts.rxRingSize} times {@code hosts.rxQueues} frames) fill after about {@code rings /
 *       growth} seconds of traffic, after which frames are dropped. When that is later than the
 *       warm-up's end the window mixes a filling queue with the drops that follow, and neither its
 *       loss nor its latency is of a steady state. A fill before the warm-up's end is a steady
 *       overload, which the loss columns show, and is not warned of. TCP, whose sender slows to
 *       what the receiver takes, is not tested.</li>
 *   <li>{@link Kind#FPU_SHORT}: on the least served of b's CPUs the kernel FPU user held the FPU
 *       less than {@value #FPU_SHARE_PERCENT}% of the share {@code contention.kernelFpuBusy} asked
 *       ({@code kernel_fpu_share_min}): the contention did not happen as configured, and the text
 *       says why as the configuration's hosts run (ksoftirqd on or off).</li>
 *   <li>{@link Kind#WIDE_INTERVAL}: a metric whose 95% half-width is larger than its mean (of
 *       those the summary shows; counts from 1 up; not those with a precision target, which have
 *       their own warning): it says little of the figure, and about {@code n (2 h / |mean|)^2}
 *       replications would bring the half-width to half the mean.</li>
 * </ul>
 *
 * <p>The first three say what ran, and the figures are right figures of it; the last two doubt the
 * measurement. When one of the first three holds for some configurations of a sweep and not for
 * others, it is a {@linkplain Warning#finding() finding}: the swept values made the difference (the
 * quickstart's sync fallback offers less than the async policies do), and the terminal prints it as
 * one short line among the findings instead of a warning block; the report lists it under the
 * same words.
 */
public final class MeasurementWarnings {
    /** Share of the configured datagrams below which the sender is said to fall short. */
    static final double SENDER_SHARE = 0.95;
    /** Share of the sent datagrams still queued at the end above which a receiver did not keep up. */
    static final double QUEUED_SHARE = 0.01;
    /** Percent of the frames through a queue from which its drops are warned of. */
    static final int DROP_SHARE_PERCENT = 5;
    /** Percent of the kernel FPU share asked below which the contention is said not to have happened. */
    static final int FPU_SHARE_PERCENT = 80;
    /** The metrics tested for an interval wider than the mean, as the summary shows them. */
    static final List<String> READ_METRICS = List.of("goodput_bps", "reordered_ratio", "in_pkts_delayed",
            "in_pkts_late", "tcp_retransmits", "latency_p50_us", "latency_p99_us", "cryptd_wait_mean_us");

    private MeasurementWarnings() {
    }

    /** What a warning is about. */
    public enum Kind {
        SENDER_SHORT("host a's UDP sources could not offer the configured rate",
                "Every figure of these configurations is of the rate sent, not of the one configured: lower"
                        + " traffic.N.rateMbps to what was sent, or relieve what holds the sender back (its crypto"
                        + " policy under contention, hosts.cpus, hosts.txRingSize)."),
        DROPS("a host's queue dropped frames",
                "Dropped frames never reach b's applications, and the loss columns count them. Drops at a's TX"
                        + " queues are before the wire: lower traffic.N.rateMbps to what the link carries, or raise"
                        + " link.rateGbps; drops at b's RX rings or cryptd queues are b falling behind what arrives"
                        + " (its crypto policy, the contention, hosts.cpus and hosts.rxQueues)."),
        TRANSIENT("still a transient: host b's queues were filling when the measurement ended",
                "The window mixes a filling queue with the drops that follow: set run.warmupS past the fill time"
                        + " given, and run.durationS well beyond it, to measure the state these configurations"
                        + " settle in."),
        FPU_SHORT("the kernel FPU contention did not happen as configured",
                "The figures are of the contention the users got, not of the one asked: read them against"
                        + " kernel_fpu_share_min, or lighten what keeps the users off the CPU (the traffic's rate, the"
                        + " crypto policy)."),
        WIDE_INTERVAL("95% intervals wider than their means",
                "Such an interval says little of the figure: run more run.replications (or a longer"
                        + " run.durationS) before reading or comparing it.");

        private final String headline;
        private final String advice;

        Kind(String headline, String advice) {
            this.headline = headline;
            this.advice = advice;
        }

        /** One line saying what is wrong. */
        public String headline() {
            return headline;
        }

        /** What to do about it. */
        public String advice() {
            return advice;
        }

        /**
         * Whether it says what ran (a rate not offered, frames dropped, contention not had) rather than
         * doubt the measurement (a transient, a wide interval): the figures are right figures of what ran.
         */
        public boolean describesWhatRan() {
            return this == SENDER_SHORT || this == DROPS || this == FPU_SHORT;
        }
    }

    /**
     * What the tests need to know of how a configuration ran.
     *
     * @param warmupS          {@code run.warmupS}
     * @param durationS        {@code run.durationS}
     * @param udpDatagramsPerS datagrams a second all UDP entries together were configured to send (0 without UDP)
     * @param udpMbps          their configured payload rate, Mbit/s
     * @param tcp              whether some traffic is TCP
     * @param rxRingFrames     b's RX ring slots, all queues together
     * @param hosts            the hosts' queues and kernel FPU users, as the drop and FPU warnings name them
     */
    public record Setup(double warmupS, double durationS, double udpDatagramsPerS, double udpMbps, boolean tcp,
                        int rxRingFrames, Queues hosts) {
        /** A setup whose hosts are not described: no drop or FPU warning. */
        public Setup(double warmupS, double durationS, double udpDatagramsPerS, double udpMbps, boolean tcp,
                     int rxRingFrames) {
            this(warmupS, durationS, udpDatagramsPerS, udpMbps, tcp, rxRingFrames, null);
        }

        /** The setup of a resolved experiment (one configuration's). */
        public static Setup of(Experiment e) {
            double datagrams = 0;
            double mbps = 0;
            double wireMbps = 0;
            boolean tcp = false;
            int overhead = e.macsec().overheadOctets();
            for (Experiment.Traffic t : e.traffic()) {
                if (t instanceof Experiment.UdpTraffic u) {
                    datagrams += u.rateMbps() * 1e6 / (8.0 * u.packetBytes());
                    mbps += u.rateMbps();
                    wireMbps += u.rateMbps() / Queues.payloadShare(u.packetBytes(), overhead);
                } else {
                    tcp = true;
                }
            }
            Experiment.Hosts h = e.hosts();
            double linkMbps = e.wifi() != null ? Double.NaN : e.link().rateGbps() * 1000;
            Queues q = new Queues(h.rxQueues(), h.rxRingSize(), h.txQueues(), h.qdisc(),
                    linkMbps, mbps > 0 ? linkMbps * mbps / wireMbps : Double.NaN,
                    e.contention().kernelFpuBusy(), h.ksoftirqd());
            return new Setup(e.run().warmupS(), e.run().durationS(), datagrams, mbps, tcp,
                    h.rxRingSize() * h.rxQueues(), q);
        }

        double windowS() {
            return durationS - warmupS;
        }
    }

    /**
     * The hosts' queues and kernel FPU users, as the warnings name them.
     *
     * @param rxQueues      {@code hosts.rxQueues}
     * @param rxRingSize    {@code hosts.rxRingSize}, frames per RX ring
     * @param txQueues      {@code hosts.txQueues}
     * @param qdisc         {@code hosts.qdisc}
     * @param linkMbps      the link's rate, Mbit/s (NaN for a WiFi station)
     * @param udpLinkMbps   the most UDP payload the link carries of the configured datagrams (their mix by
     *                      rate), Mbit/s; NaN without UDP or without a link
     * @param fpuBusy       {@code contention.kernelFpuBusy}
     * @param ksoftirqd     {@code hosts.ksoftirqd}
     */
    public record Queues(int rxQueues, int rxRingSize, int txQueues, String qdisc, double linkMbps,
                         double udpLinkMbps, double fpuBusy, boolean ksoftirqd) {
        /** Octets of a datagram's frame beyond its payload and the MACsec overhead: UDP, IPv4, Ethernet, wire. */
        static final int FRAME_OVERHEAD = org.cryptorder.transport.udp.UdpWire.UDP + org.cryptorder.transport.udp.UdpWire.IP
                + 14 + org.cryptorder.net.Link.WIRE_OVERHEAD;

        /** The share of the wire a datagram of {@code payload} octets carries as payload, with {@code macsec} octets of SecTAG and ICV. */
        public static double payloadShare(int payload, int macsec) {
            return payload / (double) (payload + macsec + FRAME_OVERHEAD);
        }
    }

    /**
     * One configuration's summary.
     *
     * @param label     how the warning names it
     * @param setup     how it ran
     * @param estimates by metric column
     * @param targeted  the metrics with a precision target ({@code run.targetHalfWidth})
     */
    public record Configuration(String label, Setup setup, Map<String, Estimate> estimates, Set<String> targeted) {
        Estimate get(String metric) {
            return estimates.get(metric);
        }
    }

    /**
     * One warning.
     *
     * @param kind  what it is about
     * @param label the configuration
     * @param text  what was measured, in numbers
     * @param finding whether it is a finding of the sweep rather than a fault of the set-up: a kind that
     *                says what ran ({@link Kind#describesWhatRan()}) in some configurations while others of
     *                the same sweep ran as configured, so the swept values made the difference
     */
    public record Warning(Kind kind, String label, String text, boolean finding) {
        /** A warning that is not a finding of the sweep. */
        public Warning(Kind kind, String label, String text) {
            this(kind, label, text, false);
        }
    }

    /**
     * Every warning of the configurations, by kind and then in their order, each marked a {@linkplain
     * Warning#finding() finding} where other configurations of the sweep ran as configured.
     */
    public static List<Warning> of(List<Configuration> configurations) {
        List<Warning> out = new ArrayList<>();
        for (Kind k : Kind.values()) {
            for (Configuration c : configurations) {
                String text = switch (k) {
                    case SENDER_SHORT -> senderShort(c);
                    case DROPS -> drops(c);
                    case TRANSIENT -> transientText(c);
                    case FPU_SHORT -> fpuShort(c);
                    case WIDE_INTERVAL -> wideIntervals(c);
                };
                if (text != null) {
                    out.add(new Warning(k, c.label(), text));
                }
            }
        }
        List<Warning> marked = new ArrayList<>();
        for (Warning w : out) {
            long ofKind = out.stream().filter(o -> o.kind() == w.kind()).count();
            boolean finding = w.kind().describesWhatRan() && ofKind < configurations.size();
            marked.add(new Warning(w.kind(), w.label(), w.text(), finding));
        }
        return marked;
    }

    private static String senderShort(Configuration c) {
        Estimate sent = c.get("udp_sent");
        Setup s = c.setup();
        if (sent == null || !(s.udpDatagramsPerS() > 0) || !(s.windowS() > 0)) {
            return null;
        }
        double share = sent.mean() / (s.udpDatagramsPerS() * s.windowS());
        if (!(share < SENDER_SHARE)) {
            return null;
        }
        return "sent " + sig(share * s.udpMbps()) + " Mbit/s of the " + sig(s.udpMbps()) + " Mbit/s configured ("
                + Math.round(100 * share) + "%)";
    }

    /** Each queue that dropped at least {@value #DROP_SHARE_PERCENT}% of what went through it, by host and queue. */
    private static String drops(Configuration c) {
        Setup s = c.setup();
        Queues q = s.hosts();
        if (q == null) {
            return null;
        }
        List<String> places = new ArrayList<>();
        double wire = mean(c, "frames_tx", mean(c, "udp_sent", 0));  // tables without frames_tx: what a sent
        double txDropped = mean(c, "tx_queue_dropped", 0);
        double offered = s.tcp() ? wire + txDropped : mean(c, "udp_sent", wire + txDropped);
        if (txDropped > 0 && offered > 0 && txDropped >= DROP_SHARE_PERCENT / 100.0 * offered) {
            String host = s.tcp() ? "a's (data) and b's (ACKs)" : "a's";
            String queues = q.txQueues() == 1 ? host + " TX queue 0" : host + " " + q.txQueues() + " TX queues";
            double qdiscDropped = mean(c, "tx_qdisc_dropped", Double.NaN);
            double ringDropped = mean(c, "tx_ring_dropped", Double.NaN);
            String where;
            if (!Double.isNaN(qdiscDropped) && qdiscDropped > 0 && !(ringDropped > 0)) {
                where = queues + ": " + (q.txQueues() == 1 ? "its qdisc" : "their qdiscs") + " (" + q.qdisc()
                        + (q.qdisc().equals("pfifo_fast") ? ", 1000 packets" + (q.txQueues() == 1 ? "" : " each") : "")
                        + ") refused " + whole(qdiscDropped) + " frames (tx_qdisc_dropped)";
            } else if (!Double.isNaN(ringDropped) && ringDropped > 0 && !(qdiscDropped > 0)) {
                where = queues + ": stopped (ring short of descriptors or BQL over its limit) with no qdisc to hold"
                        + " them (noqueue), " + (q.txQueues() == 1 ? "it" : "they") + " dropped " + whole(ringDropped)
                        + " frames (tx_ring_dropped)";
            } else {
                where = queues + " dropped " + whole(txDropped) + " frames (tx_queue_dropped)";
            }
            where += ", " + percent(txDropped, offered) + " of the " + whole(offered)
                    + (s.tcp() ? " frames" : " datagrams") + " a sent";
            if (!s.tcp() && s.udpMbps() > q.udpLinkMbps()) {
                where += ": " + sig(s.udpMbps()) + " Mbit/s offered, where the " + sig(q.linkMbps() / 1000)
                        + " Gbit/s link carries at most " + sig(q.udpLinkMbps()) + " Mbit/s of these datagrams";
            }
            places.add(where);
        }
        double missed = mean(c, "rx_missed", 0);
        if (missed > 0 && wire > 0 && missed >= DROP_SHARE_PERCENT / 100.0 * wire) {
            places.add("b's " + (q.rxQueues() == 1 ? "RX ring (" + q.rxRingSize() + " frames)"
                    : q.rxQueues() + " RX rings (" + q.rxRingSize() + " frames each)") + " missed " + whole(missed)
                    + " frames (rx_missed), " + percent(missed, wire) + " of the " + whole(wire) + " on the wire");
        }
        double refused = mean(c, "cryptd_dropped", 0);
        if (refused > 0 && wire > 0 && refused >= DROP_SHARE_PERCENT / 100.0 * wire) {
            places.add("full cryptd queues refused " + whole(refused) + " requests (cryptd_dropped, a's and b's"
                    + " CPUs together; " + (s.tcp() ? "" : "in a UDP run b's, unless a's sources send from softirq; ")
                    + "each refusal drops its frame), " + percent(refused, wire) + " of the " + whole(wire)
                    + " frames on the wire");
        }
        return places.isEmpty() ? null : String.join("; ", places);
    }

    private static String transientText(Configuration c) {
        Estimate sent = c.get("udp_sent");
        Estimate received = c.get("udp_received");
        Setup s = c.setup();
        if (sent == null || received == null || s.tcp() || !(s.windowS() > 0) || s.rxRingFrames() <= 0) {
            return null;
        }
        // what reached b: the frames on the wire (else, in tables without them, what a did not drop)
        double intake = mean(c, "frames_tx", sent.mean() - mean(c, "tx_queue_dropped", 0))
                - mean(c, "impairment_lost", 0) + mean(c, "impairment_duplicated", 0);
        double dropped = mean(c, "rx_missed", 0) + mean(c, "cryptd_dropped", 0) + mean(c, "in_pkts_late", 0)
                + mean(c, "in_pkts_not_valid", 0) + mean(c, "udp_corrupt", 0);
        double queued = intake - received.mean() - dropped;
        if (!(queued > Math.max(QUEUED_SHARE * sent.mean(), 10))) {
            return null;
        }
        double growthPerS = (intake - received.mean()) / s.windowS();
        double fillS = s.rxRingFrames() / growthPerS;
        if (!(fillS > s.warmupS())) {
            return null;
        }
        return "b took in " + whole(received.mean()) + " of the " + whole(intake) + " frames that reached it ("
                + whole(sent.mean()) + " datagrams sent), " + whole(dropped) + " dropped and " + whole(queued)
                + " still queued " + DatapathRunModel.DRAIN_MS + " ms after the sources stopped: its queues grew by"
                + " about " + sig(growthPerS) + " frames/s, so its RX rings (" + s.rxRingFrames()
                + " frames) fill after about " + sig(fillS) + " s, later than the warm-up's end at "
                + sig(s.warmupS()) + " s";
    }

    private static String fpuShort(Configuration c) {
        Queues q = c.setup().hosts();
        Estimate got = c.get("kernel_fpu_share_min");
        if (q == null || got == null || !(q.fpuBusy() > 0) || !(got.mean() < FPU_SHARE_PERCENT / 100.0 * q.fpuBusy())) {
            return null;
        }
        return "on the least served of b's CPUs the user held the FPU " + sig(100 * got.mean()) + "% of the time,"
                + " asked " + sig(100 * q.fpuBusy()) + "%: " + (q.ksoftirqd()
                ? "softirq work or other tasks kept it off (a woken user waits for the softirq pass under way, and"
                        + " shares the CPU with ksoftirqd once softirqs outlast their 2 ms, and with cryptd's workers)"
                : "softirq work or other tasks kept it off (with hosts.ksoftirqd false softirq work runs before every"
                        + " task)");
    }

    /** The mean of {@code metric}, or {@code absent} when the tables lack it. */
    private static double mean(Configuration c, String metric, double absent) {
        Estimate e = c.get(metric);
        return e == null || Double.isNaN(e.mean()) ? absent : e.mean();
    }

    private static String percent(double part, double whole) {
        return whole > 0 ? sig(100 * part / whole) + "%" : "all";
    }

    private static String wideIntervals(Configuration c) {
        List<String> wide = new ArrayList<>();
        int needed = 0;
        for (String metric : READ_METRICS) {
            Estimate e = c.get(metric);
            if (e == null || c.targeted().contains(metric) || Double.isNaN(e.halfWidth()) || e.mean() == 0
                    || Double.isNaN(e.mean()) || !(e.halfWidth() > Math.abs(e.mean()))) {
                continue;
            }
            OutputColumns.Column column = OutputColumns.get(metric);
            boolean things = column != null && !Set.of("1", "µs", "s", "bit/s").contains(column.unit());
            if (things && Math.abs(e.mean()) < 1) {
                continue;  // a fraction of one frame or request on average: zero, as near as counts go
            }
            wide.add(shown(metric, e));
            double ratio = 2 * e.halfWidth() / Math.abs(e.mean());
            needed = Math.max(needed, (int) Math.ceil(e.observations() * ratio * ratio));
        }
        if (wide.isEmpty()) {
            return null;
        }
        return String.join(", ", wide) + (needed > 0 ? " (about " + needed
                + " replications would bring the widest to half its mean)" : "");
    }

    /** A metric as {@code reordered 13.6 +/- 13.8%}, under the catalog's heading. */
    private static String shown(String metric, Estimate e) {
        OutputColumns.Column column = OutputColumns.get(metric);
        String heading = column == null ? metric : column.heading();
        String unit = column == null ? "" : column.unit();
        if (unit.equals("1")) {
            return heading + " " + sig(100 * e.mean()) + " +/- " + sig(100 * e.halfWidth()) + "%";
        }
        String suffix = unit.equals("µs") ? " us" : unit.equals("s") || unit.equals("bit/s") ? " " + unit : "";
        return heading + " " + sig(e.mean()) + " +/- " + sig(e.halfWidth()) + suffix;
    }

    /** Three significant digits, without an exponent. */
    static String sig(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.toString(v);
        }
        if (v == 0) {
            return "0";
        }
        return new BigDecimal(v).round(new MathContext(3)).stripTrailingZeros().toPlainString();
    }

    private static String whole(double v) {
        return Long.toString(Math.round(v));
    }
}
