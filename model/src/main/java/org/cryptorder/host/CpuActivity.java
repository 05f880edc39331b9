package org.cryptorder.host;

/**
 * What a {@link Cpu} ran, piece by piece, for a recorder attached from outside (a per-CPU timeline):
 * each interval of busy time as the CPU accounts it, in the context it is accounted to. The pieces
 * of one CPU never overlap and, summed, are its busy time ({@link Cpu#busyNs}); consecutive pieces
 * of one work may follow each other (an account at a wake-up or a tick cuts them).
 */
@FunctionalInterface
public interface CpuActivity {
    /**
     * The CPU ran {@code work} from {@code startNs} to {@code endNs} (later, never equal).
     *
     * @param task the task it ran in, or null for softirq work run at an interrupt's exit (ksoftirqd's
     *             softirq work names ksoftirqd's task)
     */
    void ran(Cpu cpu, Task task, Work work, double startNs, double endNs);
}
