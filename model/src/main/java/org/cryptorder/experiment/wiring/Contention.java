package org.cryptorder.experiment.wiring;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.engine.Streams;
import org.cryptorder.host.KernelFpuLoad;
import org.cryptorder.host.SectionLength;
import org.cryptorder.host.UserFpuLoad;
import org.cryptorder.net.Host;

/**
 * Puts the other FPU users on a host's CPUs: a kernel FPU user on every CPU (its random stream
 * named {@code <host>.cpu<i>.kernel-fpu}), and optionally a prime95-like user load on every CPU
 * but one left free for the applications.
 */
public final class Contention {
    /** No CPU spared: the user load runs on every CPU. */
    public static final int NO_CPU = -1;

    private Contention() {
    }

    /** Puts the FPU users on {@code h}'s CPUs; returns the kernel FPU users, one per CPU in CPU order. */
    public static List<KernelFpuLoad> install(Host h, String hostName, double kernelFpuBusy, double meanSectionNs,
                                              SectionLength sections, boolean userFpuLoad, int sparedCpu,
                                              Streams streams) {
        List<KernelFpuLoad> loads = new ArrayList<>();
        for (int cpu = 0; cpu < h.cpuCount(); cpu++) {
            KernelFpuLoad load = new KernelFpuLoad(h.cpu(cpu), "kernel-fpu",
                    streams.stream(hostName + ".cpu" + cpu + ".kernel-fpu"), kernelFpuBusy, meanSectionNs, sections);
            load.start();
            loads.add(load);
            if (userFpuLoad && cpu != sparedCpu) {
                new UserFpuLoad(h.cpu(cpu), "prime95").start();
            }
        }
        return loads;
    }
}
