package org.cryptorder.host;

import java.util.List;
import org.cryptorder.metrics.Column;

/**
 * The CPUs' columns of {@code runs.csv}, beside {@link Cpu} (whose file has no room for them): the
 * time b's CPUs spent in each context ({@link Cpu#busyNs}) and in ksoftirqd, summed over the CPUs.
 */
public final class CpuColumns {
    /** CPU time by context. */
    public static final List<Column<Cpu>> BUSY_COLUMNS = List.of(
            busy("cpu_softirq_seconds", "softirq", Context.SOFTIRQ,
                    "CPU time of the receiving host b's CPUs in softirq: NAPI, inline crypto, softirq sends."),
            busy("cpu_kernel_worker_seconds", "kernel worker", Context.KERNEL_WORKER,
                    "CPU time of b's CPUs in kernel workers: cryptd, padata, kernel FPU users."),
            busy("cpu_user_task_seconds", "user task", Context.USER_TASK,
                    "CPU time of b's CPUs in user tasks: applications, user FPU loads."));

    /** The part of the softirq time ksoftirqd ran. */
    public static final List<Column<Cpu>> KSOFTIRQD_COLUMNS = List.of(
            Column.count("cpu_ksoftirqd_seconds", "s", "ksoftirqd",
                    "Of `cpu_softirq_seconds`, the part b's ksoftirqd threads ran (`hosts.ksoftirqd`; 0 without):"
                            + " how much of the softirq work waited for the scheduler.",
                    Cpu::ksoftirqdBusyNs, 1e9));

    private CpuColumns() {
    }

    private static Column<Cpu> busy(String name, String heading, Context context, String description) {
        return Column.count(name, "s", heading, description, c -> c.busyNs(context), 1e9);
    }
}
