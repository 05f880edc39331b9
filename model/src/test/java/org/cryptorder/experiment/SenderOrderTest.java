package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.replication.Replication;
import org.cryptorder.experiment.wiring.Datapath;
import org.cryptorder.host.Cpu;
import org.cryptorder.net.Packet;
import org.cryptorder.transport.tcp.socket.TcpSocket;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * With synchronous crypto and one TX queue, a TCP sender's new data reaches its MACsec device in
 * stream order, whoever sends it: Linux serialises a socket's transmissions (the socket owned by
 * the application, or its spinlock held, softirqs off, through {@code tcp_release_cb}; an ACK's
 * {@code tcp_write_xmit} runs inside the softirq that processes it, before the next frame). Checked
 * on {@code experiments/tcp-vs-reordering.json}'s Linux configurations, frame by frame as each
 * starts its MACsec transmission: a segment sent for the first time never starts below one sent
 * before it.
 */
@Tag("extensive")
class SenderOrderTest {
    @Test
    void newDataLeavesInStreamOrderWithSyncCryptoAndOneTxQueue() throws Exception {
        int checked = 0;
        for (ResolvedRun r : Experiments.configurations("tcp-vs-reordering.json")) {
            Experiment e = r.experiment();
            if (((Experiment.TcpTraffic) e.traffic().get(0)).mode() != org.cryptorder.transport.tcp.TcpMode.LINUX) {
                continue;
            }
            Datapath d = Experiments.wired(e);
            Order order = new Order();
            d.tcpSenders().get(0).listener(order);
            new Replication(d, e.run(), null, null).run();
            assertThat(order.firstSent).as("segments sent, %s", r.point().values()).isGreaterThan(10_000);
            assertThat(order.outOfOrder).as("new data below data sent before it, %s", r.point().values()).isEmpty();
            checked++;
        }
        assertThat(checked).isEqualTo(7);
    }

    /** The TCP sequence numbers of data frames as their transmission starts. */
    private static final class Order implements TcpSocket.Listener {
        final Set<Long> seen = new HashSet<>();
        final List<String> outOfOrder = new ArrayList<>();
        long highest = -1;
        long firstSent;

        @Override
        public void leaving(Packet p, Cpu cpu) {
            byte[] b = p.frame().bytes();
            int ip = p.frame().offset() + 14;
            int ihl = (b[ip] & 0x0f) * 4;
            int total = ((b[ip + 2] & 0xff) << 8) | (b[ip + 3] & 0xff);
            int tcp = ip + ihl;
            int dataOffset = ((b[tcp + 12] & 0xf0) >> 4) * 4;
            if (total - ihl - dataOffset <= 0) {
                return;
            }
            long seq = ((b[tcp + 4] & 0xffL) << 24) | ((b[tcp + 5] & 0xffL) << 16) | ((b[tcp + 6] & 0xffL) << 8)
                    | (b[tcp + 7] & 0xffL);
            if (!seen.add(seq)) {
                return;  // a retransmission
            }
            firstSent++;
            if (highest >= 0 && seq < highest && outOfOrder.size() < 5) {
                outOfOrder.add("seq " + seq + " after " + highest + " (" + p.sentBy() + ")");
            }
            highest = Math.max(highest, seq);
        }
    }
}
