package org.cryptorder.experiment;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import org.cryptorder.crypto.AeadRequest;
import org.cryptorder.crypto.Cryptd;
import org.cryptorder.crypto.CryptdDrop;
import org.cryptorder.engine.ReasonSignal;
import org.cryptorder.engine.Time;
import org.cryptorder.host.Context;
import org.cryptorder.host.KernelFpuLoad;
import org.cryptorder.macsec.MacsecCounter;
import org.cryptorder.metrics.LatencyHistogram;
import org.cryptorder.net.Host;
import org.cryptorder.net.Link;
import org.cryptorder.net.MacsecDrop;
import org.cryptorder.net.Netem;
import org.cryptorder.net.TxDrop;
import org.cryptorder.scenario.CpuShares;
import org.cryptorder.transport.TcpReceiverCounters;
import org.cryptorder.transport.TcpSenderCounters;
import org.cryptorder.transport.SocketCounters;
import org.cryptorder.transport.TcpSocket;
import org.cryptorder.transport.UdpSink;
import org.cryptorder.transport.UdpSource;

/**
 * The catalog of the metric columns of {@code runs.csv}, in their order: each column's name, unit,
 * short heading, one-line description, and the recorder that takes its value from a replication's
 * {@link Datapath}. Everything that names a column reads this catalog: the tables' headers, the
 * schema's list of metric names ({@code run.targetHalfWidth}), the report's and the terminal's
 * headings, and {@code docs/outputs.md} (generated from {@link #markdownTable()}). A column is added
 * here and nowhere else, beside the counter or statistic it reads.
 *
 * <h2>Warm-up, in one way</h2>
 * Every recorder is one of two kinds, and the catalog says which:
 * <ul>
 *   <li>a <b>count</b> reads a counter of the model that only grows (a MACsec counter, a NIC's
 *       drops, a CPU's busy time) at the end of the warm-up and again at its instant, or counts a
 *       component's emissions of a drop signal for one reason ({@link org.cryptorder.net.MacsecDevice#drops},
 *       {@link Cryptd#drops}) before and after it; the column is the difference;</li>
 *   <li>a <b>window statistic</b> is kept by a UDP sink or a TCP socket over its measurement
 *       window, which the replication restarts at the end of the warm-up ({@link UdpSink#reset},
 *       {@link TcpSocket#resetCounters}); the column is computed from it at its instant (a ratio,
 *       a percentile, a maximum, or a count of the window).</li>
 * </ul>
 * ({@code sim_seconds} alone is of the whole run.) The instant is the end of the drain (the last simulated instant), except for TCP's figures, which
 * are taken when the traffic stops ({@code run.durationS}), as iperf3 reports at the end of its
 * test.
 */
public final class OutputColumns {

    /** What every recorder can read at the end: the wired model, the merged latency, the measured time. */
    public record End(Datapath datapath, LatencyHistogram latency, double measuredS) {
    }

    /**
     * Takes one column's value from one replication: it hears of the warm-up's end and of the end of
     * the traffic, and gives its value when the simulation stopped.
     */
    public interface Recorder {
        /** Once, when the replication is wired and nothing has run yet: subscribe to signals here. */
        default void attach(Datapath d) {
        }

        /** At the end of the warm-up (not called without one), before the sinks and sockets restart their windows. */
        default void warmupEnded(Datapath d) {
        }

        /** When the sources stop. */
        default void trafficEnded(Datapath d) {
        }

        /** The column's value, once the simulation stopped. */
        double value(End end);
    }

    /**
     * One column.
     *
     * @param name        the column's name in the tables (snake_case, unit last)
     * @param unit        its unit, as the docs print it
     * @param heading     a short heading for summaries and the report
     * @param kind        {@code count}, {@code window statistic} or {@code whole run} (the warm-up rule it follows)
     * @param description one or more sentences: what it counts and where
     * @param recorder    makes the column's recorder for one replication
     */
    public record Column(String name, String unit, String heading, String kind, String description,
                         Supplier<Recorder> recorder) {
    }

