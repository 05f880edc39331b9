package org.cryptorder.cli.bench;

import java.nio.file.Path;
import java.util.Locale;
import org.cryptorder.crypto.Policy;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.records.InvalidExperimentException;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.wiring.Profiles;
import org.cryptorder.net.Link;
import org.cryptorder.transport.udp.UdpWire;
import org.cryptorder.transport.wire.Ipv4TcpHeader;

/**
 * The benchmarks' fixed scenario, written as an experiment file and read the way {@code run} reads
 * one, so that a benchmark measures exactly what users run: two hosts of 2 CPUs with 2 RX and 2 TX
 * queues each (the Skylake-SP profile), a 10 Gbit/s link with 20 us delay and a 1500-octet MTU,
 * GCM-AES-128 MACsec with encryption, a kernel FPU user busy 30% of the time in 40 us sections
 * (exponential) on each of the receiver's CPUs, and either one Linux CUBIC TCP flow (iperf3) or
 * two UDP streams of 1400-octet datagrams offered together at the line rate. No warm-up deletion.
 *
 * @param traffic      TCP or UDP
 * @param policy       the crypto policy of both hosts
 * @param seconds      simulated seconds ({@code run.durationS})
 * @param replications {@code run.replications}
 */
public record BenchScenario(Traffic traffic, Policy policy, double seconds, int replications) {
    /** The traffic of a scenario. */
    public enum Traffic {
        TCP, UDP;

        /** The name used on the command line. */
        public String key() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The seed of every benchmark run. */
    public static final long SEED = 1;

    /** UDP payload per datagram, octets. */
    static final int UDP_PAYLOAD = 1400;

    /** Octets on the wire per datagram: payload, UDP, IPv4 and Ethernet headers, SecTAG+ICV, FCS/preamble/IFG. */
    static final int UDP_WIRE = UDP_PAYLOAD + UdpWire.HEADERS + Ipv4TcpHeader.MACSEC_OVERHEAD_BYTES + Link.WIRE_OVERHEAD;

    /** The UDP payload rate that fills the 10 Gbit/s link, Mbit/s. */
    static final double UDP_LINE_RATE_MBPS = 10e9 / 8 / UDP_WIRE * UDP_PAYLOAD * 8 / 1e6;

    /** One replication of the scenario for {@code seconds}. */
    public static BenchScenario of(Traffic traffic, Policy policy, double seconds) {
        return new BenchScenario(traffic, policy, seconds, 1);
    }

    /** The experiment file's text. */
    public String json() {
        String flows = switch (traffic) {
            case TCP -> "{\"kind\": \"tcp\", \"flows\": 1, \"congestionControl\": \"cubic\", \"mode\": \"linux\"}";
            case UDP -> String.format(Locale.ROOT, "{\"kind\": \"udp\", \"flows\": 2, \"rateMbps\": %.3f, "
                    + "\"packetBytes\": %d, \"pattern\": \"constant\"}", UDP_LINE_RATE_MBPS, UDP_PAYLOAD);
        };
        return String.format(Locale.ROOT, """
                {"name": "bench-%s-%s",
                 "hosts": {"cpus": 2, "rxQueues": 2, "txQueues": 2, "profile": "xeon-skylake-sp"},
                 "link": {"rateGbps": 10, "delayUs": 20, "mtu": 1500},
                 "macsec": {"cipherSuite": "GCM-AES-128", "encrypt": true},
                 "crypto": {"policy": "%s"},
                 "contention": {"kernelFpuBusy": 0.3, "meanSectionUs": 40, "sectionDistribution": "exponential"},
                 "traffic": [%s],
                 "run": {"durationS": %s, "warmupS": 0, "replications": %d, "seed": %d}}
                """, traffic.key(), policy.key(), policy.key(), flows, Double.toString(seconds), replications, SEED);
    }

    /** The scenario read as {@code run} reads an experiment file. */
    public ExperimentFile file(Profiles profiles) {
        try {
            return ExperimentFile.parse(Path.of("bench-" + traffic.key() + ".json"), json(), profiles);
        } catch (InvalidExperimentException e) {
            throw new IllegalStateException("the benchmark scenario is not a valid experiment: " + e.getMessage(), e);
        }
    }

    /** Its one configuration. */
    public ResolvedRun run(Profiles profiles) {
        return file(profiles).configurations().get(0);
    }

    /** One line saying what runs. */
    public String describe() {
        return switch (traffic) {
            case TCP -> "one Linux CUBIC TCP flow";
            case UDP -> String.format(Locale.ROOT, "UDP at line rate (2 streams, %.0f Mbit/s of 1400-octet datagrams)",
                    UDP_LINE_RATE_MBPS);
        } + " over 10 Gbit/s GCM-AES-128 MACsec, 2 CPUs per host, kernel FPU busy 0.3 on the receiver";
    }
}
