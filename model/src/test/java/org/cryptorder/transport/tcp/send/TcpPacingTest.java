package org.cryptorder.transport.tcp.send;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.Once;
import org.cryptorder.engine.Time;
import org.cryptorder.transport.Pipe;
import org.cryptorder.transport.tcp.Gso;
import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.TcpPacing;
import org.cryptorder.transport.tcp.receive.TcpReceiver;
import org.cryptorder.transport.wire.FlowAddress;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Simulator;

/**
 * TCP's own pacing ({@link TcpPacing#INTERNAL}, {@code SK_PACING_NEEDED}) against {@code
 * tcp_update_skb_after_send} and {@code tcp_pacing_check}: after the first 10 data segments each
 * skb leaves no sooner than its payload at {@code sk_pacing_rate} after the one before (less at
 * most half of that for time spent idle), where an unpaced sender sends what each ACK allows at
 * once. One segment per skb (GSO off), 1 Gbit/s, 200 us each way.
 */
class TcpPacingTest {
    private record Departure(long ns, int ipBytes, long rate) {
    }

    private static List<Departure> departures(TcpPacing pacing) {
        Simulator sim = EventListKind.DEFAULT.newSimulator();
        TcpConfig cfg = TcpConfig.linux(1416).withGso(Gso.OFF).withPacing(pacing);
        FlowAddress data = FlowAddress.example();
        Pipe forward = new Pipe(sim, 1e9, 200_000, Pipe.MACSEC_ETHERNET_OVERHEAD, Long.MAX_VALUE);
        Pipe reverse = new Pipe(sim, 1e9, 200_000, Pipe.MACSEC_ETHERNET_OVERHEAD, Long.MAX_VALUE);
        List<Departure> out = new ArrayList<>();
        TcpSender[] sender = new TcpSender[1];
        sender[0] = new TcpSender(sim, cfg, data, (buf, off, len) -> {
            out.add(new Departure(Math.round(Time.toNs(sim.time())), len, sender[0].cwndControl.pacingRate()));
            forward.transmit(buf, off, len);
        });
        TcpReceiver receiver = new TcpReceiver(sim, cfg, data.reversed(), reverse);
        forward.connect(receiver::receive);
        reverse.connect(sender[0]::receive);
        Once.at(sim, 0, sender[0]::start);
        Once.at(sim, Time.ns(20_000_000), sim::stop);
        sim.start();
        return out;
    }

    @Test
    void anUnpacedSenderSendsWhatAnAckAllowsAtOnce() {
        List<Departure> d = departures(TcpPacing.NONE);
        long together = 0;
        for (int k = 11; k < d.size(); k++) {
            if (d.get(k).ns() == d.get(k - 1).ns()) {
                together++;
            }
        }
        assertThat(together).as("segments leaving in the same ns after the first 10").isGreaterThan(100);
    }

    @Test
    void aPacedSenderSpacesSkbsByTheirPayloadAtThePacingRate() {
        List<Departure> d = departures(TcpPacing.INTERNAL);
        assertThat(d.size()).isGreaterThan(1_000);
        for (int k = 1; k < 10; k++) {
            assertThat(d.get(k).ns()).as("the first 10 segments are not paced").isEqualTo(d.get(0).ns());
        }
        int payload = 1416;
        long tight = 0;
        for (int k = 10; k < d.size() - 1; k++) {
            Departure a = d.get(k);
            long lenNs = payload * 1_000_000_000L / a.rate();
            long gap = d.get(k + 1).ns() - a.ns();
            assertThat(gap).as("gap after segment %d (rate %d B/s)", k, a.rate()).isGreaterThanOrEqualTo(lenNs - lenNs / 2);
            if (gap < lenNs + 1_000) {
                tight++;
            }
        }
        assertThat(tight).as("gaps of one payload at the rate: the pacing timer, not ACKs, sends them")
                .isGreaterThan((d.size() - 11) / 2);
    }
}
