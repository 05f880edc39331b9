package org.cryptorder.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.engine.Time;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.SchedulerParams;
import org.cryptorder.macsec.MacsecFrame;
import org.junit.jupiter.api.Test;
import umontreal.ssj.rng.RandomStream;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/** Serialisation and propagation on a link; the NIC's rings, NAPI and Little's law. */
class LinkAndNicTest {
    static final TxPathSpec TX = TxPathSpec.defaults(NicProfile.ixgbe82599(), 250);
    final Simulator sim = EventListKind.DEFAULT.newSimulator();

    static Packet packet(long id, int len) {
        return new Packet(id, 0, 0, MacsecFrame.copyOf(new byte[len]));
    }

    @Test
    void aFrameTakesItsOctetsPlus24OnTheWireAtLineRateThenThePropagationDelay() {
        Link link = new Link(sim, "l", 10e9, Time.us(20));
        List<String> arrivals = new ArrayList<>();
        link.connect(p -> arrivals.add(p.id() + "@" + (long) sim.time()));
        new Event(sim) {
            @Override
            public void actions() {
                // 1514 + 24 octets at 10 Gbit/s = 1230.4 ns, rounded up to whole ns
                assertThat(link.send(packet(1, 1514))).isEqualTo(1231);
            }
        }.schedule(0);
        new Event(sim) {
            @Override
            public void actions() {
                link.send(packet(2, 64));  // (64 + 24) * 0.8 ns = 70.4 -> 71
            }
        }.schedule(1231);
        sim.start();
        assertThat(arrivals).containsExactly("1@" + (1231 + 20_000), "2@" + (1231 + 71 + 20_000));
        assertThat(link.busyNs()).isEqualTo(1231 + 71);
    }

    @Test
    void aBusyTransmitterRefusesToStartAnotherFrame() {
        Link link = new Link(sim, "l", 1e9, 0);
        link.connect(p -> { });
        new Event(sim) {
            @Override
            public void actions() {
                link.send(packet(1, 100));
                org.assertj.core.api.Assertions.assertThatThrownBy(() -> link.send(packet(2, 100)))
                        .isInstanceOf(IllegalStateException.class);
            }
        }.schedule(0);
        sim.start();
    }

    /**
     * Poisson arrivals into an RX ring served by NAPI with exponential per-frame work: the ring's
     * time-average occupancy equals throughput times mean wait on the sample path (Little's law),
     * and the NIC drains rings in FIFO order.
     */
    @Test
    void littlesLawHoldsOnTheRxRing() {
        StreamRegistry streams = new StreamRegistry(3);
        RandomStream arrivals = streams.stream("arrivals", 0);
        RandomStream service = streams.stream("service", 0);
        Cpu cpu = new Cpu(sim, 0, SchedulerParams.linuxDefaults(1), false);
        Nic nic = new Nic(sim, "nic", TX, 1, new Cpu[] {cpu}, new Cpu[] {cpu}, 100_000, 0, 64, RxSteering.FLOW, null);
        long[] delivered = new long[1];
        long[] lastId = {-1};
        nic.connect(new Link(sim, "out", 10e9, 0), new ReceivedFrameHandler() {
            @Override
            public double receiveStart(Cpu c, Packet p) {
                return Math.max(1, Math.rint(-1000 * Math.log1p(-service.nextDouble())));
            }

            @Override
            public void receiveFinish(Cpu c, Packet p) {
                assertThat(p.id()).isGreaterThan(lastId[0]);
                lastId[0] = p.id();
                delivered[0]++;
            }
        });
        double horizon = Time.ms(50);
        new Event(sim) {
            long id;

            @Override
            public void actions() {
                nic.arrive(packet(id++, 100));
                if (sim.time() < horizon) {
                    schedule(Math.rint(-Math.log1p(-arrivals.nextDouble()) * 1250));  // rho = 0.8
                }
            }
        }.schedule(0);
        new Event(sim) {
            @Override
            public void actions() {
                sim.stop();
            }
        }.schedule(horizon);
        sim.start();
        Ring ring = nic.rxRing(0);
        double throughput = ring.departed() / horizon;
        assertThat(ring.departed()).isGreaterThan(30_000);
        assertThat(ring.meanOccupancy(horizon)).isCloseTo(throughput * ring.meanWaitNs(),
                within(0.01 * ring.meanOccupancy(horizon) + 0.01));
        assertThat(delivered[0]).as("all but the frame in service at the end").isBetween(ring.departed() - 1, ring.departed());
    }

    @Test
    void aFullRxRingDropsAndCountsRxMissed() {
        Cpu cpu = new Cpu(sim, 0, SchedulerParams.linuxDefaults(1), false);
        Nic nic = new Nic(sim, "nic", TX, 1, new Cpu[] {cpu}, new Cpu[] {cpu}, 4, 0, 64, RxSteering.FLOW, null);
        nic.connect(new Link(sim, "out", 10e9, 0), new ReceivedFrameHandler() {
            @Override
            public double receiveStart(Cpu c, Packet p) {
                return 1000;
            }

            @Override
            public void receiveFinish(Cpu c, Packet p) {
            }
        });
        new Event(sim) {
            @Override
            public void actions() {
                for (int i = 0; i < 10; i++) {
                    nic.arrive(packet(i, 100));
                }
            }
        }.schedule(0);
        sim.start();
        // the first frame is taken by NAPI at once; four wait; five find the ring full
        assertThat(nic.rxMissed()).isEqualTo(5);
        assertThat(nic.rxRing(0).departed()).isEqualTo(5);
    }

    @Test
    void framesOfTwoQueuesAreSerialisedBackToBack() {
        Cpu cpu = new Cpu(sim, 0, SchedulerParams.linuxDefaults(1), false);
        Nic nic = new Nic(sim, "nic", TX, 2, new Cpu[] {cpu}, new Cpu[] {cpu}, 16, 0, 64, RxSteering.FLOW, null);
        Link link = new Link(sim, "out", 1e9, 0);
        List<String> arrivals = new ArrayList<>();
        link.connect(p -> arrivals.add(p.id() + "@" + (long) sim.time()));
        nic.connect(link, null);
        new Event(sim) {
            @Override
            public void actions() {
                assertThat(nic.transmit(packet(0, 101))).isTrue();   // (101 + 24) * 8 ns = 1000 ns; flow 0: queue 0
                assertThat(nic.transmit(new Packet(1, 1, 0, MacsecFrame.copyOf(new byte[101])))).isTrue();   // flow 1: queue 1
            }
        }.schedule(0);
        sim.start();
        // the second frame starts when the first ends, at 1000 ns, and ends at 2000 ns
        assertThat(arrivals).containsExactly("0@1000", "1@2000");
    }
}
