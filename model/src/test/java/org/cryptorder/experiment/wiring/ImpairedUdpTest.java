package org.cryptorder.experiment.wiring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.cryptorder.crypto.Policy;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.metrics.Rfc4737Reordering;
import org.cryptorder.net.Impairment;
import org.cryptorder.net.Impairment.DelayDistribution;
import org.cryptorder.net.Impairment.DeterministicReorder;
import org.cryptorder.net.Netem;
import org.junit.jupiter.api.Test;

/**
 * Link impairments through the whole datapath: UDP from a to b over MACsec (encrypted), the netem
 * stage on a->b between the wire and b's NIC. With {@code sync-simd} crypto never reorders (the
 * FPU is waited for, never deferred to cryptd), so every disorder the sink sees comes from the
 * link, and exact counts can be asserted.
 */
class ImpairedUdpTest {
    static final String PREFIX = "a->b.impairment";

    /** What b's NIC received from the link (after the stage), in order, and the stage. */
    static final class Tap {
        final List<long[]> arrivals = new ArrayList<>();
        Netem stage;

        long[] ids() {
            return arrivals.stream().mapToLong(a -> a[0]).toArray();
        }
    }

    /** Runs {@code c} with {@code impairment} on a->b (null: no stage), recording b's NIC arrivals. */
    static UdpStreams.Outcome run(UdpStreams.Config c, Impairment impairment, StreamRegistry streams, Tap tap) {
        Consumer<BackToBack> customize = net -> {
            var sim = net.b().cpu(0).simulator();
            net.aToB().connect(p -> {
                tap.arrivals.add(new long[] {p.id(), (long) sim.time()});
                net.b().nic().arrive(p);
            });
            if (impairment != null) {
                tap.stage = net.aToB().impair(impairment, streams.replication(0).under(PREFIX));
            }
        };
        return UdpStreams.run(c, streams, 0, customize);
    }

    /** One flow of 1400-octet datagrams at 2 Gbit/s for 20 ms (about 3570), one RX CPU, FPU contention 0.3. */
    static UdpStreams.Config config(Policy policy) {
        return UdpDatapathTest.config(policy, 0.3, 1, 1, 2000, 0.02);
    }

    @Test
    void everyTenthFrameHeldBehindThreeSuccessorsIsReorderedWithExtentThree() {
        // frames 5, 15, 25, ... each arrive right after the third frame behind them: one reordered
        // datagram of extent exactly 3 per displaced frame (RFC 4737), except a displaced frame with
        // fewer than 3 frames after it, which stays held and counts as lost
        Tap tap = new Tap();
        UdpStreams.Outcome base = run(config(Policy.SYNC_SIMD), null, new StreamRegistry(21), new Tap());
        UdpStreams.Outcome o = run(config(Policy.SYNC_SIMD),
                Impairment.NONE.withDeterministicReorder(DeterministicReorder.displace(10, 5, 3)),
                new StreamRegistry(21), tap);
        long sent = o.sent();
        assertThat(sent).isEqualTo(base.sent()).isGreaterThan(3000);
        assertThat(base.reordered()).as("sync-simd keeps order by itself").isZero();
        long displaced = 0;
        long released = 0;
        for (long n = 5; n < sent; n += 10) {
            displaced++;
            if (n + 3 <= sent - 1) {
                released++;
            }
        }
        Netem.Counts counts = tap.stage.counts();
        assertThat(counts.held()).isEqualTo(displaced);
        assertThat(counts.inside()).isEqualTo(displaced - released);
        assertThat(o.reordered()).as("RFC 4737 reordered at the sink").isEqualTo(released);
        assertThat(o.extentMax()).isEqualTo(3);
        assertThat(o.outOfOrder() - base.outOfOrder()).as("iperf3's out-of-order").isEqualTo(released);
        assertThat(o.inPktsDelayed()).as("MACsec counts each late PN").isEqualTo(released);
        assertThat(o.received()).isEqualTo(sent - (displaced - released));
        Rfc4737Reordering atNic = new Rfc4737Reordering();
        for (long id : tap.ids()) {
            atNic.arrive(id);
        }
        assertThat(atNic.extentHistogram()[3]).as("every extent is 3").isEqualTo(released);
        assertThat(atNic.extents().sum()).isEqualTo(3 * released);
    }