    private static final String COUNT = "count";
    private static final String WINDOW = "window statistic";
    private static final String WHOLE_RUN = "whole run";

    private static final List<Column> COLUMNS = List.of(
            new Column("sim_seconds", "s", "simulated s", WHOLE_RUN,
                    "Simulated time of the run: `durationS` plus 5 ms in which frames in flight arrive.",
                    () -> end -> end.datapath().sim().time() / 1e9),
            count("frames_tx", "frames", "frames tx", "Frames host a put on the wire to b.",
                    d -> d.net().aToB().frames()),
            new Column("goodput_bps", "bit/s", "goodput", WINDOW,
                    "Payload delivered intact to b's applications from the warm-up's end to the traffic's (UDP"
                            + " datagrams, and the octets TCP delivered in order), bits per second of that window"
                            + " (`durationS - warmupS`), as iperf3's server counts what arrived within its interval:"
                            + " datagrams delivered in the 5 ms drain are in `udp_received`, not here, so the figure"
                            + " never exceeds what the link carried in the window.",
                    Recorders.Goodput::new),
            tcp("tcp_retransmits", "segments", "TCP Retr",
                    "iperf3's `Retr`: segments retransmitted, spurious ones included; 0 without TCP traffic.",
                    TcpSenderCounters::totalRetrans),
            tcp("tcp_spurious_retransmits", "segments", "spurious",
                    "Retransmissions D-SACK proved spurious (Linux's `tcpi_dsack_dups`). D-SACKs count as they"
                            + " arrive, so one for a segment retransmitted just before the warm-up ended counts while"
                            + " its retransmission does not: with few retransmissions this can exceed"
                            + " `tcp_retransmits`.",
                    TcpSenderCounters::spuriousRetransmits),
            secy("in_pkts_ok", "InPktsOK", MacsecCounter.IN_PKTS_OK,
                    "b's MACsec InPktsOK (`ip -s macsec show`): frames validated and passed up."),
            secy("in_pkts_delayed", "InPktsDelayed", MacsecCounter.IN_PKTS_DELAYED,
                    "b's MACsec InPktsDelayed: valid frames delivered although their PN was below"
                            + " `next_pn - replayWindow` (reachable only with replay protection off; with the window"
                            + " at 0, every frame that arrived after a higher PN): the SA's order broke."),
            secy("in_pkts_late", "InPktsLate", MacsecCounter.IN_PKTS_LATE,
                    "b's MACsec InPktsLate: frames dropped by replay protection because their PN was below"
                            + " `next_pn - replayWindow`, at the check before or after decryption."),
            secy("in_pkts_not_valid", "InPktsNotValid", MacsecCounter.IN_PKTS_NOT_VALID,
                    "b's MACsec InPktsNotValid: frames whose ICV failed (strict validation)."),
            new Column("reordered_ratio", "1", "reordered", WINDOW,
                    "RFC 4737 Type-P-Reordered-Ratio-Stream over b's UDP sinks and TCP receivers (segments,"
                            + " first copies only).",
                    Recorders.ReorderedRatio::new),
            window("reorder_extent_max", "packets", "extent max",
                    "Largest RFC 4737 reordering extent of any flow.", d -> {
                        long max = 0;
                        for (UdpSink s : d.sinks()) {
                            max = Math.max(max, s.reordering().extentMax());
                        }
                        for (TcpSocket r : d.tcpReceivers()) {
                            max = Math.max(max, r.reordering().extentMax());
                        }
                        return max;
                    }),
            count("cryptd_enqueued", "requests", "cryptd enqueued",
                    "Requests queued in cryptd, both hosts.", d -> sumCryptd(d, Cryptd::enqueued)),
            drops("cryptd_dropped", "requests", "cryptd dropped",
                    "Requests cryptd refused because a queue was full, both hosts.", d -> {
                        List<ReasonSignal<AeadRequest, CryptdDrop>> all = new ArrayList<>();
                        for (Host h : d.hosts()) {
                            for (int c = 0; c < h.cpuCount(); c++) {
                                all.add(h.cryptd(c).drops);
                            }
                        }
                        return all;
                    }, CryptdDrop.QUEUE_FULL),
            new Column("cryptd_wait_mean_us", "µs", "cryptd wait", COUNT,
                    "Mean time a request waited in cryptd before its worker took it, over the requests taken after"
                            + " the warm-up (those still queued at the end have no wait yet), both hosts; empty when"
                            + " none was taken.",
                    Recorders.CryptdWaitMean::new),
            new Column("latency_p50_us", "µs", "latency p50", WINDOW,
                    "Median send-to-delivery latency of the datagrams and segments delivered after the warm-up"
                            + " (`latency.csv` holds the histogram; bins are about 3% wide).",
                    () -> end -> Time.toUs(end.latency().percentile(0.5))),
            new Column("latency_p99_us", "µs", "latency p99", WINDOW,
                    "99th percentile of the same latency.",
                    () -> end -> Time.toUs(end.latency().percentile(0.99))),
            window("udp_out_of_order", "datagrams", "UDP out of order",
                    "iperf3's out-of-order datagrams, over all UDP flows.",
                    d -> sumSinks(d, s -> s.iperf().outOfOrderPackets())),
            window("udp_lost", "datagrams", "UDP lost",
                    "iperf3's lost datagrams. As in iperf3 after `-O`, it can be slightly negative when datagrams"
                            + " sent before the warm-up's end arrive after it, out of order; datagrams still queued"
                            + " 5 ms after the sources stop are not seen, so a saturated receiver's backlog does not"
                            + " count as lost.",
                    d -> sumSinks(d, s -> s.iperf().lostPackets())),
            count("udp_sent", "datagrams", "UDP sent", "Datagrams a's UDP sources sent.",
                    d -> d.sources().stream().mapToLong(UdpSource::sent).sum()),
            window("udp_received", "datagrams", "UDP received", "Datagrams b's UDP sinks received.",
                    d -> sumSinks(d, s -> s.iperf().datagrams())),
            window("udp_corrupt", "datagrams", "UDP corrupt", "Datagrams b received with bad bytes.",
                    d -> sumSinks(d, UdpSink::corrupt)),
            count("rx_missed", "frames", "RX missed", "Frames b's NIC dropped because an RX ring was full.",
                    d -> d.b().nic().rxMissed()),
            countRatio("rx_interrupts_per_s", "1/s", "RX interrupts/s",
                    "Interrupts per second of b's NIC vectors that serve an RX queue (each also cleans its TX"
                            + " queue), from the warm-up's end to the traffic's: with adaptive moderation"
                            + " (`hosts.rxUsecs`) ixgbe's `ixgbe_update_itr` sets the interval between 10 and 126 us.",
                    d -> d.b().nic().rxInterrupts(), d -> d.sim().time() / 1e9),
            countRatio("napi_frames_per_poll_mean", "frames", "frames per NAPI poll",
                    "Mean frames one run of b's RX NAPI polls took (`ixgbe_poll`'s RX part, at most"
                            + " `hosts.napiBudget`), from the warm-up's end to the traffic's.",
                    d -> d.b().nic().rxPolledFrames(), d -> d.b().nic().rxPolls()),
            countRatio("gro_segments_per_packet_mean", "frames", "frames per GRO packet",
                    "Mean frames in each packet b's MACsec GRO cells took up the stack (`hosts.gro`: consecutive"
                            + " in-order TCP segments of a flow merged into one skb; 1 without GRO, and for UDP"
                            + " and pure ACKs), from the warm-up's end to the traffic's.",
                    d -> d.b().macsec().groSegmentsUp(), d -> d.b().macsec().groPacketsUp()),
            count("resequencer_timeouts", "gaps", "resequencer timeouts",
                    "Gaps the PN reorder queue of the resequencing policies gave up on.",
                    d -> d.b().macsec().resequencerTimeouts()),
            impairment("impairment_lost", "lost", "Frames the link impairments lost, both directions.",
                    Netem.Counts::lost),
            impairment("impairment_duplicated", "duplicated", "Frames the link impairments duplicated, both directions.",
                    Netem.Counts::duplicated),
            impairment("impairment_corrupted", "corrupted", "Frames the link impairments corrupted, both directions.",
                    Netem.Counts::corrupted),
            impairment("impairment_reordered", "reordered",
                    "Frames the link impairments reordered, both directions: netem's reorder knob and the"
                            + " deterministic rule's held frames.",
                    n -> n.reordered() + n.held()),
            busy("cpu_softirq_seconds", "softirq", Context.SOFTIRQ,
                    "CPU time of the receiving host b's CPUs in softirq: NAPI, inline crypto, softirq sends."),
            busy("cpu_kernel_worker_seconds", "kernel worker", Context.KERNEL_WORKER,
                    "CPU time of b's CPUs in kernel workers: cryptd, padata, kernel FPU users."),
            busy("cpu_user_task_seconds", "user task", Context.USER_TASK,
                    "CPU time of b's CPUs in user tasks: applications, user FPU loads."),
            drops("gro_cell_dropped", "frames", "GRO cell dropped",
                    "Decrypted frames b's MACsec device dropped because the CPU's GRO cell already held"
                            + " `netdev_max_backlog` (1,000) frames (`gro_cells_receive`; the device's `rx_dropped`).",
                    d -> List.of(d.b().macsec().drops), MacsecDrop.RX_GRO_CELL_FULL),
            drops("tx_queue_dropped", "frames", "TX queue dropped",
                    "Frames a TX queue of the lower device dropped when MACsec handed them down, both hosts (a's"
                            + " data, b's ACKs): a full qdisc, or a stopped queue without one"
                            + " (`tx_qdisc_dropped`, `tx_ring_dropped`; fq_codel's later drops are counted apart)."
                            + " Linux counts these among the qdisc's drops"
                            + " (`tc -s qdisc show dev eth0`), not in the MACsec device's counters.",
                    d -> List.of(d.a().macsec().drops, d.b().macsec().drops), MacsecDrop.LOWER_QUEUE_FULL),
            window("udp_decode_errors", "datagrams", "decode errors",
                    "What a media decoder without a reorder buffer would suffer (seed S7's video streams): it takes"
                            + " each datagram in arrival order and jumps to it, so every sequence number it jumps"
                            + " over, late or never delivered, is one decode error, counted once; over all UDP flows.",
                    d -> sumSinks(d, s -> s.iperf().decodeErrors())),
            new Column("cpu_ksoftirqd_seconds", "s", "ksoftirqd", COUNT,
                    "Of `cpu_softirq_seconds`, the part b's ksoftirqd threads ran (`hosts.ksoftirqd`; 0 without):"
                            + " how much of the softirq work waited for the scheduler.",
                    () -> new Recorders.Count(d -> {
                        double ns = 0;
                        for (int c = 0; c < d.b().cpuCount(); c++) {
                            ns += d.b().cpu(c).ksoftirqdBusyNs();
                        }
                        return ns;
                    }, 1e9)),
            tcp("tcp_loss_probes", "probes", "loss probes",
                    "Tail loss probes the TCP senders sent (Linux's `TCPLossProbes` in `nstat`).",
                    TcpSenderCounters::lossProbes),
            new Column("kernel_fpu_share_min", "1", "kernel FPU share", COUNT,
                    "Of each of b's CPUs' time after the warm-up (drain included), the share its kernel FPU user"
                            + " spent in FPU sections (counted when they end), the smallest over the CPUs: what"
                            + " `contention.kernelFpuBusy` asked for, as the least served CPU got it. Below the"
                            + " asked share when softirq work or other tasks kept the user off that CPU, and then"
                            + " the contention did not happen there as configured.",
                    FpuShareMin::new),
            new Column("cpu_kernel_fpu_seconds", "s", "kernel FPU users", COUNT,
                    "Of `cpu_kernel_worker_seconds`, the part b's kernel FPU users (`contention.kernelFpuBusy`) spent"
                            + " in their FPU sections (counted when a section ends); the rest is cryptd's and padata's"
                            + " workers.",
                    () -> new Recorders.Count(d -> {
                        double ns = 0;
                        for (KernelFpuLoad l : d.receiverFpuLoads()) {
                            ns += l.heldNs();
                        }
                        return ns;
                    }, 1e9)),
            drops("tx_qdisc_dropped", "frames", "qdisc dropped",
                    "Of `tx_queue_dropped`, the frames a full qdisc refused (`hosts.qdisc` pfifo_fast: 1000 packets"
                            + " per TX queue; fq_codel refuses none, `tx_fq_overlimit_dropped`), both hosts.",
                    d -> List.of(d.a().nic().txDrops, d.b().nic().txDrops), TxDrop.QDISC_FULL),
            drops("tx_ring_dropped", "frames", "ring dropped",
                    "Of `tx_queue_dropped`, the frames that found their TX queue stopped with no qdisc to hold"
                            + " them (`hosts.qdisc` noqueue): the ring short of descriptors or BQL over its limit,"
                            + " both hosts.",
                    d -> List.of(d.a().nic().txDrops, d.b().nic().txDrops), TxDrop.RING_FULL),
            drops("tx_fq_overlimit_dropped", "frames", "fq_codel overlimit",
                    "Frames fq_codel (`hosts.qdisc`) took in and then dropped from the head of its fattest bucket"
                            + " because the qdisc held over 10240 packets or 32 MB (`fq_codel_drop`, up to 64 at a"
                            + " time), both hosts; not in `tx_queue_dropped` (MACsec counted them as sent).",
                    d -> List.of(d.a().nic().txDrops, d.b().nic().txDrops), TxDrop.FQ_OVERLIMIT),
            drops("tx_codel_dropped", "frames", "CoDel dropped",
                    "Frames fq_codel's CoDel (`hosts.qdisc`) dropped at dequeue, their bucket's sojourn above 5 ms"
                            + " for 100 ms, both hosts; not in `tx_queue_dropped` (MACsec counted them as sent).",
                    d -> List.of(d.a().nic().txDrops, d.b().nic().txDrops), TxDrop.CODEL),
            new Column("bql_limit_mean_bytes", "octets", "BQL limit", COUNT,
                    "Time average of BQL's limit (`hosts.bql`) after the warm-up, over the TX queues of a that sent"
                            + " frames after it, averaged over those queues; empty without BQL.",
                    TxPathColumns.BqlLimitMean::new),
            new Column("qdisc_backlog_p99_packets", "packets", "qdisc p99", COUNT,
                    "99th percentile over time of the qdisc's backlog after the warm-up, over the TX queues of a"
                            + " that sent frames after it; empty without a qdisc.",
                    TxPathColumns.QdiscBacklogP99::new),
            new Column("tcp_sent_from_softirq", "1", "sent from softirq", WINDOW,
                    "Of the data segments the TCP senders sent for the first time after the warm-up, the share"
                            + " sent from softirq (by an ACK processed where it was received, a timer, the pacing"
                            + " hrtimer or the TSQ tasklet) rather than from the application's task (its write, an ACK it took from the"
                            + " socket's backlog, `tcp_release_cb`); NaN without TCP traffic.",
                    () -> new Recorders.AtTrafficEnd(d -> {
                        long softirq = 0;
                        long all = 0;
                        for (TcpSocket s : d.tcpSenders()) {
                            SocketCounters c = s.socketCounters();
                            softirq += c.dataFromSoftirq();
                            all += c.dataFromSoftirq() + c.dataFromTask();
                        }
                        return all == 0 ? Double.NaN : (double) softirq / all;
                    })),
            tcp("tcp_backlog_acks", "ACKs", "backlogged ACKs",
                    "ACKs that reached a TCP sender while its application's write owned the socket, queued to the"
                            + " socket's backlog and processed on the application's CPU (`__release_sock`).",
                    s -> 0, s -> s.socketCounters().backloggedAcks()),
            tcp("tcp_partial_undo", "undos", "partial undos",
                    "Recoveries whose cwnd cut the TCP senders undid on a partial ACK whose timestamp echo proved the"
                            + " original got through (`tcp_try_undo_partial`; Linux's `TCPPartialUndo` in `nstat`).",
                    TcpSenderCounters::partialUndo),
            tcp("tcp_dsack_undo", "undos", "D-SACK undos",
                    "Cwnd cuts the TCP senders undid once D-SACKs had shown every retransmission spurious"
                            + " (`tcp_try_undo_dsack`; Linux's `TCPDSACKUndo`).",
                    TcpSenderCounters::dsackUndo),
            tcp("tcp_ts_reorder", "events", "TS reorder",
                    "Reordering the TCP senders detected by timestamps, in `tcp_try_undo_partial` (Linux's"
                            + " `TCPTSReorder`).",
                    TcpSenderCounters::tsReorder),
            tcp("tcp_sack_recovery", "recoveries", "SACK recoveries",
                    "Fast recoveries the TCP senders entered with SACK (`tcp_enter_recovery`; Linux's"
                            + " `TCPSackRecovery`).",
                    TcpSenderCounters::sackRecoveries),
            tcp("tcp_reordering", "segments", "tp->reordering",
                    "The reordering degree `tp->reordering` when the traffic stops (`tcpi_reordering` of `ss -ti`),"
                            + " summed over the TCP senders: with one flow, that flow's; 3 until reordering is seen,"
                            + " at most `tcp_max_reordering` (300).",
                    TcpSenderCounters::reordering),
            receivers("tcp_acks_per_segment", "1", "ACKs per segment",
                    "ACKs the TCP receivers sent per data segment they received (Linux on bench/linux-relay,"
                            + " 500 us: 0.43-0.50 clean, 0.61-0.62 with tcp-heavy-reordering's holds); NaN without"
                            + " TCP traffic.",
                    c -> c.acksSent(), c -> c.segmentsIn()),
            receivers("tcp_read_acks_share", "1", "ACKs after reads",
                    "Of the ACKs the TCP receivers sent, the share `tcp_cleanup_rbuf` sent after the receiving"
                            + " application's reads (`traffic[].readBytes`; 0 without it): the ACKs that"
                            + " `__tcp_ack_snd_check` held back while unread data would have shrunk the window"
                            + " (Linux on bench/linux-relay: 58-60 % with the holds, 68-76 % clean); NaN without"
                            + " TCP traffic.",
                    c -> c.readAcks(), c -> c.acksSent()),
            new Column("tcp_rcvbuf", "octets", "sk_rcvbuf", WINDOW,
                    "The TCP receivers' `sk_rcvbuf` when the traffic stops, as autotuning left it, averaged over"
                            + " the flows (`skmem` rb of `ss -tm`); NaN without a modelled reader"
                            + " (`traffic[].readBytes` 0: the window is fixed).",
                    () -> new Recorders.AtTrafficEnd(d -> {
                        double sum = 0;
                        int n = 0;
                        for (TcpSocket r : d.tcpReceivers()) {
                            long b = r.receiver().receiveBufferBytes();
                            if (b > 0) {
                                sum += b;
                                n++;
                            }
                        }
                        return n == 0 ? Double.NaN : sum / n;
                    })),
            readDelay("tcp_read_delay_p50_us", "read delay p50",
                    "Median time from an in-order segment's arrival at the TCP receiver to the application's read"
                            + " that copied it (`traffic[].readBytes`; segments a hole's filling released are not"
                            + " counted), over the receivers; NaN without a modelled reader. Linux on"
                            + " bench/linux-relay (iperf3 -s, 500 us): 16-32 us.",
                    h -> h.percentile(0.5)),
            readDelay("tcp_read_delay_mean_us", "read delay mean",
                    "Mean of the same delay (Linux on bench/linux-relay: 44-47 us).",
                    h -> h.mean()));

