package org.cryptorder.experiment.wiring;

import java.util.ArrayDeque;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.Once;
import org.cryptorder.engine.Time;
import org.cryptorder.host.Context;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.NapiPoll;
import org.cryptorder.host.SchedulerParams;
import org.cryptorder.host.Work;
import org.cryptorder.metrics.LatencyHistogram;
import org.cryptorder.transport.udp.UdpWire;
import org.cryptorder.wifi.CcmEngine;
import org.cryptorder.wifi.CcmpCodec;
import org.cryptorder.wifi.CcmpKey;
import org.cryptorder.wifi.CcmpRxVerdict;
import org.cryptorder.wifi.CcmpSuite;
import org.cryptorder.wifi.Ieee80211Header;
import org.cryptorder.wifi.JdkCcmEngine;
import org.cryptorder.wifi.Mpdu;
import org.cryptorder.wifi.CcmFpuUse;
import umontreal.ssj.rng.RandomStream;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * A WiFi station downloading in software-decrypt mode, as in seeds S9 and S10: an access point
 * sends UDP datagrams in 802.11 QoS data frames protected with real CCMP, the air carries them at
 * most at {@code airMbps}, and one CPU of the station takes each frame in the driver's NAPI poll,
 * where mac80211 decrypts it synchronously ({@code crypto_alloc_aead("ccm(aes)", 0,
 * CRYPTO_ALG_ASYNC)}) and the stack carries the datagram to the socket.
 *
 * <p>How the decryption costs CPU time is the point: {@link CcmFpuUse#PER_BLOCK} is what x86 mainline
 * gives mac80211, {@code ccm_base(ctr(aes-aesni),cbcmac(aes-aesni))}, whose CTR and CBC-MAC each
 * call the single-block AES-NI cipher, one {@code kernel_fpu_begin}/{@code end} per 16-octet block;
 * {@link CcmFpuUse#PER_REQUEST} is the out-of-tree AES-NI CCM that runs a whole frame in one FPU section
 * (KERNEL-FACTS.md section 6). The bytes are decrypted and checked for real either way.
 *
 * <p>Simplifications: the download is UDP at a fixed offered rate (a TCP download saturates the
 * same CPU and is bounded by the same per-frame cost); the air is a fixed-rate pipe without
 * contention, retries or aggregation; the access point's own work is not modelled; other work on
 * the station (the test tool, interrupts) is left out, so its whole time is in the per-frame cost
 * the profile fits.
 */
public final class WifiStation {
    /** 802.11 QoS data header (FromDS), then LLC/SNAP, then the IPv4/UDP datagram. */
    static final int MAC_HEADER = Ieee80211Header.BASE_LEN + Ieee80211Header.QOS_CONTROL_LEN;
    static final int LLC_SNAP = 8;
    /** CCMP's AAD (22 octets for a QoS data frame without Address 4) with its 2-octet length, in blocks. */
    static final int AAD_BLOCKS = 2;

    /**
     * One station's download, built by name ({@link #builder}).
     *
     * @param costs         the station's per-frame and per-block costs (the CPU profile's {@code wifi})
     * @param ccmp          whether frames are protected (WPA2) or sent open
     * @param ccm           which {@code ccm(aes)} the station runs
     * @param offeredMbps   UDP payload the access point offers, Mbit/s
     * @param payloadBytes  UDP payload of each datagram
     * @param airMbps       the air's capacity for MPDU octets, Mbit/s
     * @param rxRingSize    the driver's RX descriptors
     * @param napiBudget    frames per NAPI poll
     * @param scheduler     the station CPU's scheduler: its tick and whether long softirq runs move to
     *                      ksoftirqd (with no other task on the station, ksoftirqd then has the CPU to itself)
     */
    public record Config(WifiCosts costs, boolean ccmp, CcmFpuUse ccm, double offeredMbps, int payloadBytes, double airMbps,
                         int rxRingSize, int napiBudget, double durationS, double warmupS, SchedulerParams scheduler) {

        /**
         * A builder for a station of {@code costs} whose CPU runs {@code scheduler}: open (no CCMP),
         * 4096 RX descriptors and 64 frames per poll until told otherwise; the traffic
         * ({@link Builder#offered}), the air ({@link Builder#airMbps}) and the run ({@link Builder#run})
         * are to be given.
         */
        public static Builder builder(WifiCosts costs, SchedulerParams scheduler) {
            return new Builder(costs, scheduler);
        }
    }

    /** A {@link Config} by name. */
    public static final class Builder {
        private final WifiCosts costs;
        private final SchedulerParams scheduler;
        private boolean ccmp;
        private CcmFpuUse ccm = CcmFpuUse.PER_BLOCK;
        private double offeredMbps;
        private int payloadBytes;
        private double airMbps;
        private int rxRingSize = 4096;
        private int napiBudget = 64;
        private double durationS;
        private double warmupS;

        private Builder(WifiCosts costs, SchedulerParams scheduler) {
            this.costs = costs;
            this.scheduler = scheduler;
        }

        /** CCMP on ({@code ccm} the {@code ccm(aes)} it runs) or the frames sent open. */
        public Builder protection(boolean ccmp, CcmFpuUse ccm) {
            this.ccmp = ccmp;
            this.ccm = ccm;
            return this;
        }

        /** The UDP payload the access point offers, Mbit/s, in datagrams of {@code payloadBytes}. */
        public Builder offered(double offeredMbps, int payloadBytes) {
            this.offeredMbps = offeredMbps;
            this.payloadBytes = payloadBytes;
            return this;
        }

        /** The air's capacity for MPDU octets, Mbit/s. */
        public Builder airMbps(double mbps) {
            this.airMbps = mbps;
            return this;
        }

        /** The driver's RX descriptors and frames per NAPI poll. */
        public Builder rx(int rxRingSize, int napiBudget) {
            this.rxRingSize = rxRingSize;
            this.napiBudget = napiBudget;
            return this;
        }

        /** How long the download runs and the warm-up cut from its statistics, seconds. */
        public Builder run(double durationS, double warmupS) {
            this.durationS = durationS;
            this.warmupS = warmupS;
            return this;
        }

        public Config build() {
            return new Config(costs, ccmp, ccm, offeredMbps, payloadBytes, airMbps, rxRingSize, napiBudget, durationS,
                    warmupS, scheduler);
        }
    }

    /**
     * What one replication measured after the warm-up.
     *
     * @param fpuShare share of the station CPU's time spent in {@code kernel_fpu_begin}/{@code end}
     * @param latency  from the access point's send to the socket, of the datagrams received
     */
    public record Outcome(double goodputBps, long sent, long received, long missed, long micFailures,
                          long payloadErrors, long fpuSections, double fpuShare, double softirqSeconds,
                          double latencyP50Us, double latencyP99Us, LatencyHistogram latency) {
    }

    /**
     * The station CPU's costs, in cycles at {@code ghz}.
     *
     * @param rxCycles            one frame through the driver, mac80211 and IP/UDP to the socket, besides CCMP
     * @param fpuBeginEndCycles   one kernel_fpu_begin/end pair
     * @param blockCycles         one 16-octet block through a template and the single-block AES-NI cipher
     * @param templateCycles      one request through the ccm template (set-up, scatterlists)
     * @param requestCycles       one request of the one-section AES-NI CCM (besides its octets)
     * @param wrapperCycles       the SIMD helper's detour
     * @param ctrCyclesPerByte    AES-NI CTR, per octet
     * @param cbcmacCyclesPerByte AES-NI CBC-MAC (one block after the other), per octet
     */
    public record WifiCosts(double ghz, double rxCycles, double fpuBeginEndCycles, double blockCycles,
                            double templateCycles, double requestCycles, double wrapperCycles,
                            double ctrCyclesPerByte, double cbcmacCyclesPerByte) {
        /** FPU sections one frame with {@code body} octets of plaintext needs. */
        static long sections(CcmFpuUse ccm, int body) {
            int blocks = (body + 15) / 16;
            return ccm == CcmFpuUse.PER_REQUEST ? 1 : (blocks + 1) + (1 + AAD_BLOCKS + blocks);
        }

        /** CPU time of decrypting and verifying one frame with {@code body} octets of plaintext, ns. */
        double ccmpNs(CcmFpuUse ccm, int body) {
            int blocks = (body + 15) / 16;
            double cycles = ccm == CcmFpuUse.PER_REQUEST
                    ? requestCycles + wrapperCycles + fpuBeginEndCycles + (body + 16) * ctrCyclesPerByte
                            + 16.0 * (1 + AAD_BLOCKS + blocks) * cbcmacCyclesPerByte
                    : templateCycles + sections(ccm, body) * (blockCycles + fpuBeginEndCycles);
            return cycles / ghz;
        }
    }

    private WifiStation() {
    }

    /** Runs one replication; {@code keys} draws the pairwise key. */
    public static Outcome run(Config c, RandomStream keys) {
        return new Run(c, keys).run();
    }

    private static final class Run {
        private final Config c;
        private final Simulator sim = EventListKind.DEFAULT.newSimulator();
        private final Cpu cpu;
        private final CcmEngine engine = new JdkCcmEngine();
        private final CcmpCodec ap;
        private final CcmpCodec station;
        private final ArrayDeque<Mpdu> ring = new ArrayDeque<>();
        private final Napi napi;
        private final LatencyHistogram latency = new LatencyHistogram();
        private final int body;
        private final double gapNs;
        private final double stackNs;
        private final double ccmpNs;
        private long seq;
        private boolean measuring;
        private long sent;
        private long received;
        private long missed;
        private long micFailures;
        private long payloadErrors;
        private long sections;
        private double payloadBits;
        private double softirqAtWarmup;

        Run(Config c, RandomStream keys) {
            this.c = c;
            this.napi = new Napi();
            this.cpu = new Cpu(sim, 0, c.scheduler(), false);
            byte[] key = BackToBack.randomKey(keys, CcmpSuite.CCMP_128.keyBytes());
            this.ap = new CcmpCodec(new CcmpKey(CcmpSuite.CCMP_128, key, 0));
            this.station = new CcmpCodec(new CcmpKey(CcmpSuite.CCMP_128, key, 0));
            this.body = LLC_SNAP + UdpWire.IP + UdpWire.UDP + c.payloadBytes();
            int mpdu = MAC_HEADER + body + (c.ccmp() ? 16 : 0);
            double offeredGap = 1e9 * c.payloadBytes() * 8 / (c.offeredMbps() * 1e6);
            double airGap = 1e9 * mpdu * 8 / (c.airMbps() * 1e6);
            this.gapNs = Math.max(offeredGap, airGap);
            this.stackNs = c.costs().rxCycles() / c.costs().ghz();
            this.ccmpNs = c.ccmp() ? c.costs().ccmpNs(c.ccm(), body) : 0;
        }

        Outcome run() {
            new Arrival(sim).schedule(0);
            Once.at(sim, Time.s(c.warmupS()), () -> {
                measuring = true;
                softirqAtWarmup = cpu.busyNs(Context.SOFTIRQ);
            });
            Once.at(sim, Time.s(c.durationS()), sim::stop);
            sim.start();
            double seconds = c.durationS() - c.warmupS();
            double fpuNs = sections * c.costs().fpuBeginEndCycles() / c.costs().ghz();
            return new Outcome(payloadBits / seconds, sent, received, missed, micFailures, payloadErrors, sections,
                    fpuNs / Time.s(seconds), Time.toS(cpu.busyNs(Context.SOFTIRQ) - softirqAtWarmup),
                    Time.toUs(latency.percentile(0.5)), Time.toUs(latency.percentile(0.99)), latency);
        }

        /** The access point sends the next frame; it reaches the station's RX ring after its air time. */
        private final class Arrival extends Event {
            Arrival(Simulator sim) {
                super(sim);
            }

            @Override
            public void actions() {
                Mpdu f = frame(seq++, sim.time());
                if (measuring) {
                    sent++;
                }
                if (ring.size() >= c.rxRingSize()) {
                    if (measuring) {
                        missed++;
                    }
                } else {
                    ring.add(f);
                    napi.schedule(cpu);
                }
                schedule(gapNs);
            }
        }

        /** A QoS data frame from the access point carrying datagram {@code n}, protected when WPA2 is on. */
        private Mpdu frame(long n, double now) {
            byte[] b = new byte[Mpdu.HEADROOM + MAC_HEADER + body + Mpdu.TAILROOM];
            int o = Mpdu.HEADROOM;
            UdpWire.write(b, o + MAC_HEADER + LLC_SNAP - UdpWire.ETH, STATION, AP, 0x0a000001, 0x0a000002, 5201, 5201,
                    n, (long) now, c.payloadBytes());
            b[o] = (byte) (Ieee80211Header.TYPE_DATA | Ieee80211Header.SUBTYPE_QOS);
            b[o + 1] = (byte) (Ieee80211Header.FROM_DS >> 8);
            System.arraycopy(STATION, 0, b, o + Ieee80211Header.ADDR1, 6);
            System.arraycopy(AP, 0, b, o + Ieee80211Header.ADDR2, 6);
            System.arraycopy(AP, 0, b, o + Ieee80211Header.ADDR3, 6);
            b[o + Ieee80211Header.SEQUENCE_CONTROL] = (byte) (n << 4);
            b[o + Ieee80211Header.SEQUENCE_CONTROL + 1] = (byte) (n >> 4);
            b[o + Ieee80211Header.BASE_LEN] = 0;  // QoS control: TID 0
            b[o + Ieee80211Header.BASE_LEN + 1] = 0;
            int llc = o + MAC_HEADER;
            b[llc] = (byte) 0xaa;
            b[llc + 1] = (byte) 0xaa;
            b[llc + 2] = 0x03;
            b[llc + 3] = 0;
            b[llc + 4] = 0;
            b[llc + 5] = 0;  // then EtherType 0x0800, which UdpWire wrote
            Mpdu f = Mpdu.wrap(b, o, MAC_HEADER + body);
            if (c.ccmp()) {
                ap.protect(f, engine);
            }
            return f;
        }

        /** The driver's NAPI poll: one frame per piece of softirq work, up to the budget per poll. */
        private final class Napi extends NapiPoll {
            Mpdu current;

            Napi() {
                super(c.napiBudget());
            }

            @Override
            public double start(Cpu cpu) {
                current = ring.poll();
                polledOne();
                return stackNs + ccmpNs;
            }

            @Override
            public void finish(Cpu cpu) {
                deliver(current);
                current = null;
                afterFrame(cpu, ring.isEmpty());
            }
        }

        private void deliver(Mpdu f) {
            if (c.ccmp()) {
                CcmpRxVerdict v = station.unprotect(f, engine);
                if (measuring) {
                    sections += WifiCosts.sections(c.ccm(), body);
                }
                if (v != CcmpRxVerdict.OK) {
                    if (measuring) {
                        micFailures++;
                    }
                    return;
                }
            }
            int eth = f.offset() + MAC_HEADER + LLC_SNAP - UdpWire.ETH;
            int len = f.length() - MAC_HEADER - LLC_SNAP + UdpWire.ETH;
            if (!measuring) {
                return;
            }
            if (!UdpWire.valid(f.bytes(), eth, len) || !UdpWire.fillerIntact(f.bytes(), eth, len)) {
                payloadErrors++;
                return;
            }
            received++;
            payloadBits += c.payloadBytes() * 8.0;
            latency.add(sim.time() - UdpWire.sendNs(f.bytes(), eth));
        }
    }

    private static final byte[] AP = {0x02, 0, 0, 0, 0, 0x01};
    private static final byte[] STATION = {0x02, 0, 0, 0, 0, 0x02};
}
