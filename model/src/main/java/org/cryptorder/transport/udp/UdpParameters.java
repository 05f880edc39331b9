package org.cryptorder.transport.udp;

import java.util.List;
import org.cryptorder.params.Parameter;
import org.cryptorder.params.ParameterGroup;

/**
 * The keys of a {@code udp} traffic entry, read by {@link UdpSource}: how many streams, their rate,
 * datagram size and spacing, and whether a source moves between CPUs or sends from softirq.
 */
public final class UdpParameters {
    private UdpParameters() {
    }

    /** {@code udpTraffic.flows}. */
    public static final Parameter FLOWS = Parameter.integer("flows", "flows",
            "Streams (RSS may spread them over b's RX queues).")
            .range(1, 1024).byDefault(1, "iperf3's default, one stream (-P 1)");

    /** {@code udpTraffic.rateMbps}. */
    public static final Parameter RATE_MBPS = Parameter.number("rateMbps", "Mbit/s",
            "Offered UDP payload rate of all the entry's streams together, Mbit/s.")
            .above(0, 1000000).mustBeGiven();

    /** {@code udpTraffic.packetBytes}. */
    public static final Parameter PACKET_BYTES = Parameter.integer("packetBytes", "octets",
            "UDP payload per datagram, octets (iperf3 -l).")
            .range(16, 65507)
            .byDefault(1400, "the model's choice: a datagram that fits the 1500-octet MTU with MACsec's "
                            + "32 octets");

    /** {@code udpTraffic.pattern}. */
    public static final Parameter PATTERN = Parameter.choice("pattern", List.of("constant", "poisson"),
            "constant: datagrams evenly spaced; poisson: exponential gaps at the same mean rate.")
            .byDefault("constant", "iperf3 -u's constant-rate sending");

    /** {@code udpTraffic.migrateMeanUs}. */
    public static final Parameter MIGRATE_MEAN_US = Parameter.number("migrateMeanUs", "us",
            "Mean time between moves of each sending task among a's CPUs, microseconds (0: never moves).")
            .range(0, 1000000000).byDefault(0, "none: the source stays on its CPU");

    /** {@code udpTraffic.fromSoftirq}. */
    public static final Parameter FROM_SOFTIRQ = Parameter.flag("fromSoftirq",
            "Send from softirq context (as transmissions triggered by NET_RX or a timer do) rather than from "
                    + "the application's task.").byDefault(false, "an application sends, from its task");

    /** A {@code udp} traffic entry (its {@code kind} is the experiment's). */
    public static final ParameterGroup UDP = ParameterGroup.of("udpTraffic",
            "UDP streams like iperf3 -u: sequence-numbered datagrams at a constant rate or with exponential gaps.",
            FLOWS, RATE_MBPS, PACKET_BYTES, PATTERN, MIGRATE_MEAN_US, FROM_SOFTIRQ);
}