    private static final Map<String, Column> BY_NAME = COLUMNS.stream()
            .collect(Collectors.toUnmodifiableMap(Column::name, Function.identity()));

    private OutputColumns() {
    }

    /** Every column, in table order. */
    public static List<Column> all() {
        return COLUMNS;
    }

    /** The column names, in table order. */
    public static List<String> names() {
        return COLUMNS.stream().map(Column::name).toList();
    }

    /** The column called {@code name}, or null. */
    public static Column get(String name) {
        return BY_NAME.get(name);
    }

    /** The heading of {@code name} for summaries and the report; the name itself for a column not in the catalog. */
    public static String heading(String name) {
        Column c = BY_NAME.get(name);
        return c == null ? name : c.heading();
    }

    /** The catalog as a Markdown table (column, unit, kind, meaning): the body of {@code docs/outputs.md}'s column list. */
    public static String markdownTable() {
        StringBuilder b = new StringBuilder();
        b.append("| column | unit | warm-up rule | meaning |\n|---|---|---|---|\n");
        b.append("| `").append(ExperimentRunner.WALL_SECONDS).append("` | s | none | real time the replication took"
                + " (the only column that varies between identical runs) |\n");
        for (Column c : COLUMNS) {
            b.append(String.format(Locale.ROOT, "| `%s` | %s | %s | %s |%n", c.name(), c.unit(), c.kind(),
                    c.description().replace("|", "\\|")));
        }
        return b.toString();
    }

