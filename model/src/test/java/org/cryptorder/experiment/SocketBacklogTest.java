package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.replication.DatapathRunModelTest;
import org.cryptorder.experiment.replication.Replication;
import org.cryptorder.experiment.wiring.Datapath;
import org.cryptorder.host.Context;
import org.cryptorder.host.Cpu;
import org.cryptorder.net.Packet;
import org.cryptorder.transport.tcp.socket.SendContext;
import org.cryptorder.transport.tcp.socket.SocketCounters;
import org.cryptorder.transport.tcp.socket.TcpSocket;
import org.junit.jupiter.api.Test;

/**
 * The socket lock on a whole datapath: iperf3's writes own the sending socket; an ACK that arrives
 * meanwhile is processed from the backlog on the application's CPU, in its task, and the frames it
 * clocks out leave from there; an ACK reaching the unowned socket is processed in softirq on the
 * CPU that received it; the sleeping writer wakes only when free space is at least half of what is
 * queued; the send buffer grows with cwnd, at most to 4 MiB.
 */
class SocketBacklogTest {
    /** One TCP flow, ACKs received on CPU 0 (one RX queue), the application on CPU 1. */
    private static final String FLOW = "{\"name\": \"b\", \"hosts\": {\"cpus\": 2, \"rxQueues\": 1, \"appCpu\": 1},"
            + " \"link\": {\"mtu\": 9000}, \"crypto\": {\"policy\": \"async\"},"
            + " \"traffic\": [{\"kind\": \"tcp\"}], \"run\": {\"durationS\": 0.02}}";

    private record Delivery(SendContext context, int cpu, Context cpuContext) {
    }

    private record Departure(String sentBy, int cpu, Context cpuContext) {
    }

    private static final class Recorder implements TcpSocket.Listener {
        final List<Delivery> deliveries = new ArrayList<>();
        final List<Departure> departures = new ArrayList<>();
        final List<long[]> wakes = new ArrayList<>();

        @Override
        public void delivered(SendContext c, Cpu cpu) {
            deliveries.add(new Delivery(c, cpu.id(), cpu.context()));
        }

        @Override
        public void leaving(Packet p, Cpu cpu) {
            departures.add(new Departure(p.sentBy(), cpu.id(), cpu.context()));
        }

        @Override
        public void writerWoken(long sndbuf, long wmemQueued) {
            wakes.add(new long[] {sndbuf, wmemQueued});
        }
    }

    private static Recorder run(String json, SocketCounters[] out) throws Exception {
        Experiment e = DatapathRunModelTest.only(json).experiment();
        Datapath d = Experiments.wired(e);
        Recorder r = new Recorder();
        TcpSocket s = d.tcpSenders().get(0);
        s.listener(r);
        new Replication(d, e.run(), null, null).run();
        out[0] = s.socketCounters();
        return r;
    }

    @Test
    void backloggedAcksAreProcessedOnTheApplicationsCpuAndWhatTheyClockOutLeavesFromThere() throws Exception {
        SocketCounters[] c = new SocketCounters[1];
        Recorder r = run(FLOW, c);
        List<Delivery> backlog = r.deliveries.stream().filter(d -> d.context() == SendContext.BACKLOG).toList();
        List<Delivery> softirq = r.deliveries.stream().filter(d -> d.context() == SendContext.SOFTIRQ_ACK).toList();
        assertThat(c[0].backloggedAcks()).as("ACKs arrived while the write owned the socket").isPositive();
        assertThat(backlog).as("each backlogged ACK was processed once, but those still queued when the run stopped")
                .hasSize((int) (c[0].backloggedAcks() - c[0].backlogNow()));
        assertThat(backlog).allSatisfy(d -> {
            assertThat(d.cpu()).as("processed on the application's CPU").isEqualTo(1);
            assertThat(d.cpuContext()).as("in the application's task").isEqualTo(Context.USER_TASK);
        });
        assertThat(softirq).as("ACKs to the unowned socket").isNotEmpty().allSatisfy(d -> {
            assertThat(d.cpu()).as("on the RX CPU").isEqualTo(0);
            assertThat(d.cpuContext()).isEqualTo(Context.SOFTIRQ);
        });
        List<Departure> fromBacklog = r.departures.stream()
                .filter(d -> d.sentBy() != null && d.sentBy().contains("backlog")).toList();
        assertThat(fromBacklog).as("backlogged ACKs clocked out frames").isNotEmpty().allSatisfy(d -> {
            assertThat(d.sentBy()).contains("cpu1");
            assertThat(d.cpu()).isEqualTo(1);
            assertThat(d.cpuContext()).isEqualTo(Context.USER_TASK);
        });
        List<Departure> afterAck = r.departures.stream()
                .filter(d -> d.sentBy() != null && d.sentBy().contains("after an ACK")).toList();
        assertThat(afterAck).isNotEmpty().allSatisfy(d -> {
            assertThat(d.cpu()).isEqualTo(0);
            assertThat(d.cpuContext()).isEqualTo(Context.SOFTIRQ);
        });
        assertThat(c[0].dataFromSoftirq()).isPositive();
        assertThat(c[0].dataFromTask()).isPositive();
    }

    @Test
    void theWriterWakesOnlyWithHalfOfWhatIsQueuedFreeAndTheBufferGrowsToAtMost4MiB() throws Exception {
        SocketCounters[] c = new SocketCounters[1];
        Recorder r = run(FLOW, c);
        assertThat(r.wakes).as("the writer slept for room and was woken").isNotEmpty();
        assertThat(r.wakes).allSatisfy(w -> assertThat(w[0] - w[1]).as("free at the wake").isGreaterThanOrEqualTo(w[1] / 2));
        assertThat(c[0].sndbuf()).as("grown from 2 x 10 x 4352 with cwnd").isGreaterThan(2 * 10 * 4352L)
                .isLessThanOrEqualTo(4L << 20);
        assertThat(c[0].wmemQueued()).isBetween(0L, c[0].sndbuf() + 65_536 + 1280);
    }
}
