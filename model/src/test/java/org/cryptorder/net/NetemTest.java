package org.cryptorder.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.engine.Time;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.metrics.Rfc4737Reordering;
import org.cryptorder.net.Impairment.DelayDistribution;
import org.cryptorder.net.Impairment.DeterministicReorder;
import org.cryptorder.net.Impairment.GilbertElliott;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * The netem stage on a bare link: frames of 100 octets sent every {@code spacingNs} at 10 Gbit/s
 * (100 ns on the wire each, no propagation delay), so frame i leaves the wire at exactly
 * {@code i * spacingNs + 100} and whatever the stage does is seen directly. Statistical checks use
 * 95% intervals: binomial ({@code p +/- 1.96 sqrt(p(1-p)/n)}) for rates, normal theory for means;
 * each runs one fixed seed, so a pass is reproducible.
 */
class NetemTest {
    static final int OCTETS = 100;
    static final double WIRE_NS = 100;
    static final double Z95 = 1.96;

    /** One run: arrivals (frame id and time) at the receiver, the bytes sent and received if kept, the stage. */
    record Run(List<long[]> arrivals, List<byte[]> sent, List<byte[]> received, Netem stage, StreamRegistry streams) {
        long[] ids() {
            return arrivals.stream().mapToLong(a -> a[0]).toArray();
        }

        /** Extra delay of each arrival over the bare wire, by arrival. */
        double[] extraNs(double spacingNs) {
            return arrivals.stream().mapToDouble(a -> a[1] - (a[0] * spacingNs + WIRE_NS)).toArray();
        }

        /** Ids the receiver never saw. */
        TreeSet<Long> missing(int frames) {
            TreeSet<Long> m = new TreeSet<>();
            for (long i = 0; i < frames; i++) {
                m.add(i);
            }
            arrivals.forEach(a -> m.remove(a[0]));
            return m;
        }

        long reordered() {
            Rfc4737Reordering r = new Rfc4737Reordering();
            arrivals.forEach(a -> r.arrive(a[0]));
            return r.reordered();
        }
    }

    static Run run(Impairment impairment, int frames, double spacingNs, long seed) {
        return run(impairment, frames, spacingNs, seed, false);
    }

    /** Frames 0..frames-1 through a link with {@code impairment} (null: no stage), each with distinct bytes. */
    static Run run(Impairment impairment, int frames, double spacingNs, long seed, boolean keepBytes) {
        Simulator sim = EventListKind.DEFAULT.newSimulator();
        Link link = new Link(sim, "a->b", 10e9, 0);
        List<long[]> arrivals = new ArrayList<>();
        List<byte[]> sent = new ArrayList<>();
        List<byte[]> received = new ArrayList<>();
        link.connect(p -> {
            arrivals.add(new long[] {p.id(), (long) sim.time()});
            if (keepBytes) {
                received.add(p.frame().toByteArray());
            }
        });
        StreamRegistry streams = new StreamRegistry(seed);
        Netem stage = impairment == null ? null
                : link.impair(impairment, streams.replication(0).under("a->b.impairment"));
        new Event(sim) {
            long id;

            @Override
            public void actions() {
                MacsecFrame f = MacsecFrame.allocate(OCTETS);
                for (int i = 0; i < OCTETS; i++) {
                    f.bytes()[f.offset() + i] = (byte) (id * 31 + i);
                }
                if (keepBytes) {
                    sent.add(f.toByteArray());
                }
                link.send(new Packet(id++, 0, sim.time(), f));
                if (id < frames) {
                    schedule(spacingNs);
                }
            }
        }.schedule(0);
        sim.start();
        return new Run(arrivals, sent, received, stage, streams);
    }

    static double mean(double[] x) {
        return Arrays.stream(x).average().orElseThrow();
    }

    static double sd(double[] x) {
        double m = mean(x);
        return Math.sqrt(Arrays.stream(x).map(v -> (v - m) * (v - m)).sum() / (x.length - 1));
    }

