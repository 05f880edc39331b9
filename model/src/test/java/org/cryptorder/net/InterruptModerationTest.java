package org.cryptorder.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.Time;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.SchedulerParams;
import org.cryptorder.macsec.MacsecFrame;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/** The RX interrupt's throttling (ixgbe's ITR) and the NAPI poll's batches. */
class InterruptModerationTest {
    final Simulator sim = EventListKind.DEFAULT.newSimulator();
    final Cpu cpu = new Cpu(sim, 0, SchedulerParams.linuxDefaults(1), false);

    Nic nic(InterruptModeration m, double perFrameNs) {
        Nic nic = new Nic(sim, "nic", TxPathSpec.defaults(NicProfile.ixgbe82599(), 250), 1, new Cpu[] {cpu},
                new Cpu[] {cpu}, 100_000, 0, 64, RxSteering.FLOW, m);
        nic.connect(new Link(sim, "out", 10e9, 0), new ReceivedFrameHandler() {
            @Override
            public double receiveStart(Cpu c, Packet p) {
                return perFrameNs;
            }

            @Override
            public void receiveFinish(Cpu c, Packet p) {
            }
        });
        return nic;
    }

    /** {@code n} frames of {@code octets}, {@code gapNs} apart from t = 0. */
    void arrivals(Nic nic, int n, int octets, double gapNs) {
        new Event(sim) {
            int sent;

            @Override
            public void actions() {
                nic.arrive(new Packet(sent, 0, 0, MacsecFrame.copyOf(new byte[octets])));
                if (++sent < n) {
                    schedule(gapNs);
                }
            }
        }.schedule(0);
    }

    @Test
    void framesOneMicrosecondApartRaiseOneInterruptPerFixedInterval() {
        Nic nic = nic(InterruptModeration.fixed(50), 100);
        arrivals(nic, 1000, 100, Time.us(1));
        sim.start();
        // 1 ms of arrivals: the first interrupt at once, then one every 50 us
        assertThat(nic.rxInterrupts()).isBetween(20L, 21L);
        assertThat(nic.rxPolledFrames()).isEqualTo(1000);
        assertThat((double) nic.rxPolledFrames() / nic.rxPolls()).isCloseTo(50, within(3.0));
    }

    @Test
    void aPollTakesAtMostItsBudgetAndNoInterruptComesWhileNapiIsScheduled() {
        // 2 us of work per frame, a frame every 1 us: the poll never empties the ring
        Nic nic = nic(InterruptModeration.fixed(50), Time.us(2));
        arrivals(nic, 2000, 100, Time.us(1));
        sim.start();
        assertThat(nic.rxInterrupts()).isEqualTo(1);
        assertThat(nic.rxPolls()).isBetween(2000L / 64, 2000L / 64 + 1);
    }

    @Test
    void withoutModerationEveryFrameOnAnIdleQueueRaisesAnInterrupt() {
        Nic nic = nic(InterruptModeration.fixed(0), 100);
        arrivals(nic, 100, 100, Time.us(5));
        sim.start();
        assertThat(nic.rxInterrupts()).isEqualTo(100);
    }

    @Test
    void adaptiveModerationClimbsTo126UsUnderAJumboFloodAt10Gbits() {
        Nic nic = nic(InterruptModeration.adaptive(InterruptModeration.Algorithm.PACKET_COUNT), 300);
        // 9014-octet frames back to back at 10 Gbit/s: 7.23 us apart
        arrivals(nic, 20_000, 9014, 7231);
        sim.start();
        // 17 frames per interrupt (4-47): ixgbe_update_itr adds 2 us per update up to its maximum
        assertThat(nic.rxInterruptIntervalNs(0)).isEqualTo(Time.us(126));
        assertThat((double) nic.rxPolledFrames() / nic.rxPolls()).isGreaterThan(14);
    }

    @Test
    void beforeLinux417TheAdaptiveIntervalSettlesNearTheBulkRange() {
        Nic nic = nic(InterruptModeration.adaptive(InterruptModeration.Algorithm.LATENCY_RANGES), 300);
        arrivals(nic, 20_000, 9014, 7231);
        sim.start();
        // bulk latency (over 20 octets per us): IXGBE_8K_ITR, 125 us, approached by smoothing
        assertThat(nic.rxInterruptIntervalNs(0)).isCloseTo(Time.us(125), within(Time.us(4)));
    }

    @Test
    void rxUsecsOutsideWhatIxgbeTakesIsRefused() {
        assertThatThrownBy(() -> InterruptModeration.fixed(1)).hasMessageContaining("0 (none) or 2-1022");
        assertThatThrownBy(() -> InterruptModeration.fixed(1023)).hasMessageContaining("2-1022");
    }
}
