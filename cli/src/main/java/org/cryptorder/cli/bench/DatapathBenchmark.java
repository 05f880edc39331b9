package org.cryptorder.cli.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.List;
import org.cryptorder.engine.CountingEventList;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.RunModel;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.cryptorder.experiment.wiring.Profiles;
import org.cryptorder.macsec.GcmEngine;

/**
 * Speed of the whole simulation against the crypto floor. A scenario is run through the
 * experiment runner's model ({@link DatapathRunModel}) on this thread: first unmeasured (warming
 * the JIT; the first run counts the AES-GCM operations, and its floor is timed once unmeasured,
 * for the JIT too), then the crypto floor of those operations, the measured runs, and the floor of the last one's operations; the floor is the
 * mean of the two, so that a change in machine load between them hits runs and floor alike. Runs
 * with the same seed perform the same operations; the counts are checked to agree.
 */
public final class DatapathBenchmark {
    /** One run: what it computed, the operations it performed, its wall and CPU time (this thread). */
    public record Measured(Metrics metrics, AeadTally operations, double wallSeconds, double cpuSeconds) {
        /** Data frames host a put on the wire to b. */
        public long frames() {
            return (long) metrics.get("frames_tx");
        }

        /** Simulated seconds, the drain after the sources stop included. */
        public double simSeconds() {
            return metrics.get("sim_seconds");
        }
    }

    /**
     * Measured runs between two timings of their crypto floor. Run times are medians over the
     * runs: a single run of the TCP scenario varied by up to 30% from the next in one JVM (the JIT
     * recompiling, the garbage collector), even on a quiet machine.
     */
    public record Result(BenchScenario scenario, List<Measured> runs, CryptoFloor.Timing floorBefore,
                         CryptoFloor.Timing floorAfter, CountingEventList.Counts counts) {
        public Result {
            runs = List.copyOf(runs);
            if (runs.isEmpty()) {
                throw new IllegalArgumentException("no measured run");
            }
        }

        /** Data frames of one run (every run is the same). */
        public long frames() {
            return runs.get(0).frames();
        }

        /** Median wall time of the runs. */
        public double wallSeconds() {
            return median(runs.stream().mapToDouble(Measured::wallSeconds).toArray());
        }

        /** Median CPU time of the runs (this thread). */
        public double cpuSeconds() {
            return median(runs.stream().mapToDouble(Measured::cpuSeconds).toArray());
        }

        public double framesPerCpuSecond() {
            return frames() / cpuSeconds();
        }

        public double simSecondsPerWallSecond() {
            return runs.get(0).simSeconds() / wallSeconds();
        }

        /** The floor's wall time, mean of the timings before and after the runs. */
        public double floorWallSeconds() {
            return (floorBefore.wallSeconds() + floorAfter.wallSeconds()) / 2;
        }

        public double floorCpuSeconds() {
            return (floorBefore.cpuSeconds() + floorAfter.cpuSeconds()) / 2;
        }

        /** The run's wall time over the floor's: the ratio (target at most 1.5). */
        public double ratioToFloor() {
            return wallSeconds() / floorWallSeconds();
        }

        /** The same with CPU time of this thread, less sensitive to other processes. */
        public double cpuRatioToFloor() {
            return cpuSeconds() / floorCpuSeconds();
        }

        /** Events run per data frame, counted on the first (unmeasured) run. */
        public double eventsPerFrame() {
            return (double) counts.executed() / frames();
        }

        /** Events cancelled or moved before their time per data frame, counted on the first run. */
        public double cancelledPerFrame() {
            return (double) counts.cancelled() / frames();
        }

        /** AAD and text octets of the floor's operations per second of its wall time, in 10^6 octets. */
        public double floorMegabytesPerSecond() {
            return runs.get(0).operations().octets() / floorWallSeconds() / 1e6;
        }
    }

    /** The median of some values (the mean of the middle two for an even count). */
    public static double median(double[] values) {
        double[] v = values.clone();
        java.util.Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private final DatapathRunModel model;
    private final Profiles profiles;
    private final EventListKind events;
    /** CPU time of every run so far, s. */
    private double cpuSpent;

    public DatapathBenchmark(Profiles profiles, EventListKind events) {
        this.model = new DatapathRunModel(profiles);
        this.profiles = profiles;
        this.events = events;
    }

    /**
     * Warm-up runs, floor, {@code count} measured runs, floor. There are at least {@code warmups}
     * warm-up runs, and more while this benchmark's runs have had less than {@code warmupCpuSeconds}
     * of CPU time in all: in a fresh JVM the third and fourth runs of the TCP scenario were still
     * up to 1.4 times slower than later ones.
     */
    public Result run(BenchScenario scenario, int warmups, double warmupCpuSeconds, int count)
            throws GeneralSecurityException, RunModel.ModelException {
        if (warmups < 1 || count < 1) {
            throw new IllegalArgumentException("at least one warm-up run and one measured run, got " + warmups + " and "
                    + count);
        }
        ResolvedRun r = scenario.run(profiles);
        CountingEventList.Counts counts = new CountingEventList.Counts();
        Measured first = once(r, null, counts);  // unmeasured: counting the events costs a little
        CryptoFloor.time(first.operations());  // unmeasured: the floor's first timing in a JVM took twice the next
        for (int w = 1; w < warmups || cpuSpent < warmupCpuSeconds; w++) {
            once(r, null);
        }
        CryptoFloor.Timing before = CryptoFloor.time(first.operations());
        List<Measured> measured = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            measured.add(once(r, null));
        }
        CryptoFloor.Timing after = CryptoFloor.time(measured.get(count - 1).operations());
        for (Measured m : measured) {
            if (!m.operations().shapes().equals(first.operations().shapes())) {
                throw new IllegalStateException("two runs with the same seed performed different AES-GCM operations");
            }
        }
        return new Result(scenario, measured, before, after, counts);
    }

    /** One run of replication 0 on this thread, its AES-GCM operations counted; {@code atEnd} as in {@link DatapathRunModel.Instruments}. */
    public Measured once(ResolvedRun r, Runnable atEnd) throws RunModel.ModelException {
        return once(r, atEnd, null);
    }

    /** The same, counting the run's events into {@code counts} unless it is null. */
    private Measured once(ResolvedRun r, Runnable atEnd, CountingEventList.Counts counts) throws RunModel.ModelException {
        AeadTally tally = new AeadTally();
        GcmEngine engine = new GcmEngine();
        engine.observe(tally);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        StreamRegistry streams = new StreamRegistry(r.experiment().run().seed());
        long cpu0 = threads.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        Metrics m = model.run(r, streams, 0, new DatapathRunModel.Instruments(events, engine, atEnd, counts, true));
        long t1 = System.nanoTime();
        long cpu1 = threads.getCurrentThreadCpuTime();
        cpuSpent += (cpu1 - cpu0) / 1e9;
        return new Measured(m, tally, (t1 - t0) / 1e9, (cpu1 - cpu0) / 1e9);
    }
}
