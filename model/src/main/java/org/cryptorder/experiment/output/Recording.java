package org.cryptorder.experiment.output;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.metrics.LatencyHistogram;
import org.cryptorder.metrics.LevelSamples;
import org.cryptorder.transport.tcp.trace.TcpSequenceTrace;

/**
 * What one run records beside its metrics, for the runner's side files: the per-frame latency
 * histogram behind {@code latency_p50_us} and {@code latency_p99_us} (always), and, when asked,
 * the cryptd queue length of each CPU and the occupancy of the sending host's TX queues (qdisc and
 * ring), sampled on a fixed grid of simulated time. A model fills it in; the runner writes
 * {@code latency.csv}, {@code series/cryptd-queue-<i>.csv} and {@code series/tx-queue-<i>.csv} from it.
 */
public final class Recording {
    /** How many grid points a run's queue series aims at: enough for a line, few enough for a file. */
    public static final int QUEUE_POINTS = 2000;

    private final double queueIntervalNs;
    private LatencyHistogram latency;
    private final List<QueueSeries> queues = new ArrayList<>();
    private final List<TxQueueSeries> txQueues = new ArrayList<>();
    private TcpSequenceTrace tcpSequence;

    private Recording(double queueIntervalNs) {
        this.queueIntervalNs = queueIntervalNs;
    }

    /** The latency histogram only. */
    public static Recording latencyOnly() {
        return new Recording(0);
    }

    /** The latency histogram and the cryptd queues, sampled every {@code intervalNs}. */
    public static Recording withQueues(double intervalNs) {
        if (!(intervalNs > 0)) {
            throw new IllegalArgumentException("sampling interval must be above 0, got " + intervalNs);
        }
        return new Recording(intervalNs);
    }

    /**
     * The default sampling interval for a run of {@code spanS} seconds of simulated time: 1, 2 or 5
     * times a power of ten, at least {@code spanS / QUEUE_POINTS} (so 100 µs for 0.2 s, 500 µs for 1 s).
     */
    public static double defaultIntervalNs(double spanS) {
        double raw = spanS * 1e9 / QUEUE_POINTS;
        if (!(raw > 0) || !Double.isFinite(raw)) {
            return 1000;
        }
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double r = raw / magnitude;
        double step = r <= 1 + 1e-9 ? 1 : r <= 2 + 1e-9 ? 2 : r <= 5 + 1e-9 ? 5 : 10;
        return Math.max(1, Math.rint(step * magnitude));
    }

    /** Whether the queues are to be sampled. */
    public boolean samplesQueues() {
        return queueIntervalNs > 0;
    }

    /** The grid spacing of the queue samples, ns (0 when not sampled). */
    public double queueIntervalNs() {
        return queueIntervalNs;
    }

    /**
     * Has the run tell {@code sequence} what its first TCP flow sent and got back (a run without TCP
     * leaves it empty); returns this.
     */
    public Recording withTcpSequence(TcpSequenceTrace sequence) {
        this.tcpSequence = sequence;
        return this;
    }

    /** The first TCP flow's time-sequence record, or null when not asked for. */
    public TcpSequenceTrace tcpSequence() {
        return tcpSequence;
    }

    /** Sets the run's latency histogram. */
    public void latency(LatencyHistogram h) {
        this.latency = h;
    }

    /** The run's latency histogram, or null when the model gave none. */
    public LatencyHistogram latency() {
        return latency;
    }

    /** Adds the samples of one CPU's cryptd queue. */
    public void queue(String host, String cpu, LevelSamples samples) {
        queues.add(new QueueSeries(host, cpu, samples));
    }

    /** The sampled queues, in the order added (empty when not sampled). */
    public List<QueueSeries> queues() {
        return List.copyOf(queues);
    }

    /** Adds the samples of one TX queue's qdisc and ring. */
    public void txQueue(String host, int queue, String cpu, LevelSamples qdisc, LevelSamples ring) {
        txQueues.add(new TxQueueSeries(host, queue, cpu, qdisc, ring));
    }

    /** The sampled TX queues, in the order added (empty when not sampled). */
    public List<TxQueueSeries> txQueues() {
        return List.copyOf(txQueues);
    }

    /**
     * One TX queue of the sending host over a run, on the same grid as the cryptd queues.
     *
     * @param host  {@code a}
     * @param queue the queue's number
     * @param cpu   the CPU that sends on it (XPS) and cleans it
     * @param qdisc the qdisc's backlog, packets
     * @param ring  the ring's descriptors in use
     */
    public record TxQueueSeries(String host, int queue, String cpu, LevelSamples qdisc, LevelSamples ring) {
    }

    /**
     * The cryptd queue of one CPU over a run.
     *
     * @param host    {@code a} or {@code b}
     * @param cpu     the CPU's name ({@code cpu0})
     * @param samples the queue length on the grid
     */
    public record QueueSeries(String host, String cpu, LevelSamples samples) {
    }
}
