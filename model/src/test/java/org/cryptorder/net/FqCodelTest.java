package org.cryptorder.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.cryptorder.macsec.MacsecFrame;
import org.junit.jupiter.api.Test;

/** fq_codel's buckets, deficit round robin, overlimit drops and accounting ({@code sch_fq_codel.c}). */
class FqCodelTest {
    record Drop(Packet p, TxDrop reason, double at) {
    }

    final List<Drop> drops = new ArrayList<>();
    long ids;

    FqCodel qdisc(FqCodel.Params params) {
        return new FqCodel(params, (p, reason, now) -> drops.add(new Drop(p, reason, now)));
    }

    static FqCodel.Params withLimit(int limit, int batch) {
        FqCodel.Params d = FqCodel.Params.linux(1500);
        return new FqCodel.Params(d.flows(), limit, d.quantum(), d.memoryLimit(), batch, true, d.codel());
    }

    Packet packet(int flow, int octets) {
        return new Packet(ids++, flow, 0, MacsecFrame.copyOf(new byte[octets]));
    }

    /** Queues {@code count} packets of {@code octets} on {@code flow}, at time 0. */
    void enqueue(FqCodel q, int flow, int count, int octets) {
        for (int i = 0; i < count; i++) {
            q.enqueue(packet(flow, octets), 0);
        }
    }

    /** A flow after {@code flow} whose bucket differs from the buckets of {@code others}. */
    static int flowInAnotherBucket(FqCodel q, int flow, Packet... others) {
        for (int f = flow; ; f++) {
            Packet p = new Packet(0, f, 0, MacsecFrame.copyOf(new byte[1]));
            boolean free = true;
            for (Packet o : others) {
                free &= q.bucketOf(o) != q.bucketOf(p);
            }
            if (free) {
                return f;
            }
        }
    }

    @Test
    void theDefaultsAreTcsOnAn1500OctetMtuAndOlderKernelsDropOneWithoutAMemoryLimit() {
        FqCodel.Params p = FqCodel.Params.linux(1500);
        assertThat(p.flows()).isEqualTo(1024);
        assertThat(p.limit()).isEqualTo(10240);
        assertThat(p.quantum()).as("psched_mtu: MTU + hard_header_len").isEqualTo(1514);
        assertThat(p.memoryLimit()).isEqualTo(32L << 20);
        assertThat(p.dropBatchSize()).isEqualTo(64);
        assertThat(p.codel().mtu()).isEqualTo(1514);
        assertThat(FqCodel.Params.linux(9000).quantum()).isEqualTo(9014);
        FqCodel.Params old = FqCodel.Params.linux(1500, FqCodel.OverlimitDrop.ONE_PACKET);
        assertThat(old.dropBatchSize()).isEqualTo(1);
        assertThat(old.memoryLimit()).isEqualTo(Long.MAX_VALUE);
        assertThat(old.raiseCount()).isFalse();
    }

    @Test
    void flowsSpreadOverTheBucketsByTheirHash() {
        FqCodel q = qdisc(FqCodel.Params.linux(1500));
        boolean[] used = new boolean[1024];
        int distinct = 0;
        for (int f = 0; f < 1024; f++) {
            int b = q.bucketOf(packet(f, 100));
            assertThat(b).isBetween(0, 1023);
            if (!used[b]) {
                used[b] = true;
                distinct++;
            }
        }
        // 1024 random hashes into 1024 buckets fill 1 - 1/e of them (632); not the identity of flow % 1024
        assertThat(distinct).isBetween(600, 670);
    }

    @Test
    void twoBackloggedFlowsGetTheSameBytesWithinOneQuantumAndAPacket() {
        FqCodel q = qdisc(FqCodel.Params.linux(1500));
        Packet big = packet(1, 1500);
        int small = flowInAnotherBucket(q, 2, big);
        q.enqueue(big, 0);
        enqueue(q, 1, 399, 1500);
        enqueue(q, small, 2000, 300);
        long[] bytes = new long[2];
        int[] left = {400, 2000};
        while (left[0] > 0 && left[1] > 0) {
            Packet p = q.dequeue(0);
            int i = p.flow() == 1 ? 0 : 1;
            bytes[i] += p.length();
            left[i]--;
            assertThat(Math.abs(bytes[0] - bytes[1])).as("DRR: one quantum plus one packet")
                    .isLessThanOrEqualTo(1514 + 1500);
        }
        assertThat(drops).isEmpty();
        assertThat((double) bytes[0] / bytes[1]).isBetween(0.99, 1.01);
    }

    @Test
    void aNewFlowIsServedBeforeTheOldOnes() {
        FqCodel q = qdisc(FqCodel.Params.linux(1500));
        Packet first = packet(1, 1500);
        q.enqueue(first, 0);
        enqueue(q, 1, 20, 1500);
        // two packets spend the first quantum; the third takes a new one on old_flows
        for (int i = 0; i < 3; i++) {
            assertThat(q.dequeue(0).flow()).isEqualTo(1);
        }
        int fresh = flowInAnotherBucket(q, 2, first);
        Packet newcomer = packet(fresh, 100);
        q.enqueue(newcomer, 0);
        assertThat(q.dequeue(0)).as("new_flows first").isSameAs(newcomer);
        assertThat(q.dequeue(0).flow()).isEqualTo(1);
        assertThat(q.newFlowCount()).isEqualTo(2);
    }