    // --- the kinds of recorder --------------------------------------------------------------------

    /** A count read at the end of the drain. */
    private static Column count(String name, String unit, String heading, String description,
                                ToDoubleFunction<Datapath> read) {
        return new Column(name, unit, heading, COUNT, description, () -> new Recorders.Count(read, 1));
    }

    /**
     * A ratio of two growing readings, each taken at the warm-up's end and when the traffic stops:
     * the growth of {@code numerator} over that of {@code denominator}; NaN when the latter did not grow.
     */
    private static Column countRatio(String name, String unit, String heading, String description,
                                     ToDoubleFunction<Datapath> numerator, ToDoubleFunction<Datapath> denominator) {
        return new Column(name, unit, heading, WINDOW, description, () -> new Recorders.CountRatio(numerator, denominator));
    }

    /** A window statistic read at the end of the drain. */
    private static Column window(String name, String unit, String heading, String description,
                                 ToDoubleFunction<Datapath> read) {
        return new Column(name, unit, heading, WINDOW, description, () -> end -> read.applyAsDouble(end.datapath()));
    }

    /** A TCP sender figure: a window statistic summed over the senders when the traffic stops. */
    private static Column tcp(String name, String unit, String heading, String description,
                              ToDoubleFunction<TcpSenderCounters> read) {
        return tcp(name, unit, heading, description, read, null);
    }

