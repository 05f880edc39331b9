package org.cryptorder.experiment.replication;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.cryptorder.crypto.Cryptd;
import org.cryptorder.experiment.ExperimentRunner;
import org.cryptorder.experiment.wiring.Datapath;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.CpuColumns;
import org.cryptorder.host.KernelFpuLoad;
import org.cryptorder.macsec.SecY;
import org.cryptorder.metrics.ColumnKind;
import org.cryptorder.metrics.ColumnRecorder;
import org.cryptorder.metrics.LatencyHistogram;
import org.cryptorder.net.Host;
import org.cryptorder.net.Link;
import org.cryptorder.net.MacsecDevice;
import org.cryptorder.net.Netem;
import org.cryptorder.net.Nic;
import org.cryptorder.net.TxQueue;
import org.cryptorder.net.TxQueueColumns;
import org.cryptorder.transport.tcp.receive.TcpReceiver;
import org.cryptorder.transport.tcp.receive.TcpReceiverColumns;
import org.cryptorder.transport.tcp.send.TcpSenderCounters;
import org.cryptorder.transport.tcp.socket.SocketCounters;
import org.cryptorder.transport.tcp.socket.TcpSocket;
import org.cryptorder.transport.udp.UdpSink;
import org.cryptorder.transport.udp.UdpSource;

