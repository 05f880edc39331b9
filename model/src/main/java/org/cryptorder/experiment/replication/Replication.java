package org.cryptorder.experiment.replication;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.engine.Once;
import org.cryptorder.engine.Time;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.output.Recording;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.wiring.Datapath;
import org.cryptorder.metrics.LatencyHistogram;
import org.cryptorder.metrics.LevelSamples;
import org.cryptorder.net.Host;
import org.cryptorder.net.Nic;
import org.cryptorder.net.TxQueue;
import org.cryptorder.transport.tcp.socket.TcpSocket;
import org.cryptorder.transport.udp.UdpSink;
import org.cryptorder.transport.udp.UdpSource;

/**
 * One replication of a wired {@link Datapath}, as an experiment runs it: the sources start at 0 and
 * stop at {@code run.durationS}; at {@code run.warmupS} every column's recorder notes what it needs
 * and the sinks and sockets restart their measurement windows; the simulation runs
 * {@value #DRAIN_MS} ms past the end so that frames in flight arrive, then stops, and each column of
 * {@link OutputColumns} gives its value.
 *
 * <p>With a {@link Recording} that samples queues, the cryptd queue length of every CPU is sampled
 * over the whole run (warm-up and drain included), from the queues' own changes, so no event is
 * added: b's queues always, a's when its cryptd queued anything.
 */
public final class Replication {
    /** How long the simulation runs after the sources stop, ms. */
    static final int DRAIN_MS = 5;

    private final Datapath d;
    private final Experiment.RunSettings run;
    private final Recording recording;
    private final Runnable lastInstant;
    private final List<OutputColumns.Recorder> recorders = new ArrayList<>();
    private final ReplicationAudit audit = new ReplicationAudit();

    /** A replication of {@code d} with the run settings {@code run}, recording nothing beside the columns. */
    public Replication(Datapath d, Experiment.RunSettings run) {
        this(d, run, null, null);
    }

    /**
     * @param recording   what to record beside the columns, or null
     * @param lastInstant run just before the simulation stops, with the whole model still live, or null
     */
    public Replication(Datapath d, Experiment.RunSettings run, Recording recording, Runnable lastInstant) {
        this.d = d;
        this.run = run;
        this.recording = recording;
        this.lastInstant = lastInstant;
        OutputColumns.all().forEach(c -> recorders.add(c.recorder().get()));
        recorders.forEach(r -> r.attach(d));
    }

    /**
     * Runs the replication to its end and gives every column's value, in the catalog's order, once
     * {@link ReplicationAudit}'s checks of its counters hold.
     *
     * @throws ReplicationAudit.Violation when a check fails: a counter lost or invented frames
     */
    public Metrics run() {
        var sim = d.sim();
        double end = Time.s(run.durationS());
        Once.at(sim, 0, () -> {
            for (UdpSource s : d.sources()) {
                s.start(end);
            }
            d.tcpSenders().forEach(TcpSocket::start);
            d.reverseSenders().forEach(TcpSocket::start);
        });
        Once.at(sim, end, () -> {
            recorders.forEach(r -> r.trafficEnded(d));
            audit.trafficEnded(d);
        });
        if (run.warmupS() > 0) {
            Once.at(sim, Time.s(run.warmupS()), () -> {
                recorders.forEach(r -> r.warmupEnded(d));
                audit.warmupEnded(d);
                d.sinks().forEach(UdpSink::reset);
                d.tcpSenders().forEach(TcpSocket::resetCounters);
                d.tcpReceivers().forEach(TcpSocket::resetCounters);
            });
        }
        Once.at(sim, end + Time.ms(DRAIN_MS), () -> {
            if (lastInstant != null) {
                lastInstant.run();
            }
            sim.stop();
        });
        List<LevelSamples> samples = sampleQueues(end + Time.ms(DRAIN_MS));
        List<LevelSamples> txSamples = sampleTxQueues(end + Time.ms(DRAIN_MS));
        sim.start();
        if (!samples.isEmpty()) {
            recordQueues(samples);
        }
        if (!txSamples.isEmpty()) {
            recordTxQueues(txSamples);
        }
        LatencyHistogram latency = new LatencyHistogram();
        d.sinks().forEach(s -> latency.addAll(s.latency()));
        d.tcpReceivers().forEach(r -> latency.addAll(r.latency()));
        if (recording != null) {
            recording.latency(latency);
        }
        OutputColumns.End at = new OutputColumns.End(d, latency, run.durationS() - run.warmupS());
        double[] values = new double[recorders.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = recorders.get(i).value(at);
        }
        Metrics m = Metrics.of(OutputColumns.names(), values);
        ReplicationAudit.verify(audit.checks(d, m.get("goodput_bps"), at.measuredS()));
        return m;
    }