    @Test
    void overTheLimitHalfTheFattestBucketGoesFromItsHead() {
        FqCodel q = qdisc(withLimit(100, 64));
        Packet head = packet(1, 1000);
        int thin = flowInAnotherBucket(q, 2, head);
        q.enqueue(head, 0);
        enqueue(q, 1, 89, 1000);
        enqueue(q, thin, 10, 1000);
        assertThat(drops).isEmpty();
        q.enqueue(packet(thin, 1000), 1);
        // threshold = 90,000 / 2 bytes: 45 packets of the fat bucket, oldest first
        assertThat(drops).hasSize(45).allSatisfy(d -> {
            assertThat(d.reason()).isEqualTo(TxDrop.FQ_OVERLIMIT);
            assertThat(d.p().flow()).isEqualTo(1);
        });
        assertThat(drops.get(0).p()).isSameAs(head);
        assertThat(drops.get(44).p().id()).isEqualTo(44);
        assertThat(q.backlog()).isEqualTo(101 - 45);
        assertThat(q.bucketLength(q.bucketOf(head))).isEqualTo(45);
        assertThat(q.overlimitDropped()).isEqualTo(45);
    }

    @Test
    void anOverlimitDropStopsAtTheBatchAndRaisesTheBucketsCount() {
        FqCodel q = qdisc(withLimit(200, 64));
        enqueue(q, 1, 201, 1000);
        assertThat(drops).hasSize(64);
        assertThat(q.backlog()).isEqualTo(201 - 64);
        FqCodel.Params d = FqCodel.Params.linux(1500, FqCodel.OverlimitDrop.ONE_PACKET);
        FqCodel old = qdisc(new FqCodel.Params(d.flows(), 200, d.quantum(), d.memoryLimit(), d.dropBatchSize(),
                d.raiseCount(), d.codel()));
        drops.clear();
        enqueue(old, 1, 201, 1000);
        assertThat(drops).as("before 4.7: one packet per overlimit").hasSize(1);
    }

    @Test
    void theMemoryLimitCountsTruesize() {
        assertThat(FqCodel.truesize(1514)).isEqualTo(2304);
        FqCodel.Params d = FqCodel.Params.linux(1500);
        FqCodel q = qdisc(new FqCodel.Params(d.flows(), d.limit(), d.quantum(), 10 * 2304, 64, true, d.codel()));
        enqueue(q, 1, 10, 1514);
        assertThat(drops).isEmpty();
        assertThat(q.memoryUsage()).isEqualTo(10 * 2304);
        q.enqueue(packet(1, 1514), 0);
        assertThat(drops).isNotEmpty().allSatisfy(x -> assertThat(x.reason()).isEqualTo(TxDrop.FQ_OVERLIMIT));
    }

    @Test
    void codelDropsAStandingQueueAtDequeueAndNoFrameIsLostToTheAccounting() {
        FqCodel q = qdisc(FqCodel.Params.linux(1500));
        int[] flows = {1, 0, 0};
        Packet a = packet(1, 1500);
        flows[1] = flowInAnotherBucket(q, 2, a);
        flows[2] = flowInAnotherBucket(q, flows[1] + 1, a, packet(flows[1], 1));
        long offered = 0;
        // three flows offer a packet per 1.2 us in turn, the driver takes one per 2.4 us: the qdisc fills
        // to its limit after 25 ms (overlimit drops, from the head), and then its 10240 packets have waited
        // 12 ms, above target (CoDel drops from 125 ms)
        for (int step = 0; step < 300_000; step++) {
            double now = step * 1200.0;
            q.enqueue(packet(flows[step % 3], 1500), now);
            offered++;
            if (step % 2 == 0) {
                q.dequeue(now);
            }
            assertThat(offered).as("in = out + dropped + queued")
                    .isEqualTo(q.dequeued() + q.dropped() + q.backlog());
        }
        long codel = drops.stream().filter(d -> d.reason() == TxDrop.CODEL).count();
        long over = drops.stream().filter(d -> d.reason() == TxDrop.FQ_OVERLIMIT).count();
        assertThat(codel).isPositive().isEqualTo(q.codelDropped());
        assertThat(over).isPositive().isEqualTo(q.overlimitDropped());
        assertThat(q.backlog()).isLessThanOrEqualTo(10240);
        assertThat(q.backlogBytes()).isEqualTo(1500L * q.backlog());
        double end = 300_000 * 1200.0;
        double[] time = q.nsAtBacklog(end);
        assertThat(time).hasSize(10241);
        assertThat(Arrays.stream(time).sum()).isCloseTo(end, within(1.0));
    }
}
