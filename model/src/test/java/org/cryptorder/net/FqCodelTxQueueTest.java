package org.cryptorder.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.cryptorder.macsec.MacsecFrame;
import org.junit.jupiter.api.Test;

/** fq_codel as a TX queue's qdisc: the bypass, its drops on the NIC's signal, and every frame accounted for. */
class FqCodelTxQueueTest {
    final TxPathTest path = new TxPathTest();

    @Test
    void overTheLimitFramesAreDroppedWithTheirReasonLetGoAndAccountedFor() {
        FqCodel.Params d = FqCodel.Params.linux(1500);
        FqCodel.Params small = new FqCodel.Params(d.flows(), 50, d.quantum(), d.memoryLimit(), d.dropBatchSize(),
                d.raiseCount(), d.codel());
        TxPathSpec tx = new TxPathSpec(NicProfile.ixgbe82599(), 64, QdiscKind.FQ_CODEL, 1000, true, 250, small);
        Nic nic = path.nic(tx, 1, 1e9);
        Map<TxDrop, Integer> drops = TxPathTest.drops(nic);
        TxQueue q = nic.txQueue(0);
        int offered = 300;
        int[] released = new int[1];
        path.at(0, () -> {
            for (int i = 0; i < offered; i++) {
                Packet p = new Packet(i, i % 3, 0, MacsecFrame.copyOf(new byte[1000]));
                p.senderCpu = 0;
                p.onRelease(x -> released[0]++);
                assertThat(nic.transmit(p)).as("fq_codel refuses nothing: NET_XMIT_CN counts as sent").isTrue();
            }
        });
        for (double t = 1; t < 5e6; t += 7_919) {
            path.at(t, () -> {
                Qdisc f = q.qdisc();
                assertThat(offered).as("in = out + dropped + queued")
                        .isEqualTo(q.bypassed() + f.dequeued() + f.dropped() + f.backlog());
                assertThat(q.sent()).isEqualTo(q.bypassed() + f.dequeued());
            });
        }
        path.sim.start();
        // BQL starts at a limit of 0: the first frame bypasses the empty qdisc and stops the queue
        assertThat(q.bypassed()).isEqualTo(1);
        FqCodel f = (FqCodel) q.qdisc();
        assertThat(drops).containsOnlyKeys(TxDrop.FQ_OVERLIMIT);
        assertThat(drops.get(TxDrop.FQ_OVERLIMIT)).isEqualTo((int) f.overlimitDropped()).isPositive();
        assertThat(released[0]).as("kfree_skb of each dropped frame (the wire's are freed by the clean)")
                .isEqualTo(offered);
        assertThat(path.wire).hasSize(offered - (int) f.overlimitDropped());
        assertThat(q.cleaned()).isEqualTo(q.sent());
    }
}