/**
 * The catalog of the metric columns of {@code runs.csv}, in their order: the concatenation of the
 * groups of columns the components declare beside their counters ({@link org.cryptorder.metrics.Column}:
 * {@link TcpSenderCounters#RECOVERY_COLUMNS}, {@link Nic#RX_COLUMNS}, ...) and of the run's own
 * ({@link RunColumns}), each group bound here to the instances of a {@link Datapath} it covers:
 * host b's NIC, both hosts' cryptd queues, every TCP sender. Everything that names a column reads
 * this catalog: the tables' headers, the schema's list of metric names ({@code run.targetHalfWidth}),
 * the report's and the terminal's headings, and {@code docs/outputs.md} (generated from
 * {@link #markdownTable()}).
 *
 * <p>A new column is declared in its component's group, and nowhere else; it takes the group's
 * place in the table. A new group is added here, where its place in the order is chosen: the
 * groups keep the order the columns came in, so a reader of {@code runs.csv} by position still
 * finds the older columns where they were.
 *
 * <h2>Warm-up, in one way</h2>
 * Every column is one of two kinds ({@link ColumnKind}), and the catalog says which:
 * <ul>
 *   <li>a <b>count</b> reads a counter of the model that only grows (a MACsec counter, a NIC's
 *       drops, a CPU's busy time) at the end of the warm-up and again at its instant, or counts a
 *       component's emissions of a drop signal for one reason ({@link MacsecDevice#drops},
 *       {@link Cryptd#drops}) before and after it; the column is the difference;</li>
 *   <li>a <b>window statistic</b> is kept by a UDP sink or a TCP socket over its measurement
 *       window, which the replication restarts at the end of the warm-up ({@link UdpSink#reset},
 *       {@link TcpSocket#resetCounters}); the column is computed from it at its instant (a ratio,
 *       a percentile, a maximum, or a count of the window).</li>
 * </ul>
 * ({@code sim_seconds} alone is of the whole run.) The instant is the end of the drain (the last
 * simulated instant), except for TCP's figures, which are taken when the traffic stops
 * ({@code run.durationS}), as iperf3 reports at the end of its test.
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

    /** The groups, in table order: who declares them, and which instances of the datapath they read. */
    private static final List<List<Column>> GROUPS = List.of(
            RunColumns.SIM_SECONDS,
            over(Link.COLUMNS, d -> List.of(d.net().aToB())),
            RunColumns.GOODPUT,
            over(TcpSenderCounters.RETRANSMISSION_COLUMNS, OutputColumns::senderCounters),
            over(SecY.COLUMNS, d -> List.of(d.b().macsec().secy())),
            RunColumns.REORDERING,
            over(Cryptd.COLUMNS, OutputColumns::cryptdQueues),
            RunColumns.LATENCY,
            over(UdpSink.ORDER_AND_LOSS_COLUMNS, Datapath::sinks),
            over(UdpSource.COLUMNS, Datapath::sources),
            over(UdpSink.RECEIVED_COLUMNS, Datapath::sinks),
            over(Nic.RX_COLUMNS, d -> List.of(d.b().nic())),
            over(MacsecDevice.RX_COLUMNS, d -> List.of(d.b().macsec())),
            over(Netem.COLUMNS, OutputColumns::impairments),
            over(CpuColumns.BUSY_COLUMNS, d -> cpus(d.b())),
            over(MacsecDevice.RX_DROP_COLUMNS, d -> List.of(d.b().macsec())),
            over(MacsecDevice.TX_DROP_COLUMNS, d -> List.of(d.a().macsec(), d.b().macsec())),
            over(UdpSink.DECODE_COLUMNS, Datapath::sinks),
            over(CpuColumns.KSOFTIRQD_COLUMNS, d -> cpus(d.b())),
            over(TcpSenderCounters.LOSS_PROBE_COLUMNS, OutputColumns::senderCounters),
            over(KernelFpuLoad.COLUMNS, Datapath::receiverFpuLoads),
            over(Nic.TX_DROP_COLUMNS, d -> List.of(d.a().nic(), d.b().nic())),
            over(TxQueueColumns.COLUMNS, d -> txQueues(d.a())),
            over(SocketCounters.COLUMNS, d -> d.tcpSenders().stream().map(TcpSocket::socketCounters).toList()),
            over(TcpSenderCounters.RECOVERY_COLUMNS, OutputColumns::senderCounters),
            over(TcpReceiverColumns.COLUMNS, d -> d.tcpReceivers().stream().map(TcpSocket::receiver).toList()));

    private static final List<Column> COLUMNS = GROUPS.stream().flatMap(List::stream).toList();

    private static final Map<String, Column> BY_NAME = COLUMNS.stream()
            .collect(Collectors.toUnmodifiableMap(Column::name, Function.identity()));

    private OutputColumns() {
    }

    /** Every column, in table order. */
    public static List<Column> all() {
        return COLUMNS;
    }

    /** The groups whose concatenation is {@link #all()}, in table order. */
    public static List<List<Column>> groups() {
        return GROUPS;
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

    // --- binding a component's declared columns to the instances they read ----------------------

    /** The columns {@code declared}, each read from the instances {@code of} gives, in that order. */
    static <T> List<Column> over(List<org.cryptorder.metrics.Column<T>> declared, Function<Datapath, List<T>> of) {
        return declared.stream().map(c -> new Column(c.name(), c.unit(), c.heading(), c.kind().label(),
                c.description(), () -> new Bound<>(c.recorder().get(), of))).toList();
    }

    /** A declared column's recorder, handed its instances and the instants of one replication. */
    private record Bound<T>(ColumnRecorder<T> recorder, Function<Datapath, List<T>> of) implements Recorder {
        @Override
        public void attach(Datapath d) {
            recorder.attach(of.apply(d));
        }

        @Override
        public void warmupEnded(Datapath d) {
            recorder.warmupEnded(of.apply(d), d.sim().time());
        }

        @Override
        public void trafficEnded(Datapath d) {
            recorder.trafficEnded(of.apply(d), d.sim().time());
        }

        @Override
        public double value(End end) {
            Datapath d = end.datapath();
            return recorder.value(of.apply(d),
                    new ColumnRecorder.Stop(d.sim().time(), end.measuredS() + Replication.DRAIN_MS / 1e3));
        }
    }

    private static List<TcpSenderCounters> senderCounters(Datapath d) {
        return d.tcpSenders().stream().map(s -> s.sender().counters()).toList();
    }

    /** The cryptd queue of every CPU, a's first. */
    private static List<Cryptd> cryptdQueues(Datapath d) {
        List<Cryptd> all = new ArrayList<>();
        for (Host h : d.hosts()) {
            for (int c = 0; c < h.cpuCount(); c++) {
                all.add(h.cryptd(c));
            }
        }
        return all;
    }

    /** The impairments of the link from a to b and back, where there are any. */
    private static List<Netem> impairments(Datapath d) {
        return Stream.of(d.net().aToB(), d.net().bToA()).map(Link::impairment).filter(Objects::nonNull).toList();
    }

    private static List<Cpu> cpus(Host h) {
        List<Cpu> all = new ArrayList<>();
        for (int c = 0; c < h.cpuCount(); c++) {
            all.add(h.cpu(c));
        }
        return all;
    }

    private static List<TxQueue> txQueues(Host h) {
        List<TxQueue> all = new ArrayList<>();
        for (int i = 0; i < h.nic().txQueueCount(); i++) {
            all.add(h.nic().txQueue(i));
        }
        return all;
    }
}
