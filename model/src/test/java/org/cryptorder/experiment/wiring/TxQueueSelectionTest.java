package org.cryptorder.experiment.wiring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.crypto.Policy;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.engine.Time;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.Work;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.macsec.SecYConfig;
import org.cryptorder.net.HostSpec;
import org.cryptorder.net.Packet;
import org.cryptorder.net.TxQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import umontreal.ssj.simevents.Simulator;

/**
 * XPS by the sending CPU and TCP small queues' release at MACsec's copy, through the whole
 * MACsec device and NIC.
 */
class TxQueueSelectionTest {
    static HostSpec host(Policy policy, int cpus) {
        return HostSpec.builder(policy, UdpDatapathTest.PROFILE.crypto(), UdpDatapathTest.PROFILE.stack())
                .cpus(cpus).txQueues(cpus).txRingSize(512).build();
    }

    /** Four flows, flow f's source on a's CPU f; the encryption completes inline, in cryptd, in padata or offloaded. */
    @ParameterizedTest
    @EnumSource(value = Policy.class, names = {"ASYNC", "PCRYPT", "OFFLOAD"})
    void framesSentFromCpuIGoToTxQueueIWhereverTheirEncryptionCompletes(Policy policy) {
        BackToBack[] net = new BackToBack[1];
        UdpStreams.Config c = new UdpStreams.Config(host(policy, 4), host(policy, 4),
                UdpDatapathTest.ENCRYPTED, 10, 20, 4, 4000, 1400, 0.3, 40,
                org.cryptorder.host.SectionLength.EXPONENTIAL, false, 0.005, 0, false, 0.3);
        UdpStreams.Outcome o = UdpStreams.run(c, new StreamRegistry(3), 0, n -> net[0] = n);
        assertThat(o.sent()).isGreaterThan(1000);
        long total = 0;
        for (int q = 0; q < 4; q++) {
            TxQueue tx = net[0].a().nic().txQueue(q);
            total += tx.sent();
            assertThat(tx.sent()).as("queue %d carries flow %d, sent from CPU %d", q, q, q)
                    .isBetween(o.sent() / 4 - 50, o.sent() / 4 + 50);
        }
        assertThat(total).isEqualTo(o.framesOnWire());
    }

    /** Sends one frame from a's CPU 0 and notes when its release comes: inside the sending work, or later. */
    static List<String> releaseOf(boolean protect) {
        Simulator sim = EventListKind.DEFAULT.newSimulator();
        SecYConfig secy = SecYConfig.linuxDefaults(1).withEncrypt(true).withProtectFrames(protect);
        BackToBack net = BackToBack.randomlyKeyed(sim, host(Policy.ASYNC, 2), host(Policy.ASYNC, 2), secy,
                new StreamRegistry(1).stream("keys", 0), 10e9, Time.us(20), new GcmEngine());
        net.b().macsec().bind(0, new org.cryptorder.transport.udp.UdpSink(UdpDatapathTest.PROFILE.stack()));
        List<String> seen = new ArrayList<>();
        byte[] bytes = new byte[1000];
        System.arraycopy(net.b().mac(), 0, bytes, 0, 6);
        System.arraycopy(net.a().mac(), 0, bytes, 6, 6);
        bytes[12] = 0x08;
        Packet p = new Packet(1, 0, 0, MacsecFrame.copyOf(bytes));
        p.onRelease(x -> seen.add("released at " + (long) sim.time()));
        Cpu cpu = net.a().cpu(0);
        org.cryptorder.engine.Once.at(sim, 0, () -> cpu.raiseSoftirq(new Work() {
            @Override
            public double start(Cpu c) {
                double ns = net.a().macsec().startTransmit(c, p);
                seen.add("start returned");
                return ns;
            }

            @Override
            public void finish(Cpu c) {
                seen.add("finish at " + (long) sim.time());
                net.a().macsec().finishTransmit(c, p);
            }
        }));
        sim.start();
        return seen;
    }

    @Test
    void tcpSmallQueuesBytesAreReleasedAtMacsecsCopyBeforeTheAeadRequest() {
        List<String> seen = releaseOf(true);
        assertThat(seen.get(0)).as("before startTransmit returns: consumed at the copy").isEqualTo("released at 0");
        assertThat(seen.get(1)).isEqualTo("start returned");
        assertThat(seen).filteredOn(s -> s.startsWith("released")).hasSize(1);
    }

    @Test
    void anUntaggedFrameKeepsItsSocketUntilTheTxCleanFreesIt() {
        List<String> seen = releaseOf(false);
        assertThat(seen.get(0)).isEqualTo("start returned");
        assertThat(seen.get(1)).startsWith("finish at ");
        assertThat(seen.get(2)).as("the clean, on the TX interrupt after the fetch").startsWith("released at ");
        long finish = Long.parseLong(seen.get(1).substring("finish at ".length()));
        long released = Long.parseLong(seen.get(2).substring("released at ".length()));
        assertThat(released).isGreaterThanOrEqualTo(finish);
    }
}
