package org.cryptorder.experiment.wiring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.crypto.Policy;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.engine.Time;
import org.cryptorder.host.Cpu;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.macsec.SecYConfig;
import org.cryptorder.net.Packet;
import org.cryptorder.transport.tcp.Gso;
import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.socket.TcpSocket;
import org.cryptorder.transport.wire.Ipv4TcpHeader;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Simulator;

/**
 * TCP's GSO skbs through the whole MACsec device: cut into frames, each with its own PN and AEAD
 * request, their TCP small queues octets let go of at MACsec's copy; pure ACKs never cut.
 */
class GsoDatapathTest {
    static final int MSS = Ipv4TcpHeader.mssForLinkMtu(1500);

    /** What one flow's two sockets did in the first {@code ms} milliseconds. */
    record Seen(List<Packet> data, List<String> order, List<Packet> acks) {
    }

    static Seen run(TcpConfig cfg, double ms) {
        Simulator sim = EventListKind.DEFAULT.newSimulator();
        BackToBack net = BackToBack.randomlyKeyed(sim, TxQueueSelectionTest.host(Policy.SYNC_SIMD, 2),
                TxQueueSelectionTest.host(Policy.SYNC_SIMD, 2), SecYConfig.linuxDefaults(1).withEncrypt(true),
                new StreamRegistry(1).stream("keys", 0), 10e9, Time.us(20), new GcmEngine());
        TcpFlow f = TcpFlow.connect(net, 0, cfg, 1 << 20, TcpFlow.Applications.onCpus(0, 0));
        Seen seen = new Seen(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        f.sender().listener(new TcpSocket.Listener() {
            @Override
            public void leaving(Packet p, Cpu cpu) {
                seen.data().add(p);
                seen.order().add("leaving " + p.id());
            }

            @Override
            public void released(Packet p, long hostBytes) {
                seen.order().add("released " + p.id());
            }
        });
        f.receiver().listener(new TcpSocket.Listener() {
            @Override
            public void leaving(Packet p, Cpu cpu) {
                seen.acks().add(p);
            }
        });
        f.sender().start();
        org.cryptorder.engine.Once.at(sim, Time.ms(ms), sim::stop);
        sim.start();
        return seen;
    }

    /** The GSO skbs among the frames, each as its frames in order; a frame of its own is an skb of one. */
    static List<List<Packet>> skbs(List<Packet> frames) {
        List<List<Packet>> out = new ArrayList<>();
        for (Packet p : frames) {
            if (p.gsoSegments() == 0 || p.gsoSegment() == 1) {
                out.add(new ArrayList<>());
            }
            out.get(out.size() - 1).add(p);
        }
        return out;
    }

    @Test
    void aFullGsoSkbBecomesFortySixFramesWithConsecutivePns() {
        List<List<Packet>> skbs = skbs(run(TcpConfig.linux(MSS), 3).data());
        // the first window: cwnd 10, tcp_cwnd_test's half-cwnd quota: two skbs of 5
        assertThat(skbs.get(0)).hasSize(5);
        assertThat(skbs.get(1)).hasSize(5);
        int full = 0;
        for (List<Packet> skb : skbs) {
            int n = skb.size();
            assertThat(n).as("at most (65,536 - 321) / 1,416 segments").isLessThanOrEqualTo(46);
            for (int i = 0; i < n; i++) {
                Packet p = skb.get(i);
                if (n > 1) {
                    assertThat(p.gsoSegment()).isEqualTo(i + 1);
                    assertThat(p.gsoSegments()).isEqualTo(n);
                }
                assertThat(p.frame().pn()).as("consecutive PNs within the skb").isEqualTo(skb.get(0).frame().pn() + i);
                assertThat(p.sentBy()).isEqualTo(skb.get(0).sentBy());
            }
            full += n == 46 ? 1 : 0;
        }
        assertThat(full).as("skbs of 64 KB once cwnd reaches 92 (min_rtt < 512 us: the whole sk_gso_max_size)")
                .isGreaterThanOrEqualTo(5);
    }

    @Test
    void eachSegmentsOctetsAreReleasedAtMacsecsCopyOfThatSegment() {
        Seen s = run(TcpConfig.linux(MSS), 1);
        List<String> order = s.order();
        assertThat(order).hasSizeGreaterThan(20);
        for (int i = 0; i < order.size(); i += 2) {
            String leaving = order.get(i);
            assertThat(leaving).startsWith("leaving ");
            assertThat(order.get(i + 1)).as("released before the next segment's work begins")
                    .isEqualTo("released " + leaving.substring("leaving ".length()));
        }
    }

    @Test
    void pureAcksAreNeverCut() {
        Seen s = run(TcpConfig.linux(MSS), 2);
        assertThat(s.acks()).hasSizeGreaterThan(50);
        assertThat(s.acks()).allSatisfy(p -> assertThat(p.gsoSegments()).isZero());
    }

    @Test
    void withoutGsoEverySkbIsOneFrameOfOneMss() {
        Seen s = run(TcpConfig.linux(MSS).withGso(Gso.OFF), 2);
        assertThat(s.data()).hasSizeGreaterThan(500);
        assertThat(s.data()).allSatisfy(p -> {
            assertThat(p.gsoSegments()).isZero();
            assertThat(p.length()).as("one MSS in a 1500-octet MTU").isLessThanOrEqualTo(14 + 1500);
        });
    }
}
