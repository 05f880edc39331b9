package org.cryptorder.experiment.replication;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.cryptorder.engine.CountingEventList;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.StepSimulator;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.engine.Streams;
import org.cryptorder.experiment.RunModel;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.output.Recording;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.wiring.Datapath;
import org.cryptorder.experiment.wiring.DatapathBuilder;
import org.cryptorder.experiment.wiring.Profiles;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.net.FirstDelayedTap;
import org.cryptorder.net.FrameTrace;
import org.cryptorder.net.NicProfile;
import org.cryptorder.experiment.wiring.CpuProfile;
import org.cryptorder.experiment.wiring.WifiStation;
import org.cryptorder.transport.tcp.trace.TcpSequenceTrace;
import org.cryptorder.transport.tcp.trace.TcpTrace;
import umontreal.ssj.simevents.Simulator;
import umontreal.ssj.simevents.eventlist.EventList;

/**
 * The model of an experiment: UDP and TCP traffic between two hosts over MACsec, or a WiFi
 * station's download. For the MACsec datapath, {@link DatapathBuilder} wires each replication from
 * the experiment's records, {@link Replication} runs it (start, warm-up, drain, stop) and the
 * recorders of {@link OutputColumns} give its metrics, the columns in the catalog's order.
 *
 * <p>Counters are of the receiving host b, except {@code frames_tx} (frames on the wire from a to
 * b), the cryptd figures (both hosts; in UDP runs a's cryptd stays empty because its sources
 * encrypt in task context) and {@code tx_queue_dropped} (either host's NIC: a's data, b's ACKs);
 * {@link OutputColumns} says what each column counts and how it leaves the warm-up out.
 */
public final class DatapathRunModel implements RunModel {
    /** How long the simulation runs after the sources stop, ms. */
    public static final int DRAIN_MS = Replication.DRAIN_MS;

    /** The metric columns, in order: {@link OutputColumns#names()}. */
    public static final List<String> METRICS = OutputColumns.names();

    private final Profiles profiles;

    /**
     * What a benchmark attaches to one replication without changing what it computes: the kind of
     * event list (every kind executes events in the same order), the AES-GCM engine both hosts
     * share (so that its operations can be observed), and an action at the last simulated instant,
     * with the whole model still live (a heap measurement).
     *
     * @param events the pending-event set
     * @param engine the engine of both hosts, or null for a fresh one
     * @param atEnd  run just before the simulation stops, or null
     * @param counts where to count the events scheduled, cancelled and run, or null
     * @param stepsInPlace whether steps certain when scheduled run without an event ({@link
     *                     StepSimulator}, the default); false: every step is an SSJ event (the same
     *                     results, more events: a test's comparison)
     */
    public record Instruments(EventListKind events, GcmEngine engine, Runnable atEnd, CountingEventList.Counts counts,
                              boolean stepsInPlace) {
        /** What {@link #run(ResolvedRun, StreamRegistry, int)} uses: the default list, nothing observed. */
        public static final Instruments NONE = new Instruments(EventListKind.DEFAULT, null, null, null, true);

        public Instruments {
            java.util.Objects.requireNonNull(events, "events");
        }

        /** A fresh simulator on the chosen list, counting its events when asked. */
        Simulator newSimulator() {
            if (counts == null && stepsInPlace) {
                return events.newSimulator();
            }
            EventList list = counts == null ? events.newEventList() : new CountingEventList(events.newEventList(), counts);
            Simulator sim = stepsInPlace ? new StepSimulator(list) : new Simulator(list);
            sim.init();
            return sim;
        }
    }

    /** A model that finds the CPU profiles named by experiments in {@code profiles}. */
    public DatapathRunModel(Profiles profiles) {
        this.profiles = profiles;
    }

    @Override
    public List<String> metricNames() {
        return METRICS;
    }


    @Override
    public Metrics run(ResolvedRun run, StreamRegistry streams, int replication) throws ModelException {
        return run(run, streams, replication, (Recording) null);
    }

    /**
     * Runs and records the latency histogram of the delivered frames (after the warm-up) and, when
     * asked, the cryptd queue length of every CPU of b, and of a when a's cryptd queued anything,
     * over the whole run (warm-up and drain included).
     */
    @Override
    public Metrics run(ResolvedRun run, StreamRegistry streams, int replication, Recording recording)
            throws ModelException {
        return run(run, streams, replication, recording, Instruments.NONE);
    }