    /** Asserts {@code k} of {@code n} lies in the 95% binomial interval around {@code p}. */
    static void assertBinomial(String what, long k, long n, double p) {
        double halfWidth = Z95 * Math.sqrt(p * (1 - p) / n);
        assertThat((double) k / n).as("%s: %d of %d, expected %.4f +/- %.4f", what, k, n, p, halfWidth)
                .isCloseTo(p, within(halfWidth));
    }

    // ---- no impairment, constant delay ----

    @Test
    void aStageWithEverythingOffKeepsTheBareLinksTiming() {
        Run bare = run(null, 2000, 1000, 1);
        Run none = run(Impairment.NONE, 2000, 1000, 1);
        assertThat(none.arrivals()).usingRecursiveFieldByFieldElementComparator().isEqualTo(bare.arrivals());
        assertThat(none.stage().counts()).isEqualTo(new Netem.Counts(2000, 2000, 0, 0, 0, 0, 0, 0, 0));
        assertThat(none.streams().names()).as("no impairment on, no stream taken").isEmpty();
    }

    @Test
    void aConstantDelayAddsExactlyThatAndNeverReorders() {
        Run r = run(Impairment.NONE.withDelay(37.5), 5000, 300, 1);
        assertThat(r.arrivals()).hasSize(5000);
        assertThat(r.extraNs(300)).containsOnly(37_500);
        assertThat(r.reordered()).isZero();
        assertThat(r.stage().counts().delayed()).isEqualTo(5000);
        assertThat(r.streams().names()).as("no jitter, no draw").isEmpty();
    }

    // ---- jitter ----

    @Test
    void uniformJitterStaysInRangeAveragesTheDelayAndReorders() {
        // netem: delay - jitter + (rnd mod 2 jitter): whole ns of [80 us, 120 us), mean 100 us - 0.5 ns,
        // standard deviation 20 us / sqrt(3); frames 1 us apart are overtaken all the time
        int n = 20_000;
        Run r = run(Impairment.NONE.withDelay(100, 20, DelayDistribution.UNIFORM, 0), n, 1000, 2);
        double[] extra = r.extraNs(1000);
        assertThat(extra).hasSize(n);
        assertThat(Arrays.stream(extra).min().orElseThrow()).isGreaterThanOrEqualTo(80_000);
        assertThat(Arrays.stream(extra).max().orElseThrow()).isLessThan(120_000);
        double halfWidth = Z95 * 20_000 / Math.sqrt(3) / Math.sqrt(n);
        assertThat(mean(extra)).isCloseTo(99_999.5, within(halfWidth));
        assertThat(r.reordered()).as("jitter reorders, as netem's tfifo without rate").isGreaterThan(n / 2);
        assertThat(r.streams().names()).containsExactly("a->b.impairment.delay");
    }

    @Test
    void normalJitterHasTheConfiguredMeanAndDeviation() {
        int n = 20_000;
        Run r = run(Impairment.NONE.withDelay(100, 10, DelayDistribution.NORMAL, 0), n, 1000, 3);
        double[] extra = r.extraNs(1000);
        // mean: sigma / sqrt(n); standard deviation: sigma / sqrt(2n) (normal theory; clipping at 4 sigma ignored)
        assertThat(mean(extra)).isCloseTo(100_000, within(Z95 * 10_000 / Math.sqrt(n)));
        assertThat(sd(extra)).isCloseTo(10_000, within(Z95 * 10_000 / Math.sqrt(2.0 * n)));
        assertThat(r.reordered()).isPositive();
    }

