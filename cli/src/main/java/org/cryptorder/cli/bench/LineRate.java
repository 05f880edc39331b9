package org.cryptorder.cli.bench;

import org.cryptorder.crypto.Policy;
import org.cryptorder.host.SchedulerParams;
import org.cryptorder.host.SectionLength;
import org.cryptorder.macsec.SecYConfig;
import org.cryptorder.net.HostSpec;
import org.cryptorder.net.Link;
import org.cryptorder.scenario.CpuProfile;
import org.cryptorder.scenario.UdpStreams;
import org.cryptorder.transport.Ipv4TcpHeader;
import org.cryptorder.transport.UdpWire;

/**
 * The benchmark scenario: two UDP streams of 1400-octet datagrams offered at the 10 Gbit/s line
 * rate over GCM-AES-128 MACsec with encryption, two CPUs and RX queues per host, and a kernel FPU
 * user busy 10% of the time with 40 us sections on each receiving CPU.
 */
public final class LineRate {
    static final int PAYLOAD = 1400;
    /** Octets on the wire per datagram: payload, UDP, IPv4 and Ethernet headers, SecTAG+ICV, FCS/preamble/IFG. */
    static final int WIRE = PAYLOAD + UdpWire.HEADERS + Ipv4TcpHeader.MACSEC_OVERHEAD_BYTES + Link.WIRE_OVERHEAD;

    private LineRate() {
    }

    public static UdpStreams.Config config(CpuProfile profile, Policy policy, double seconds) {
        HostSpec host = HostSpec.of(2, 2, 1, 4096, 1024, 64, policy, 1000, profile.crypto(), profile.stack(),
                SchedulerParams.linuxDefaults(2));
        double lineRateMbps = 10e9 / 8 / WIRE * PAYLOAD * 8 / 1e6;
        return new UdpStreams.Config(host, host, SecYConfig.linuxDefaults(1).withEncrypt(true), 10, 20, 2,
                lineRateMbps, PAYLOAD, 0.1, 40, SectionLength.EXPONENTIAL, false, seconds, 0, false, 0);
    }
}