    /** Runs replication {@code replication} of {@code run} as {@link #run(ResolvedRun, StreamRegistry, int)}, instrumented. */
    public Metrics run(ResolvedRun run, StreamRegistry streams, int replication, Instruments instruments)
            throws ModelException {
        return run(run, streams, replication, null, instruments);
    }

    private Metrics run(ResolvedRun run, StreamRegistry streams, int replication, Recording recording,
                        Instruments instruments)
            throws ModelException {
        Experiment e = run.experiment();
        CpuProfile profile = profile(e);
        if (e.wifi() != null) {
            return wifi(e, profile, streams.replication(replication), recording);
        }
        Datapath d = datapath(e, profile, nic(e), streams.replication(replication), instruments);
        if (recording != null && recording.tcpSequence() != null) {
            observeSequence(d, recording.tcpSequence());
        }
        try {
            return new Replication(d, e.run(), recording, instruments.atEnd()).run();
        } catch (ReplicationAudit.Violation v) {
            throw new ModelException(v.getMessage(), v);
        }
    }

    /**
     * Runs replication {@code replication} of {@code run} with a frame trace following its first
     * {@code frames} frames (in both directions), and returns the trace.
     */
    public FrameTrace trace(ResolvedRun run, StreamRegistry streams, int replication, int frames)
            throws ModelException {
        return trace(run, streams, replication, new FrameTrace(frames), null);
    }

    /**
     * Runs replication {@code replication} of {@code run} with {@code trace} following frames and,
     * unless null, {@code capture} taking both hosts' interfaces, and returns the trace. Neither
     * changes what the replication computes.
     */
    public FrameTrace trace(ResolvedRun run, StreamRegistry streams, int replication, FrameTrace trace,
                            RunCapture capture) throws ModelException {
        return trace(run, streams, replication, trace, capture, null);
    }

    /**
     * As {@link #trace(ResolvedRun, StreamRegistry, int, FrameTrace, RunCapture)}, with {@code tcp},
     * unless null, told of the loss-recovery decisions of each TCP sender (flow numbers counted
     * from 0 in the order of the experiment's traffic).
     */
    public FrameTrace trace(ResolvedRun run, StreamRegistry streams, int replication, FrameTrace trace,
                            RunCapture capture, TcpTrace tcp) throws ModelException {
        return trace(run, streams, replication, trace, capture, tcp, null);
    }

    /**
     * As {@link #trace(ResolvedRun, StreamRegistry, int, FrameTrace, RunCapture, TcpTrace)}, with
     * {@code sequence}, unless null, told what the first TCP flow sent and got back ({@link
     * TcpSequenceTrace}).
     */
    public FrameTrace trace(ResolvedRun run, StreamRegistry streams, int replication, FrameTrace trace,
                            RunCapture capture, TcpTrace tcp, TcpSequenceTrace sequence) throws ModelException {
        Datapath d = macsecDatapath(run, streams, replication);
        if (sequence != null) {
            observeSequence(d, sequence);
        }
        d.a().trace(trace);
        d.b().trace(trace);
        for (int i = 0; tcp != null && i < d.tcpSenders().size(); i++) {
            d.tcpSenders().get(i).sender().trace(tcp.flow(i));
        }
        if (capture != null) {
            capture.attach(d);
        }
        new Replication(d, run.experiment().run(), null, null).run();
        return trace;
    }

    /** Attaches {@code sequence} to the sender and the receiver of the first TCP flow, if there is one. */
    private static void observeSequence(Datapath d, TcpSequenceTrace sequence) {
        if (!d.tcpSenders().isEmpty()) {
            d.tcpSenders().get(0).sender().sequence(sequence);
            d.tcpReceivers().get(0).receiver().sequence(sequence);
        }
    }

    /**
     * Runs replication {@code replication} of {@code run} as {@link #run(ResolvedRun, StreamRegistry, int)}
     * does, with {@code capture} taking both hosts' interfaces, and returns the same metrics.
     */
    public Metrics capture(ResolvedRun run, StreamRegistry streams, int replication, RunCapture capture)
            throws ModelException {
        Datapath d = macsecDatapath(run, streams, replication);
        capture.attach(d);
        return new Replication(d, run.experiment().run(), null, null).run();
    }

