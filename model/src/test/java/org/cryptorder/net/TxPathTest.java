package org.cryptorder.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.Once;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.SchedulerParams;
import org.cryptorder.macsec.MacsecFrame;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Simulator;

/** The TX path below MACsec: qdisc, BQL, descriptor ring and TX interrupt, the NIC's fetch and packet buffer. */
class TxPathTest {
    final Simulator sim = EventListKind.DEFAULT.newSimulator();
    final List<Packet> wire = new ArrayList<>();

    Nic nic(TxPathSpec tx, int queues, double bitsPerSecond) {
        Cpu[] cpus = new Cpu[queues];
        for (int i = 0; i < queues; i++) {
            cpus[i] = new Cpu(sim, i, SchedulerParams.linuxDefaults(queues), false);
        }
        Nic nic = new Nic(sim, "nic", tx, queues, cpus, new Cpu[] {cpus[0]}, 16, 0, 64, RxSteering.FLOW, null);
        Link link = new Link(sim, "out", bitsPerSecond, 0);
        link.connect(wire::add);
        nic.connect(link, null);
        return nic;
    }

    static Packet frame(long id, int senderCpu, int octets) {
        Packet p = new Packet(id, 0, 0, MacsecFrame.copyOf(new byte[octets]));
        p.senderCpu = senderCpu;
        return p;
    }

    /** The NIC's TX drops by reason, counted as they are emitted. */
    static Map<TxDrop, Integer> drops(Nic nic) {
        Map<TxDrop, Integer> drops = new EnumMap<>(TxDrop.class);
        nic.txDrops.subscribe((t, p, why) -> drops.merge(why, 1, Integer::sum));
        return drops;
    }

    void at(double ns, Runnable r) {
        Once.at(sim, ns, r);
    }

    @Test
    void aFrameFetchedIntoThePacketBufferIsNeverOvertaken() {
        // no BQL, so queue 0's ring takes 200 frames at once; 109 of 1500 octets fill the 160 KB buffer
        TxPathSpec tx = new TxPathSpec(NicProfile.ixgbe82599(), 512, QdiscKind.PFIFO_FAST, 1000, false, 250);
        Nic nic = nic(tx, 2, 10e9);
        at(0, () -> {
            for (int i = 0; i < 200; i++) {
                assertThat(nic.transmit(frame(i, 0, 1500))).isTrue();
            }
            assertThat(nic.txBuffer().fetched()).isEqualTo(163_840 / 1500);
        });
        // a frame on the idle queue 1, before the first frame's last bit is out (1220 ns)
        at(1000, () -> nic.transmit(frame(1000, 1, 1500)));
        sim.start();
        assertThat(wire).hasSize(201);
        int late = -1;
        for (int i = 0; i < wire.size(); i++) {
            if (wire.get(i).id() == 1000) {
                late = i;
            }
        }
        // the 109 fetched frames, then queue 0's head (its turn when room came), then the late frame
        assertThat(late).as("frames fetched before it stay ahead").isEqualTo(163_840 / 1500 + 1);
        for (int i = 1; i < wire.size(); i++) {
            assertThat(wire.get(i).leavesAt).as("the wire's order is the fetch order")
                    .isGreaterThan(wire.get(i - 1).leavesAt);
        }
        for (int i = 0; i < wire.size(); i++) {
            if (i != late) {
                assertThat(wire.get(i).id()).as("queue 0 in its own order").isEqualTo(i < late ? i : i - 1);
            }
        }
    }

    @Test
    void framesSentFromCpuIGoToTxQueueIAndACpuWithoutAQueueByFlow() {
        Nic nic = nic(TxPathSpec.defaults(NicProfile.ixgbe82599(), 250), 4, 10e9);
        for (int cpu = 0; cpu < 4; cpu++) {
            assertThat(nic.txQueueOf(frame(0, cpu, 100))).isEqualTo(cpu);
        }
        Packet fromCpu6 = new Packet(0, 7, 0, MacsecFrame.copyOf(new byte[100]));
        fromCpu6.senderCpu = 6;
        assertThat(nic.txQueueOf(fromCpu6)).as("skb_tx_hash: flow 7 of 4 queues").isEqualTo(3);
    }

