package org.cryptorder.transport.tcp.socket;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.experiment.Experiments;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.wiring.Datapath;
import org.cryptorder.host.Cpu;
import org.junit.jupiter.api.Test;

/**
 * {@code tcp_pace_kick} runs {@code tcp_tsq_handler}: on a socket the application owns it sets
 * {@code TCP_TSQ_DEFERRED}, the flag the TSQ tasklet sets, and {@code tcp_release_cb} then runs
 * {@code tcp_tsq_write}; the write timer's flag ({@code TCP_WRITE_TIMER_DEFERRED}) is not touched, so
 * a deferred RTO, TLP or RACK timeout and a deferred pacing kick both run.
 */
class PacingKickOwnedTest {
    private static final String PACED = "{\"name\": \"p\", \"hosts\": {\"cpus\": 2, \"appCpu\": 1},"
            + " \"traffic\": [{\"kind\": \"tcp\", \"pacing\": \"internal\"}], \"run\": {\"durationS\": 0.01}}";

    private static TcpSenderSocket pacedSender() throws Exception {
        Experiment e = Experiments.parse("p.json", PACED).configurations().get(0).experiment();
        Datapath d = Experiments.wired(e);
        return (TcpSenderSocket) d.tcpSenders().get(0);
    }

    @Test
    void onAnOwnedSocketThePacingKickIsTheDeferredTsqWriteNotTheWriteTimers() throws Exception {
        TcpSenderSocket s = pacedSender();
        Cpu cpu = s.home;
        boolean[] kicked = new boolean[1];
        assertThat(s.lock().lock(() -> { })).isTrue();
        s.output.paceOn(cpu, () -> kicked[0] = true);
        assertThat(kicked[0]).as("not run while the application owns the socket").isFalse();
        assertThat(s.lock().tsqDeferred).as("TCP_TSQ_DEFERRED").isTrue();
        assertThat(s.lock().takeTimer(0)).as("TCP_WRITE_TIMER_DEFERRED untouched").isNull();
        s.output.fireOn(cpu, () -> { });
        assertThat(s.lock().tsqDeferred).as("a write timer deferred beside it leaves the kick's flag").isTrue();
        assertThat(s.lock().takeTimer(0)).as("and keeps its own").isNotNull();
    }

    @Test
    void onAnUnownedSocketThePacingKickRunsAtOnceInSoftirq() throws Exception {
        TcpSenderSocket s = pacedSender();
        boolean[] kicked = new boolean[1];
        s.output.paceOn(s.home, () -> kicked[0] = true);
        assertThat(kicked[0]).isTrue();
        assertThat(s.lock().tsqDeferred).isFalse();
    }
}