    /**
     * Runs replication {@code replication} of {@code run} and returns the instant, ns, at which the
     * frame {@code lead} frames before the first one counted InPktsDelayed entered MACsec TX
     * ({@link FirstDelayedTap}), or -1 when no frame was.
     */
    public double firstDelayedNs(ResolvedRun run, StreamRegistry streams, int replication, int lead)
            throws ModelException {
        Datapath d = macsecDatapath(run, streams, replication);
        FirstDelayedTap tap = new FirstDelayedTap(lead);
        d.a().capture(null, tap);
        d.b().capture(null, tap);
        new Replication(d, run.experiment().run(), null, null).run();
        return tap.startNs();
    }

    /** Replication {@code replication} of {@code run}, wired and not yet run (a MACsec experiment's). */
    public Datapath macsecDatapath(ResolvedRun run, StreamRegistry streams, int replication) throws ModelException {
        Experiment e = run.experiment();
        CpuProfile profile = profile(e);
        if (e.wifi() != null) {
            throw new ModelException("explain and captures follow MACsec frames; a WiFi station experiment has none",
                    null);
        }
        return datapath(e, profile, nic(e), streams.replication(replication), Instruments.NONE);
    }

    private CpuProfile profile(Experiment e) throws ModelException {
        try {
            return profiles.load(e.hosts().profile());
        } catch (CpuProfile.InvalidProfileException ex) {
            throw new ModelException(ex.getMessage(), ex);
        }
    }

    private NicProfile nic(Experiment e) throws ModelException {
        try {
            return profiles.nic(e.hosts().nic());
        } catch (CpuProfile.InvalidProfileException ex) {
            throw new ModelException(ex.getMessage(), ex);
        }
    }

    private static Datapath datapath(Experiment e, CpuProfile profile, NicProfile nic, Streams streams,
                                     Instruments instruments) {
        GcmEngine engine = instruments.engine() != null ? instruments.engine() : new GcmEngine();
        return DatapathBuilder.build(instruments.newSimulator(), e, DatapathBuilder.hostSpec(e, profile, nic), streams,
                engine, profile.tcpCopyCyclesPerByte());
    }

    /**
     * A WiFi station's download ({@link WifiStation}): the columns it has a value for, zero for the
     * MACsec, TCP and cryptd ones.
     */
    private static Metrics wifi(Experiment e, CpuProfile profile, Streams streams, Recording recording)
            throws ModelException {
        if (!profile.hasWifi()) {
            throw new ModelException("profile " + profile.name() + " gives no WiFi station parameters", null);
        }
        Experiment.UdpTraffic u = (Experiment.UdpTraffic) e.traffic().get(0);
        Experiment.Hosts h = e.hosts();
        WifiStation.Config station = WifiStation.Config.builder(profile.wifi(), h.scheduler(1, e.crypto().rules()))
                .protection(e.wifi().ccmp(), e.wifi().ccm()).offered(u.rateMbps(), u.packetBytes())
                .airMbps(e.wifi().airMbps()).rx(h.rxRingSize(), h.napiBudget())
                .run(e.run().durationS(), e.run().warmupS()).build();
        WifiStation.Outcome o = WifiStation.run(station, streams.stream("keys"));
        if (recording != null) {
            recording.latency(o.latency());  // no cryptd on a station: no queue series
        }
        Map<String, Double> v = new HashMap<>();
        v.put("sim_seconds", e.run().durationS());
        v.put("frames_tx", (double) o.sent());
        v.put("goodput_bps", o.goodputBps());
        v.put("latency_p50_us", o.latencyP50Us());
        v.put("latency_p99_us", o.latencyP99Us());
        v.put("udp_lost", (double) (o.sent() - o.received()));
        v.put("udp_sent", (double) o.sent());
        v.put("udp_received", (double) o.received());
        v.put("udp_corrupt", (double) (o.micFailures() + o.payloadErrors()));
        v.put("rx_missed", (double) o.missed());
        v.put("cpu_softirq_seconds", o.softirqSeconds());
        v.put("cryptd_wait_mean_us", Double.NaN);
        for (String name : v.keySet()) {
            if (OutputColumns.get(name) == null) {
                throw new IllegalStateException("the station gives " + name + ", which is not a column");
            }
        }
        double[] values = new double[METRICS.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = v.getOrDefault(METRICS.get(i), 0.0);
        }
        return Metrics.of(METRICS, values);
    }
}
