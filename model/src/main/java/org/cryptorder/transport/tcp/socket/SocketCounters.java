package org.cryptorder.transport.tcp.socket;

import java.util.List;
import org.cryptorder.metrics.Column;

/**
 * What a sending socket's layer counted since the start or the last reset: where its data segments
 * were first sent from, the ACKs its backlog took, and its send buffer now.
 *
 * @param dataFromSoftirq data segments first sent from softirq (an ACK to an unowned socket, a
 *     timer, the TSQ tasklet)
 * @param dataFromTask data segments first sent from the application's task ({@code tcp_sendmsg},
 *     a backlogged ACK, {@code tcp_release_cb})
 * @param backloggedAcks ACKs queued to the backlog while the application owned the socket
 * @param backlogDrops ACKs dropped because the backlog was full ({@code TCPBacklogDrop})
 * @param writerSleeps times the application slept for room in the send buffer
 * @param sndbuf {@code sk_sndbuf} now, octets
 * @param wmemQueued {@code sk_wmem_queued} now, octets
 * @param backlogNow ACKs in the backlog now, not yet processed (the application still owns the socket)
 */
public record SocketCounters(long dataFromSoftirq, long dataFromTask, long backloggedAcks, long backlogDrops,
                             long writerSleeps, long sndbuf, long wmemQueued, long backlogNow) {

    /** The sending sockets' columns of {@code runs.csv}, over the TCP senders when the traffic stops. */
    public static final List<Column<SocketCounters>> COLUMNS = List.of(
            Column.windowRatio("tcp_sent_from_softirq", "1", "sent from softirq",
                    "Of the data segments the TCP senders sent for the first time after the warm-up, the share"
                            + " sent from softirq (by an ACK processed where it was received, a timer, the pacing"
                            + " hrtimer or the TSQ tasklet) rather than from the application's task (its write, an ACK it took from the"
                            + " socket's backlog, `tcp_release_cb`); NaN without TCP traffic.",
                    Column.At.TRAFFIC_END, SocketCounters::dataFromSoftirq, c -> c.dataFromSoftirq() + c.dataFromTask()),
            Column.window("tcp_backlog_acks", "ACKs", "backlogged ACKs",
                    "ACKs that reached a TCP sender while its application's write owned the socket, queued to the"
                            + " socket's backlog and processed on the application's CPU (`__release_sock`).",
                    Column.At.TRAFFIC_END, SocketCounters::backloggedAcks));

    /** A receiving socket's: nothing. */
    public static final SocketCounters NONE = new SocketCounters(0, 0, 0, 0, 0, 0, 0, 0);

    /** The share of data segments first sent from softirq; NaN when none was sent. */
    public double sentFromSoftirqShare() {
        long all = dataFromSoftirq + dataFromTask;
        return all == 0 ? Double.NaN : (double) dataFromSoftirq / all;
    }
}