    @Test
    void paretoJitterFollowsNistNetsTable() {
        // t = (V^(-1/3) - 1.5) * 4/3 clipped at c = 32767/8192: smallest -2/3, mean -(2/3) / X^2 with
        // X = 1.5 + 0.75 c, standard deviation (4/3) sqrt(1 + 2 (1 - 1/X) - (1.5 - 0.5 / X^2)^2)
        assertThat(DelayDistribution.PARETO.quantile(0)).isCloseTo(-2.0 / 3, within(1e-12));
        assertThat(DelayDistribution.PARETO.quantile(1 - 1e-9)).isEqualTo(32767.0 / 8192);
        assertThat(DelayDistribution.NORMAL.quantile(0.5)).isZero();
        assertThat(DelayDistribution.NORMAL.quantile(0)).isEqualTo(-4);
        assertThat(DelayDistribution.PARETONORMAL.quantile(0.5))
                .isCloseTo((0 + 3 * (Math.pow(0.5, -1.0 / 3) - 1.5) * 4 / 3) / 4, within(1e-12));
        double x = 1.5 + 0.75 * 32767.0 / 8192;
        double meanT = -(2.0 / 3) / (x * x);
        double sdT = 4.0 / 3 * Math.sqrt(1 + 2 * (1 - 1 / x) - Math.pow(1.5 - 0.5 / (x * x), 2));
        int n = 20_000;
        Run r = run(Impairment.NONE.withDelay(100, 10, DelayDistribution.PARETO, 0), n, 1000, 4);
        double[] extra = r.extraNs(1000);
        assertThat(Arrays.stream(extra).min().orElseThrow()).isGreaterThanOrEqualTo(100_000 - 10_000 * 2.0 / 3 - 1);
        assertThat(mean(extra)).isCloseTo(100_000 + 10_000 * meanT, within(Z95 * 10_000 * sdT / Math.sqrt(n)));
    }

    // ---- loss ----

    @Test
    void randomLossRateIsWithinItsBinomialInterval() {
        int n = 100_000;
        Run r = run(Impairment.NONE.withLoss(0.03, 0), n, 1000, 5);
        long lost = r.stage().counts().lost();
        assertThat(n - r.arrivals().size()).isEqualTo(lost);
        assertBinomial("loss", lost, n, 0.03);
        assertThat(r.reordered()).isZero();
        assertThat(r.extraNs(1000)).as("loss alone delays nothing").containsOnly(0);
    }

    @Test
    void correlatedLossComesInRunsAsNetemsMovingAverageMakesIt() {
        // u_n = 0.1 U + 0.9 u_{n-1} is symmetric about 1/2, so loss 50% stays 50%, but losses cluster
        int n = 50_000;
        Run r = run(Impairment.NONE.withLoss(0.5, 0.9), n, 1000, 6);
        TreeSet<Long> lost = r.missing(n);
        assertBinomial("correlated loss", lost.size(), n, 0.5);
        long followed = lost.stream().filter(i -> lost.contains(i + 1)).count();
        assertThat((double) followed / lost.size()).as("P(loss | previous lost)").isGreaterThan(0.8);
    }

    @Test
    void lossCorrelationFollowsNetemsArithmeticNotTheNominalRate() {
        // netem's u_n = 0.75 U + 0.25 u_{n-1} rarely falls below 0.1: a 10^6-draw evaluation of the
        // recursion alone gives a loss rate of 0.0174, not 0.1; allow +/-30% for the correlated sample
        int n = 100_000;
        Run r = run(Impairment.NONE.withLoss(0.1, 0.25), n, 1000, 18);
        double rate = (double) r.stage().counts().lost() / n;
        assertThat(rate).isBetween(0.0174 * 0.7, 0.0174 * 1.3);
    }

    @Test
    void gilbertElliottBurstsHaveMeanLengthOneOverR() {
        // simple Gilbert (1-h = 1, 1-k = 0): frame n is lost iff the chain is Bad when n arrives, so loss
        // bursts are the Bad sojourns, geometric with mean 1/r and variance (1-r)/r^2; the loss rate is
        // pi_B = p/(p+r), whose estimate from n frames has variance pi_B pi_G (1+l)/(1-l)/n, l = 1-p-r
        double p = 0.01;
        double rr = 0.25;
        int n = 200_000;
        Run r = run(Impairment.NONE.withGilbertElliott(GilbertElliott.simple(p, rr)), n, 1000, 7);
        TreeSet<Long> lost = r.missing(n);
        assertThat(r.stage().counts().lost()).isEqualTo(lost.size());
        List<Integer> bursts = new ArrayList<>();
        long previous = -2;
        for (long i : lost) {
            if (i == previous + 1) {
                bursts.set(bursts.size() - 1, bursts.get(bursts.size() - 1) + 1);
            } else {
                bursts.add(1);
            }
            previous = i;
        }
        double meanBurst = bursts.stream().mapToInt(Integer::intValue).average().orElseThrow();
        double burstHalfWidth = Z95 * Math.sqrt(1 - rr) / rr / Math.sqrt(bursts.size());
        assertThat(meanBurst).as("%d bursts", bursts.size()).isCloseTo(1 / rr, within(burstHalfWidth));
        double bad = p / (p + rr);
        double lambda = 1 - p - rr;
        double rateHalfWidth = Z95 * Math.sqrt(bad * (1 - bad) * (1 + lambda) / (1 - lambda) / n);
        assertThat((double) lost.size() / n).isCloseTo(bad, within(rateHalfWidth));
        assertThat(GilbertElliott.simple(p, rr).stationaryLoss()).isCloseTo(bad, within(1e-15));
    }

