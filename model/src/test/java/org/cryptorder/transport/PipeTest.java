package org.cryptorder.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.engine.EventListKind;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Simulator;

/** The test link itself: exact serialization and delay, and what its injectors do. */
class PipeTest {
    final Simulator sim = EventListKind.DEFAULT.newSimulator();
    final List<Long> arrivals = new ArrayList<>();
    final List<Long> times = new ArrayList<>();

    Pipe pipe(double rate, long delay) {
        Pipe p = new Pipe(sim, rate, delay, Pipe.MACSEC_ETHERNET_OVERHEAD, 10_000);
        p.connect((b, o, l) -> {
            arrivals.add((long) b[o]);
            times.add((long) sim.time());
        });
        return p;
    }

    void send(Pipe p, int frames, int len) {
        byte[] b = new byte[len];
        for (int i = 1; i <= frames; i++) {
            b[0] = (byte) i;
            p.transmit(b, 0, len);
        }
        sim.start();
    }

    /** 1468-octet packets take (1468 + 70) x 8 bits / 10 Gbit/s = 1230.4 ns each, then 20 us. */
    @Test
    void serializesAtTheExactRateThenDelays() {
        Pipe p = pipe(10e9, 20_000);
        send(p, 10, 1468);
        assertThat(times.get(0)).isEqualTo(1230 + 20_000);
        assertThat(times.get(9)).isEqualTo(12_304 + 20_000);
        assertThat(p.framesDelivered()).isEqualTo(10);
    }

    @Test
    void frameHeldPastItsSuccessors() {
        Pipe p = pipe(10e9, 20_000);
        p.reorder(3, 4);
        send(p, 10, 100);
        assertThat(arrivals).containsExactly(1L, 2L, 4L, 5L, 6L, 7L, 3L, 8L, 9L, 10L);
    }

    @Test
    void dropsAndBlackout() {
        Pipe p = pipe(1e9, 0);
        p.drop(2);
        long per = Math.round((100 + 70) * 8.0);
        p.blackout(4 * per, 6 * per);
        send(p, 8, 100);
        assertThat(arrivals).containsExactly(1L, 3L, 6L, 7L, 8L);
        assertThat(p.framesDropped()).isEqualTo(3);
    }

    @Test
    void gateClosesAtItsLimitAndCallsBackWhenDrained() {
        Pipe p = pipe(1e9, 0);
        int[] calls = {0};
        p.onSpace(() -> calls[0]++);
        byte[] b = new byte[1000];
        int sent = 0;
        while (p.canTransmit()) {
            p.transmit(b, 0, 1000);
            sent++;
        }
        assertThat(sent).isEqualTo(10);
        assertThat(p.canRetransmit()).as("retransmissions may use twice the budget").isTrue();
        sim.start();
        assertThat(calls[0]).isEqualTo(1);
    }
}
