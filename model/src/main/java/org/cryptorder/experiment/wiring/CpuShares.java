package org.cryptorder.experiment.wiring;

import org.cryptorder.host.Context;
import org.cryptorder.net.Host;

/**
 * How a host's CPU time was spent, as fractions of all its CPUs' time over an interval: softirq
 * (NAPI, inline crypto, softirq transmissions), kernel workers (cryptd, padata, kernel FPU users)
 * and user tasks (applications, user FPU loads).
 */
public record CpuShares(double softirq, double kernelWorker, double userTask) {

    /** Busy time per context (indexed by {@link Context#ordinal()}) of every CPU of a host so far, ns. */
    public static double[] busy(Host h) {
        double[] b = new double[Context.values().length];
        for (int i = 0; i < h.cpuCount(); i++) {
            for (Context c : Context.values()) {
                b[c.ordinal()] += h.cpu(i).busyNs(c);
            }
        }
        return b;
    }

    /** The shares between a snapshot {@code before} (from {@link #busy}) and now, over {@code intervalNs}. */
    static CpuShares since(Host h, double[] before, double intervalNs) {
        double[] now = busy(h);
        double all = intervalNs * h.cpuCount();
        return new CpuShares((now[Context.SOFTIRQ.ordinal()] - before[Context.SOFTIRQ.ordinal()]) / all,
                (now[Context.KERNEL_WORKER.ordinal()] - before[Context.KERNEL_WORKER.ordinal()]) / all,
                (now[Context.USER_TASK.ordinal()] - before[Context.USER_TASK.ordinal()]) / all);
    }
}