    @Test
    void gilbertElliottDecidesTheLossInTheStateTheFrameFound() {
        // p = 1, r = 1: the chain alternates Good, Bad, Good... starting in Good; with 1-k = 0 and
        // 1-h = 1 exactly the odd frames are lost (netem's loss_gilb_ell, Linux 6.x)
        Run r = run(Impairment.NONE.withGilbertElliott(GilbertElliott.simple(1, 1)), 10, 1000, 8);
        assertThat(r.ids()).containsExactly(0, 2, 4, 6, 8);
        assertThat(GilbertElliott.tcDefaults(0.2)).isEqualTo(new GilbertElliott(0.2, 0.8, 1, 0));
    }

    // ---- duplication and corruption ----

    @Test
    void duplicationRateIsWithinItsBinomialIntervalAndCopiesAreExact() {
        int n = 100_000;
        Run r = run(Impairment.NONE.withDuplicate(0.05, 0).withCorrupt(0.5, 0), n, 1000, 9, true);
        long dups = r.stage().counts().duplicated();
        assertThat(r.arrivals()).hasSize(n + (int) dups);
        assertBinomial("duplication", dups, n, 0.05);
        long[] ids = r.ids();
        long pairs = 0;
        for (int i = 1; i < ids.length; i++) {
            if (ids[i] == ids[i - 1]) {
                pairs++;
                // netem copies before corrupting; each copy then takes its own corruption draw
                byte[] original = r.sent().get((int) ids[i]);
                int bits = flippedBits(original, r.received().get(i - 1)) + flippedBits(original, r.received().get(i));
                assertThat(bits).isLessThanOrEqualTo(2);
            }
        }
        assertThat(pairs).as("without delay a copy arrives just before its original").isEqualTo(dups);
    }

    static int flippedBits(byte[] a, byte[] b) {
        int bits = 0;
        for (int k = 0; k < a.length; k++) {
            bits += Integer.bitCount((a[k] ^ b[k]) & 0xff);
        }
        return bits;
    }

    @Test
    void corruptionFlipsExactlyOneBitOfEachCorruptedFrame() {
        int n = 20_000;
        Run r = run(Impairment.NONE.withCorrupt(0.1, 0), n, 1000, 10, true);
        long damaged = 0;
        for (int i = 0; i < n; i++) {
            int bits = flippedBits(r.sent().get(i), r.received().get(i));
            assertThat(bits).isLessThanOrEqualTo(1);
            damaged += bits;
        }
        assertThat(damaged).isEqualTo(r.stage().counts().corrupted());
        assertBinomial("corruption", damaged, n, 0.1);
    }

    // ---- netem reordering ----

    @Test
    void reorderWithGapFiveSendsEveryFifthFrameAtOnce() {
        // tc: delay 10ms reorder 100% gap 5 -> frames 5, 10, 15... (ids 4, 9, 14...) skip the delay
        int n = 1000;
        Run r = run(Impairment.NONE.withDelay(10).withReorder(1, 0, 5), n, 1000, 11);
        Map<Long, Double> extra = new HashMap<>();
        double[] e = r.extraNs(1000);
        long[] ids = r.ids();
        for (int i = 0; i < ids.length; i++) {
            extra.put(ids[i], e[i]);
        }
        for (long i = 0; i < n; i++) {
            assertThat(extra.get(i)).as("frame %d", i).isEqualTo(i % 5 == 4 ? 0 : 10_000);
        }
        assertThat(r.stage().counts().reordered()).isEqualTo(n / 5);
        assertThat(r.reordered()).as("each overtakes the four frames before it").isEqualTo(n / 5 * 4);
    }

