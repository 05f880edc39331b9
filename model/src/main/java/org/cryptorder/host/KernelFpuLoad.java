package org.cryptorder.host;

import java.util.List;
import org.cryptorder.metrics.Column;
import org.cryptorder.metrics.ColumnKind;
import org.cryptorder.metrics.ColumnRecorder;
import umontreal.ssj.rng.RandomStream;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * A task that uses the FPU in kernel mode from task context (dm-crypt, AF_ALG, /dev/urandom's SIMD
 * ChaCha, RAID parity): it alternates kernel FPU sections of random length with exponential pauses
 * sized so that, on an otherwise idle CPU, sections fill {@code busyFraction} of the time. This is
 * what makes a softirq find the FPU unusable before Linux 6.15.
 *
 * <p>On a busy CPU a section starts only when the scheduler runs the task, so the fraction reached
 * can be lower than asked; the task's kernel-worker CPU time ({@link Cpu#busyNs}) shows what it got.
 */
public final class KernelFpuLoad {
    /** The kernel FPU users' columns of {@code runs.csv}, over b's users (one a CPU). */
    public static final List<Column<KernelFpuLoad>> COLUMNS = List.of(
            new Column<>("kernel_fpu_share_min", "1", "kernel FPU share", ColumnKind.COUNT,
                    "Of each of b's CPUs' time after the warm-up (drain included), the share its kernel FPU user"
                            + " spent in FPU sections (counted when they end), the smallest over the CPUs: what"
                            + " `contention.kernelFpuBusy` asked for, as the least served CPU got it. Below the"
                            + " asked share when softirq work or other tasks kept the user off that CPU, and then"
                            + " the contention did not happen there as configured.",
                    ShareMin::new),
            Column.count("cpu_kernel_fpu_seconds", "s", "kernel FPU users",
                    "Of `cpu_kernel_worker_seconds`, the part b's kernel FPU users (`contention.kernelFpuBusy`) spent"
                            + " in their FPU sections (counted when a section ends); the rest is cryptd's and padata's"
                            + " workers.",
                    KernelFpuLoad::heldNs, 1e9));

    private final Task task;
    private final RandomStream stream;
    private final double busyFraction;
    private final double meanSectionNs;
    private final SectionLength lengths;
    private final Event resume;
    /** At most one section is outstanding: the next is submitted when the last finishes. */
    private final Section section = new Section();
    /** CPU time of the sections finished so far, ns. */
    private double heldNs;
    /** The length of the section under way, ns. */
    private double currentNs;

    public KernelFpuLoad(Cpu cpu, String name, RandomStream stream, double busyFraction, double meanSectionNs,
                         SectionLength lengths) {
        if (!(busyFraction >= 0 && busyFraction <= 1)) {
            throw new IllegalArgumentException("busy fraction must be in [0, 1], got " + busyFraction);
        }
        if (!(meanSectionNs > 0)) {
            throw new IllegalArgumentException("mean section length must be positive, got " + meanSectionNs);
        }
        this.task = cpu.newTask(name, Context.KERNEL_WORKER, false);
        this.stream = stream;
        this.busyFraction = busyFraction;
        this.meanSectionNs = meanSectionNs;
        this.lengths = lengths;
        this.resume = new Resume(cpu.simulator());
    }

    /** The share of the CPU's time this user was asked to hold the FPU. */
    public double busyFraction() {
        return busyFraction;
    }

    /** CPU time spent in the sections finished so far, ns: what the user got, against {@link #busyFraction}. */
    public double heldNs() {
        return heldNs;
    }

    /** Starts the load after a random first pause (nothing happens with a busy fraction of 0). */
    public void start() {
        if (busyFraction > 0) {
            resume.schedule(pause());
        }
    }

    private double pause() {
        if (busyFraction >= 1) {
            return 0;
        }
        double meanGap = meanSectionNs * (1 - busyFraction) / busyFraction;
        return Math.rint(-meanGap * Math.log1p(-stream.nextDouble()));
    }

    private final class Section implements Work {
        @Override
        public double start(Cpu cpu) {
            currentNs = Math.max(1, Math.rint(lengths.sample(stream, meanSectionNs)));
            return currentNs;
        }

        @Override
        public void finish(Cpu cpu) {
            heldNs += currentNs;
            resume.schedule(pause());
        }

        @Override
        public boolean fpuSection() {
            return true;
        }
    }

    private final class Resume extends Event {
        Resume(Simulator s) {
            super(s);
        }

        @Override
        public void actions() {
            task.submit(section);
        }
    }

    /** The least share of its CPU that any of the users held the FPU, after the warm-up. */
    private static final class ShareMin implements ColumnRecorder<KernelFpuLoad> {
        private double[] atWarmup;

        @Override
        public void warmupEnded(List<KernelFpuLoad> users, double nowNs) {
            atWarmup = held(users);
        }

        private static double[] held(List<KernelFpuLoad> users) {
            return users.stream().mapToDouble(KernelFpuLoad::heldNs).toArray();
        }

        @Override
        public double value(List<KernelFpuLoad> users, Stop stop) {
            double[] now = held(users);
            double windowNs = stop.sinceWarmupS() * 1e9;
            double min = Double.NaN;
            for (int i = 0; i < now.length; i++) {
                double share = (now[i] - (atWarmup == null ? 0 : atWarmup[i])) / windowNs;
                min = Double.isNaN(min) ? share : Math.min(min, share);
            }
            return min;
        }
    }
}