    @Test
    void aConstantDelayShiftsEveryArrivalAndJitterReorders() {
        Tap bare = new Tap();
        Tap delayed = new Tap();
        Tap jittered = new Tap();
        UdpStreams.Outcome o0 = run(config(Policy.SYNC_SIMD), null, new StreamRegistry(22), bare);
        UdpStreams.Outcome o1 = run(config(Policy.SYNC_SIMD), Impairment.NONE.withDelay(100), new StreamRegistry(22),
                delayed);
        // 100 +/- 20 us uniform on frames about 5.7 us apart: netem's tfifo lets them overtake
        UdpStreams.Outcome o2 = run(config(Policy.SYNC_SIMD),
                Impairment.NONE.withDelay(100, 20, DelayDistribution.UNIFORM, 0), new StreamRegistry(22), jittered);
        assertThat(delayed.arrivals).hasSameSizeAs(bare.arrivals);
        for (int i = 0; i < bare.arrivals.size(); i++) {
            assertThat(delayed.arrivals.get(i)).containsExactly(bare.arrivals.get(i)[0],
                    bare.arrivals.get(i)[1] + 100_000);
        }
        assertThat(o1.reordered()).isZero();
        assertThat(o1.latencyP50Us() - o0.latencyP50Us()).as("within a 3%% histogram bin").isCloseTo(100,
                within(0.04 * o1.latencyP50Us()));
        Rfc4737Reordering atNic = new Rfc4737Reordering();
        for (long id : jittered.ids()) {
            atNic.arrive(id);
        }
        assertThat(atNic.reordered()).isGreaterThan(100);
        assertThat(o2.reordered()).as("sync-simd delivers in NIC order").isEqualTo(atNic.reordered());
        assertThat(o2.received()).isEqualTo(o2.sent());
    }

    @Test
    void switchingLossOnChangesTheRunOnlyThroughTheLostFrames() {
        // async crypto under FPU contention: b's kernel FPU load and cryptd matter. With loss on, a's
        // side is untouched, every frame not lost reaches b's NIC at the very same nanosecond, and the
        // run uses exactly one more random stream
        Tap off = new Tap();
        Tap on = new Tap();
        StreamRegistry offStreams = new StreamRegistry(23);
        StreamRegistry onStreams = new StreamRegistry(23);
        UdpStreams.Outcome o0 = run(config(Policy.ASYNC), null, offStreams, off);
        UdpStreams.Outcome o1 = run(config(Policy.ASYNC), Impairment.NONE.withLoss(0.02, 0), onStreams, on);
        assertThat(o0.receiverCryptdEnqueued()).as("contention at b").isPositive();
        assertThat(o1.sent()).isEqualTo(o0.sent());
        assertThat(o1.framesOnWire()).isEqualTo(o0.framesOnWire());
        long lost = on.stage.counts().lost();
        assertThat(lost).isGreaterThan(30);
        Set<Long> onIds = new TreeSet<>();
        on.arrivals.forEach(a -> onIds.add(a[0]));
        List<long[]> expected = new ArrayList<>(off.arrivals);
        expected.removeIf(a -> !onIds.contains(a[0]));
        assertThat(on.arrivals).usingRecursiveFieldByFieldElementComparator().isEqualTo(expected);
        assertThat(off.arrivals.size() - on.arrivals.size()).isEqualTo(lost);
        TreeSet<String> names = new TreeSet<>(offStreams.names());
        names.add(PREFIX + ".loss");
        assertThat(onStreams.names()).isEqualTo(names);
        assertThat(o1.received()).isEqualTo(o1.sent() - lost);
        assertThat(o1.inPktsOk()).isEqualTo(o0.inPktsOk() - lost);
    }

    @Test
    void duplicatesReachTheSocketUnlessReplayProtectionRefusesThem() {
        Tap open = new Tap();
        Tap guarded = new Tap();
        Impairment dup = Impairment.NONE.withDuplicate(0.03, 0);
        UdpStreams.Config c = config(Policy.SYNC_SIMD);
        UdpStreams.Outcome o = run(c, dup, new StreamRegistry(24), open);
        long copies = open.stage.counts().duplicated();
        assertThat(copies).isGreaterThan(50);
        assertThat(o.received()).as("replay protection off (Linux's default)").isEqualTo(o.sent() + copies);
        assertThat(o.inPktsOk()).isEqualTo(o.sent());
        assertThat(o.inPktsDelayed()).as("a copy's PN is below the next expected one").isEqualTo(copies);
        UdpStreams.Outcome g = run(c.withMacsec(new Experiment.Macsec(null, null, null, null, true, 0L, null)), dup, new StreamRegistry(24), guarded);
        assertThat(guarded.stage.counts().duplicated()).as("same draws").isEqualTo(copies);
        assertThat(g.inPktsLate()).as("a copy's PN is already seen").isEqualTo(copies);
        assertThat(g.received()).isEqualTo(g.sent());
    }
}