    @Test
    void reorderProbabilityIsWithinItsBinomialInterval() {
        int n = 50_000;
        Run r = run(Impairment.NONE.withDelay(10).withReorder(0.25, 0, 0), n, 1000, 12);
        assertThat(r.stage().config().reorderGap()).as("tc's default gap").isEqualTo(1);
        long atOnce = Arrays.stream(r.extraNs(1000)).filter(x -> x == 0).count();
        assertThat(atOnce).isEqualTo(r.stage().counts().reordered());
        assertBinomial("reorder", atOnce, n, 0.25);
    }

    // ---- deterministic rule ----

    @Test
    void deterministicDisplacementGivesTheExactPermutation() {
        Run r = run(Impairment.NONE.withDeterministicReorder(DeterministicReorder.displace(4, 1, 2)), 12, 1000, 13);
        assertThat(r.ids()).containsExactly(0, 2, 3, 1, 4, 6, 7, 5, 8, 10, 11, 9);
        assertThat(r.extraNs(1000)).as("held frames leave with the frame that frees them")
                .containsExactly(0, 0, 0, 2000, 0, 0, 0, 2000, 0, 0, 0, 2000);
        assertThat(r.stage().counts().held()).isEqualTo(3);
        assertThat(r.streams().names()).isEmpty();
    }

    @Test
    void overlappingDisplacementsCountOnlyLaterFramesAsPassing() {
        // k = 2 < d = 3: 0 is passed by 1, 3, 5; 2 by 3, 5, 7; 4 by 5, 7, 9; 6 and 8 wait for more
        Run r = run(Impairment.NONE.withDeterministicReorder(DeterministicReorder.displace(2, 0, 3)), 10, 1000, 14);
        assertThat(r.ids()).containsExactly(1, 3, 5, 0, 7, 2, 9, 4);
        assertThat(r.stage().counts().inside()).isEqualTo(2);
    }

    @Test
    void deterministicHoldAddsExactlyTheHoldTime() {
        int n = 1000;
        Run r = run(Impairment.NONE.withDeterministicReorder(DeterministicReorder.hold(10, 3, 2.5)), n, 1000, 15);
        double[] e = r.extraNs(1000);
        long[] ids = r.ids();
        for (int i = 0; i < ids.length; i++) {
            assertThat(e[i]).as("frame %d", ids[i]).isEqualTo(ids[i] % 10 == 3 ? 2500 : 0);
        }
        assertThat(r.reordered()).as("each held frame is passed by frames 1 and 2 us behind it").isEqualTo(n / 10);
    }

    // ---- limit, validation, independence ----

    @Test
    void aFullDelayQueueDropsLikeNetemsLimit() {
        // frames 1 us apart, each held 100.5 us: the first 10 fill the queue, the next 10 find it full
        Run r = run(Impairment.NONE.withDelay(100.5).withLimit(10), 20, 1000, 16);
        assertThat(r.ids()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9);
        assertThat(r.stage().counts().overLimit()).isEqualTo(10);
    }

    // ---- rate: a bottleneck with a drop-tail queue ----

    @Test
    void rateSpacesFramesByTheirTransmissionTimeAndTheLimitDropsTheTail() {
        // packet_time_ns: (100 octets + 25 overhead) x 8 at 1000 Mbit/s is 1000 ns; frames offered
        // every 100 ns, so the queue builds and frame i leaves at 100 (wire) + 1000 (i + 1); the
        // limit counts the frame being sent, so with 5 the 6th to 9th offered find it full
        assertThat(Impairment.NONE.withRate(1, 900).packetTimeNs(OCTETS)).isEqualTo(8_000_000);
        assertThat(Impairment.NONE.withRate(1000, -50).packetTimeNs(OCTETS)).isEqualTo(400);
        Run s = run(Impairment.NONE.withRate(1000, 25).withLimit(5), 9, 100, 21);
        assertThat(s.ids()).containsExactly(0, 1, 2, 3, 4);
        assertThat(s.stage().counts().overLimit()).isEqualTo(4);
        long[] at = s.arrivals().stream().mapToLong(a -> a[1]).toArray();
        assertThat(at).containsExactly(1100, 2100, 3100, 4100, 5100);
    }