    /** The same, read from the sender ({@code read}) or, when {@code socket} is given, from its socket. */
    private static Column tcp(String name, String unit, String heading, String description,
                              ToDoubleFunction<TcpSenderCounters> read, ToDoubleFunction<TcpSocket> socket) {
        return new Column(name, unit, heading, WINDOW, description, () -> new Recorders.AtTrafficEnd(d -> {
            long sum = 0;
            for (TcpSocket s : d.tcpSenders()) {
                sum += (long) (socket != null ? socket.applyAsDouble(s) : read.applyAsDouble(s.sender().counters()));
            }
            return sum;
        }));
    }

    /** A statistic of the TCP receivers' arrival-to-read delays, pooled at traffic end, in us. */
    private static Column readDelay(String name, String heading, String description,
                                    ToDoubleFunction<LatencyHistogram> statistic) {
        return new Column(name, "µs", heading, WINDOW, description, () -> new Recorders.AtTrafficEnd(d -> {
            LatencyHistogram all = new LatencyHistogram();
            for (TcpSocket r : d.tcpReceivers()) {
                all.addAll(r.receiver().readDelay());
            }
            return all.count() == 0 ? Double.NaN : Time.toUs(statistic.applyAsDouble(all));
        }));
    }

    /**
     * A ratio of two TCP receiver counts, each summed over the receivers when the traffic stops; NaN
     * when the denominator is 0.
     */
    private static Column receivers(String name, String unit, String heading, String description,
                                    ToDoubleFunction<TcpReceiverCounters> numerator,
                                    ToDoubleFunction<TcpReceiverCounters> denominator) {
        return new Column(name, unit, heading, WINDOW, description, () -> new Recorders.AtTrafficEnd(d -> {
            double num = 0;
            double den = 0;
            for (TcpSocket r : d.tcpReceivers()) {
                TcpReceiverCounters c = r.receiver().counters();
                num += numerator.applyAsDouble(c);
                den += denominator.applyAsDouble(c);
            }
            return den == 0 ? Double.NaN : num / den;
        }));
    }

