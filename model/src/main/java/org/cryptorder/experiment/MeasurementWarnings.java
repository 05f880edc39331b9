package org.cryptorder.experiment;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.cryptorder.experiment.ConfigurationSummary.Estimate;

/**
 * Warnings about what a configuration's figures measure, from its summary alone, for the terminal
 * summary of {@code run} and for the report. Each names the configuration and what to do.
 *
 * <ul>
 *   <li>{@link Kind#SENDER_SHORT}: a's UDP sources sent less than 95% of the datagrams the
 *       configured {@code rateMbps} asks for over the measurement window ({@code udp_sent} against
 *       {@code rateMbps / (8 packetBytes)} times the window): every figure is then of the rate the
 *       sender could offer, not of the one configured.</li>
 *   <li>{@link Kind#TRANSIENT}: b's queues were still filling when the measurement ended. The test:
 *       datagrams sent in the window that b neither received nor counted lost ({@code udp_sent -
 *       udp_received - udp_lost}, the tail that iperf3 cannot see) were still queued {@link
 *       DatapathRunModel#DRAIN_MS} ms after the sources stopped; a receiver that keeps up empties
 *       its queues in that time (those counts are then a few datagrams below zero: datagrams sent
 *       before the warm-up's end and received after it), so more than 1% of the sent datagrams
 *       (and at least 10) still queued means it took in less than arrived. Its queues then grew by
 *       {@code (udp_sent - udp_received) / window} datagrams a second, and at that rate its RX
 *       rings ({@code hosts.rxRingSize} times {@code hosts.rxQueues} frames) fill after about
 *       {@code rings / growth} seconds of traffic, after which frames are dropped. When that is
 *       later than the warm-up's end the window mixes a filling queue with the drops that follow,
 *       and neither its loss nor its latency is of a steady state. A fill before the warm-up's end
 *       is a steady overload, which the loss columns show, and is not warned of. TCP, whose sender
 *       slows to what the receiver takes, is not tested.</li>
 *   <li>{@link Kind#WIDE_INTERVAL}: a metric whose 95% half-width is larger than its mean (of
 *       those the summary shows; counts from 1 up; not those with a precision target, which have
 *       their own warning): it says little of the figure, and about {@code n (2 h / |mean|)^2}
 *       replications would bring the half-width to half the mean.</li>
 * </ul>
 */
public final class MeasurementWarnings {
    /** Share of the configured datagrams below which the sender is said to fall short. */
    static final double SENDER_SHARE = 0.95;
    /** Share of the sent datagrams still queued at the end above which a receiver did not keep up. */
    static final double QUEUED_SHARE = 0.01;
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
        TRANSIENT("still a transient: host b's queues were filling when the measurement ended",
                "The window mixes a filling queue with the drops that follow: set run.warmupS past the fill time"
                        + " given, and run.durationS well beyond it, to measure the state these configurations"
                        + " settle in."),
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
     */
    public record Setup(double warmupS, double durationS, double udpDatagramsPerS, double udpMbps, boolean tcp,
                        int rxRingFrames) {
        /** The setup of a resolved experiment (one configuration's). */
        public static Setup of(Experiment e) {
            double datagrams = 0;
            double mbps = 0;
            boolean tcp = false;
            for (Experiment.Traffic t : e.traffic()) {
                if (t instanceof Experiment.UdpTraffic u) {
                    datagrams += u.rateMbps() * 1e6 / (8.0 * u.packetBytes());
                    mbps += u.rateMbps();
                } else {
                    tcp = true;
                }
            }
            return new Setup(e.run().warmupS(), e.run().durationS(), datagrams, mbps, tcp,
                    e.hosts().rxRingSize() * e.hosts().rxQueues());
        }

        double windowS() {
            return durationS - warmupS;
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
     */
    public record Warning(Kind kind, String label, String text) {
    }

    /** Every warning of the configurations, by kind and then in their order. */
    public static List<Warning> of(List<Configuration> configurations) {
        List<Warning> out = new ArrayList<>();
        for (Kind k : Kind.values()) {
            for (Configuration c : configurations) {
                String text = switch (k) {
                    case SENDER_SHORT -> senderShort(c);
                    case TRANSIENT -> transientText(c);
                    case WIDE_INTERVAL -> wideIntervals(c);
                };
                if (text != null) {
                    out.add(new Warning(k, c.label(), text));
                }
            }
        }
        return out;
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

    private static String transientText(Configuration c) {
        Estimate sent = c.get("udp_sent");
        Estimate received = c.get("udp_received");
        Estimate lost = c.get("udp_lost");
        Setup s = c.setup();
        if (sent == null || received == null || lost == null || s.tcp() || !(s.windowS() > 0) || s.rxRingFrames() <= 0) {
            return null;
        }
        double queued = sent.mean() - received.mean() - lost.mean();
        if (!(queued > Math.max(QUEUED_SHARE * sent.mean(), 10))) {
            return null;
        }
        double growthPerS = (sent.mean() - received.mean()) / s.windowS();
        double fillS = s.rxRingFrames() / growthPerS;
        if (!(fillS > s.warmupS())) {
            return null;
        }
        return "b took in " + whole(received.mean()) + " of the " + whole(sent.mean()) + " datagrams sent, "
                + whole(lost.mean()) + " lost and " + whole(queued) + " still queued " + DatapathRunModel.DRAIN_MS
                + " ms after the sources stopped: its queues grew by about " + sig(growthPerS)
                + " datagrams/s, so its RX rings (" + s.rxRingFrames() + " frames) fill after about " + sig(fillS)
                + " s, later than the warm-up's end at " + sig(s.warmupS()) + " s";
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