    @Test
    void aQdiscOverflowIsCountedWithItsReasonAndLosesNoFrame() {
        TxPathSpec tx = new TxPathSpec(NicProfile.ixgbe82599(), 64, QdiscKind.PFIFO_FAST, 10, true, 250);
        Nic nic = nic(tx, 1, 1e9);
        Map<TxDrop, Integer> drops = drops(nic);
        TxQueue q = nic.txQueue(0);
        int offered = 100;
        long[] accepted = new long[1];
        at(0, () -> {
            for (int i = 0; i < offered; i++) {
                if (nic.transmit(frame(i, 0, 1000))) {
                    accepted[0]++;
                }
            }
        });
        for (double t = 1; t < 2e6; t += 7_919) {
            at(t, () -> {
                Qdisc f = q.qdisc();
                assertThat(f.enqueued()).as("in = out + dropped + queued")
                        .isEqualTo(f.dequeued() + f.backlog());
                assertThat(f.enqueued() + f.dropped()).isEqualTo(offered);
                assertThat(q.sent()).isEqualTo(f.dequeued());
                assertThat(q.sent()).isEqualTo(q.cleaned() + q.ring().inUse());
            });
        }
        sim.start();
        // BQL starts at a limit of 0: one frame goes to the ring, ten wait in the qdisc, the rest are dropped
        assertThat(drops).containsOnlyKeys(TxDrop.QDISC_FULL);
        assertThat(drops.get(TxDrop.QDISC_FULL)).isEqualTo(offered - 11).isEqualTo((int) q.qdisc().dropped());
        assertThat(accepted[0]).isEqualTo(11);
        assertThat(wire).hasSize(11);
        assertThat(q.cleaned()).isEqualTo(11);
        assertThat(q.interrupts()).as("the completions were moderated").isLessThan(11);
        assertThat(q.bql().inFlight()).isZero();
        assertThat(q.bql().limit()).as("BQL grew when the queue ran dry").isGreaterThan(1000);
    }

    @Test
    void aFrameHeldByBqlIsNarratedAsHeldThenWokenByTheClean() {
        TxPathSpec tx = new TxPathSpec(NicProfile.ixgbe82599(), 64, QdiscKind.PFIFO_FAST, 10, true, 250);
        Nic nic = nic(tx, 1, 1e9);
        FrameTrace trace = new FrameTrace(2);
        nic.trace(trace);
        at(0, () -> {
            for (int i = 0; i < 2; i++) {
                Packet p = frame(i, 0, 1000);
                trace.admit(p, 0);
                nic.transmit(p);
            }
        });
        sim.start();
        List<String> second = trace.steps().stream().filter(s -> s.frame() == 1).map(FrameTrace.Step::what).toList();
        // BQL starts at a limit of 0: the first frame stops the queue, the second waits for the first's clean
        assertThat(second.get(0)).startsWith("held in the qdisc: BQL stopped the queue (__QUEUE_STATE_STACK_XOFF: "
                + "1000 octets in flight, limit 0)");
        assertThat(second.get(1)).startsWith("the TX clean on cpu0 freed 1 frame (1000 octets): the queue wakes");
        assertThat(second.get(2)).startsWith("on the wire");
        assertThat(trace.steps().stream().filter(s -> s.frame() == 0).map(FrameTrace.Step::what))
                .as("the frame that went straight to the ring waited for nothing").noneMatch(w -> w.startsWith("held"));
    }

    @Test
    void withoutAQdiscAStoppedQueueDropsAsRingFull() {
        TxPathSpec tx = new TxPathSpec(NicProfile.ixgbe82599(), 64, QdiscKind.NOQUEUE, 1000, false, 250);
        Nic nic = nic(tx, 1, 1e9);
        Map<TxDrop, Integer> drops = drops(nic);
        at(0, () -> {
            for (int i = 0; i < 100; i++) {
                nic.transmit(frame(i, 0, 1000));
            }
        });
        sim.start();
        // 64 descriptors: the driver stops the queue once fewer than 21 are unused, after 43 frames
        int posted = 64 - 1 - NicProfile.ixgbe82599().descNeeded() + 1;
        assertThat(wire).hasSize(posted);
        assertThat(drops).containsOnlyKeys(TxDrop.RING_FULL);
        assertThat(drops.get(TxDrop.RING_FULL)).isEqualTo(100 - posted);
    }

    @Test
    void theTxInterruptIsModeratedAndTheCleanRunsOnTheQueuesCpu() {
        TxPathSpec tx = new TxPathSpec(NicProfile.ixgbe82599(), 512, QdiscKind.PFIFO_FAST, 1000, false, 250);
        Nic nic = nic(tx, 2, 10e9);
        TxQueue q = nic.txQueue(1);
        List<Double> released = new ArrayList<>();
        for (double t : new double[] {0, 10_000, 20_000, 120_000}) {
            at(t, () -> {
                Packet p = frame((long) t, 1, 500);
                p.onRelease(x -> released.add(sim.time()));
                nic.transmit(p);
            });
        }
        sim.start();
        // the first completion interrupts at once; the next two wait for 50 us after it; the last comes later
        assertThat(released).containsExactly(0.0, 50_000.0, 50_000.0, 120_000.0);
        assertThat(q.interrupts()).isEqualTo(3);
        assertThat(q.cpu().id()).isEqualTo(1);
        assertThat(q.cleaned()).isEqualTo(4);
    }
}