    /** A count of the drops a set of components emitted for one reason. */
    private static <T, R extends Enum<R>> Column drops(String name, String unit, String heading, String description,
                                                       Function<Datapath, List<ReasonSignal<T, R>>> signals,
                                                       R reason) {
        return new Column(name, unit, heading, COUNT, description, () -> new Recorders.DropCount<>(signals, reason));
    }

    private static Column secy(String name, String heading, MacsecCounter counter, String description) {
        return count(name, "frames", heading, description, d -> d.b().macsec().secy().counter(counter));
    }

    private static Column impairment(String name, String heading, String description,
                                     ToDoubleFunction<Netem.Counts> read) {
        return count(name, "frames", heading, description, d -> {
            long sum = 0;
            for (Link link : List.of(d.net().aToB(), d.net().bToA())) {
                if (link.impairment() != null) {
                    sum += (long) read.applyAsDouble(link.impairment().counts());
                }
            }
            return sum;
        });
    }

    private static Column busy(String name, String heading, Context context, String description) {
        return new Column(name, "s", heading, COUNT, description,
                () -> new Recorders.Count(d -> CpuShares.busy(d.b())[context.ordinal()], 1e9));
    }

    private static long sumCryptd(Datapath d, ToDoubleFunction<Cryptd> read) {
        long sum = 0;
        for (Host h : d.hosts()) {
            for (int c = 0; c < h.cpuCount(); c++) {
                sum += (long) read.applyAsDouble(h.cryptd(c));
            }
        }
        return sum;
    }

    private static long sumSinks(Datapath d, ToDoubleFunction<UdpSink> read) {
        long sum = 0;
        for (UdpSink s : d.sinks()) {
            sum += (long) read.applyAsDouble(s);
        }
        return sum;
    }

    /** Payload octets b's UDP sinks and TCP receivers delivered since their windows began. */
    static long deliveredOctets(Datapath d) {
        long octets = 0;
        for (UdpSink s : d.sinks()) {
            octets += s.octets();
        }
        for (TcpSocket r : d.tcpReceivers()) {
            octets += r.receiver().counters().bytesDelivered();
        }
        return octets;
    }
}