    @Test
    void rateAfterADelayIsAQueueThenTheDelayAndTheRuleHoldsAtTheEnd() {
        // sch_netem: time_to_send = max(now + delay, last) + packet_time. 125 octets at
        // 1000 Mbit/s is 1000 ns; frames every 500 ns, delay 3 us: frame i leaves at 100 + 3000 + 1000 (i + 1)
        // (a FIFO at the rate, then the delay); the rule moves frame 2 behind 3 and 4 after that
        Run r = run(Impairment.NONE.withDelay(3).withRate(1000, 25)
                .withDeterministicReorder(DeterministicReorder.displace(100, 2, 2)), 6, 500, 22);
        assertThat(r.ids()).containsExactly(0, 1, 3, 4, 2, 5);
        long[] at = r.arrivals().stream().mapToLong(a -> a[1]).toArray();
        assertThat(at).containsExactly(4100, 5100, 7100, 8100, 8100, 9100);
        assertThat(r.reordered()).isEqualTo(1);
    }

    @Test
    void tcsRulesAreEnforced() {
        assertThatThrownBy(() -> Impairment.NONE.withRate(-1, 0)).hasMessageContaining("rateMbps");
        assertThatThrownBy(() -> Impairment.NONE.withRate(0, 24)).hasMessageContaining("set rateMbps too");
        assertThatThrownBy(() -> Impairment.NONE.withReorder(0.25, 0, 0))
                .hasMessageContaining("reordering not possible without specifying some delay");
        assertThatThrownBy(() -> Impairment.builder().delay(1, 0, DelayDistribution.UNIFORM, 0).reorder(0, 0, 5).build())
                .hasMessageContaining("gap specified without reorder probability");
        assertThatThrownBy(() -> Impairment.builder().loss(0.1, 0).gilbertElliott(GilbertElliott.simple(0.1, 0.5))
                .build()).hasMessageContaining("exclude");
        assertThatThrownBy(() -> Impairment.NONE.withLoss(1.5, 0)).hasMessageContaining("fraction");
        assertThatThrownBy(() -> DeterministicReorder.displace(0, 0, 3)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new DeterministicReorder(10, 0, 3, 5)).hasMessageContaining("exactly one");
    }

    @Test
    void switchingOtherImpairmentsOnChangesNoLossDecision() {
        // each impairment has its own stream, and draws only where netem draws: the frames lost with
        // loss alone are the frames lost with corruption, jitter, netem reordering and the
        // deterministic rule on as well
        int n = 20_000;
        Impairment lossOnly = Impairment.NONE.withLoss(0.02, 0);
        Impairment everything = lossOnly.withCorrupt(0.01, 0).withDelay(20, 5, DelayDistribution.NORMAL, 0.3)
                .withReorder(0.1, 0, 3).withDeterministicReorder(DeterministicReorder.displace(7, 2, 2));
        Run alone = run(lossOnly, n, 1000, 17);
        Run all = run(everything, n, 1000, 17);
        TreeSet<Long> lostAlone = alone.missing(n);
        TreeSet<Long> missingWithAll = all.missing(n);
        assertThat(lostAlone).hasSizeGreaterThan(300);
        assertThat(all.stage().counts().lost()).isEqualTo(lostAlone.size());
        assertThat(missingWithAll).as("the lost frames, and the held frames nobody passed at the end")
                .containsAll(lostAlone).hasSize(lostAlone.size() + (int) all.stage().counts().inside());
        assertThat(all.streams().names()).containsExactly("a->b.impairment.corrupt", "a->b.impairment.delay",
                "a->b.impairment.loss", "a->b.impairment.reorder");
    }
}
