package org.cryptorder.cli.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.GeneralSecurityException;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.DatapathRunModel;
import org.cryptorder.experiment.Metrics;
import org.cryptorder.experiment.Profiles;
import org.cryptorder.experiment.ResolvedRun;
import org.cryptorder.experiment.RunModel;
import org.cryptorder.macsec.GcmEngine;

/**
 * Speed of the whole simulation against the crypto floor. A scenario is run through the
 * experiment runner's model ({@link DatapathRunModel}) on this thread: first unmeasured (warming
 * the JIT and counting the AES-GCM operations), then the crypto floor of those operations, the
 * measured run, and the floor of the measured run's operations; the floor is the mean of the two,
 * so that a change in machine load between them hits run and floor alike. Runs with the same seed
 * perform the same operations; the two counts are checked to agree.
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

    /** A measured run between two timings of its crypto floor. */
    public record Result(BenchScenario scenario, Measured run, CryptoFloor.Timing floorBefore,
                         CryptoFloor.Timing floorAfter) {
        public double framesPerCpuSecond() {
            return run.frames() / run.cpuSeconds();
        }

        public double simSecondsPerWallSecond() {
            return run.simSeconds() / run.wallSeconds();
        }

        /** The floor's wall time, mean of the timings before and after the run. */
        public double floorWallSeconds() {
            return (floorBefore.wallSeconds() + floorAfter.wallSeconds()) / 2;
        }

        public double floorCpuSeconds() {
            return (floorBefore.cpuSeconds() + floorAfter.cpuSeconds()) / 2;
        }

        /** The run's wall time over the floor's: the ratio (target at most 1.5). */
        public double ratioToFloor() {
            return run.wallSeconds() / floorWallSeconds();
        }

        /** AAD and text octets of the floor's operations per second of its wall time, in 10^6 octets. */
        public double floorMegabytesPerSecond() {
            return run.operations().octets() / floorWallSeconds() / 1e6;
        }

        /** The same with CPU time of this thread, less sensitive to other processes. */
        public double cpuRatioToFloor() {
            return run.cpuSeconds() / floorCpuSeconds();
        }
    }

    private final DatapathRunModel model;
    private final Profiles profiles;
    private final EventListKind events;

    public DatapathBenchmark(Profiles profiles, EventListKind events) {
        this.model = new DatapathRunModel(profiles);
        this.profiles = profiles;
        this.events = events;
    }

    /** Warm-up runs (at least one), floor, measured run, floor. */
    public Result run(BenchScenario scenario, int warmups) throws GeneralSecurityException, RunModel.ModelException {
        if (warmups < 1) {
            throw new IllegalArgumentException("at least one warm-up run, got " + warmups);
        }
        ResolvedRun r = scenario.run(profiles);
        Measured first = once(r, null);
        for (int w = 1; w < warmups; w++) {
            once(r, null);
        }
        CryptoFloor.Timing before = CryptoFloor.time(first.operations());
        Measured measured = once(r, null);
        CryptoFloor.Timing after = CryptoFloor.time(measured.operations());
        if (!measured.operations().shapes().equals(first.operations().shapes())) {
            throw new IllegalStateException("two runs with the same seed performed different AES-GCM operations");
        }
        return new Result(scenario, measured, before, after);
    }

    /** One run of replication 0 on this thread, its AES-GCM operations counted; {@code atEnd} as in {@link DatapathRunModel.Instruments}. */
    public Measured once(ResolvedRun r, Runnable atEnd) throws RunModel.ModelException {
        AeadTally tally = new AeadTally();
        GcmEngine engine = new GcmEngine();
        engine.observe(tally);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        StreamRegistry streams = new StreamRegistry(r.experiment().run().seed());
        long cpu0 = threads.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        Metrics m = model.run(r, streams, 0, new DatapathRunModel.Instruments(events, engine, atEnd));
        long t1 = System.nanoTime();
        long cpu1 = threads.getCurrentThreadCpuTime();
        return new Measured(m, tally, (t1 - t0) / 1e9, (cpu1 - cpu0) / 1e9);
    }
}