    /** The checks of the run's counters: after {@link #run}, as they stand now (a test changes a counter first). */
    List<ReplicationAudit.Check> checks(double goodputBps) {
        return audit.checks(d, goodputBps, run.durationS() - run.warmupS());
    }

    private List<LevelSamples> sampleQueues(double untilNs) {
        List<LevelSamples> samples = new ArrayList<>();
        if (recording != null && recording.samplesQueues()) {
            int points = LevelSamples.pointsUntil(untilNs, recording.queueIntervalNs());
            for (Host h : List.of(d.b(), d.a())) {
                for (int c = 0; c < h.cpuCount(); c++) {
                    LevelSamples s = new LevelSamples(recording.queueIntervalNs(), points);
                    h.cryptd(c).lengthSignal().subscribe(s);
                    samples.add(s);
                }
            }
        }
        return samples;
    }

    /** The qdisc and ring samples of a's TX queues, two per queue, on the recording's grid. */
    private List<LevelSamples> sampleTxQueues(double untilNs) {
        List<LevelSamples> samples = new ArrayList<>();
        if (recording != null && recording.samplesQueues()) {
            int points = LevelSamples.pointsUntil(untilNs, recording.queueIntervalNs());
            Nic nic = d.a().nic();
            for (int q = 0; q < nic.txQueueCount(); q++) {
                LevelSamples qdisc = new LevelSamples(recording.queueIntervalNs(), points);
                LevelSamples ring = new LevelSamples(recording.queueIntervalNs(), points);
                nic.txQueue(q).qdiscLength().subscribe(qdisc);
                nic.txQueue(q).ringLength().subscribe(ring);
                samples.add(qdisc);
                samples.add(ring);
            }
        }
        return samples;
    }

    /** a's TX queues that sent a frame in the run. */
    private void recordTxQueues(List<LevelSamples> samples) {
        Nic nic = d.a().nic();
        for (int q = 0; q < nic.txQueueCount(); q++) {
            LevelSamples qdisc = samples.get(2 * q);
            LevelSamples ring = samples.get(2 * q + 1);
            qdisc.finish(d.sim().time());
            ring.finish(d.sim().time());
            TxQueue tx = nic.txQueue(q);
            if (tx.sent() > 0) {
                recording.txQueue(d.a().name(), q, tx.cpu().name(), qdisc, ring);
            }
        }
    }

    /** b's queues always; a's when its cryptd queued anything in the run. */
    private void recordQueues(List<LevelSamples> samples) {
        int k = 0;
        for (Host h : List.of(d.b(), d.a())) {
            boolean any = false;
            for (int c = 0; c < h.cpuCount(); c++) {
                samples.get(k + c).finish(d.sim().time());
                any |= h.cryptd(c).enqueued() > 0;
            }
            for (int c = 0; c < h.cpuCount(); c++, k++) {
                if (h == d.b() || any) {
                    recording.queue(h.name(), h.cpu(c).name(), samples.get(k));
                }
            }
        }
    }
}
