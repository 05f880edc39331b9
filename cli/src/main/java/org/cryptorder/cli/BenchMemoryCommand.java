package org.cryptorder.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.cryptorder.cli.bench.BenchScenario;
import org.cryptorder.cli.bench.MemoryBenchmark;
import org.cryptorder.crypto.Policy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code cryptorder bench memory}: the heap after GC and the resident set at the last simulated
 * instant, against the simulated duration, each duration in a fresh JVM.
 */
@Command(name = "memory", mixinStandardHelpOptions = true,
        description = {"Memory against simulated duration.",
            "Each duration runs the TCP async scenario in a fresh JVM (same class path, this JVM's -Xmx,"
                + " -Xms and GC flags: set them with CRYPTORDER_JAVA_OPTS), which at the last simulated instant"
                + " reads its resident set (VmRSS, peak VmHWM), then the heap in use after System.gc(). Ratios are"
                + " to the first duration. Default 1 and 10 simulated s: about 20 s on a quiet 2-core machine."})
final class BenchMemoryCommand extends BenchSubcommand {
    @Option(names = "--sim-seconds-list", paramLabel = "S,...", split = ",", defaultValue = "1,10",
            description = "Simulated durations, each in its own JVM (default: ${DEFAULT-VALUE}).")
    List<Double> durations;

    @Mixin
    BenchOptions.OneScenario scenario;

    @Override
    int measure(PrintWriter out) throws Exception {
        BenchOptions.durations(spec, durations);
        BenchScenario.Traffic t = scenario.traffic(spec);
        Policy p = scenario.policy(spec);
        out.printf(Locale.ROOT, "bench memory: %s %s, one fresh JVM per duration, JVM options %s%n", t.key(), p.key(),
                MemoryBenchmark.forwardedJvmOptions().isEmpty() ? "(defaults)"
                        : String.join(" ", MemoryBenchmark.forwardedJvmOptions()));
        out.println();
        out.println("| simulated s | data frames | heap after GC, MB | ratio | VmRSS, MB | ratio | VmHWM, MB | ratio |");
        out.println("|---:|---:|---:|---:|---:|---:|---:|---:|");
        out.flush();
        MemoryBenchmark.Result first = null;
        long maxHeap = 0;
        for (double s : durations) {
            MemoryBenchmark.Result r = MemoryBenchmark.inChild(t, p, s, ExperimentFiles.profiles());
            if (first == null) {
                first = r;
            }
            maxHeap = r.maxHeapBytes();
            out.printf(Locale.ROOT, "| %s | %d | %.1f | %.3f | %.1f | %.3f | %.1f | %.3f |%n", OptionRange.number(s), r.frames(),
                    r.heapAfterGcBytes() / 1e6, (double) r.heapAfterGcBytes() / first.heapAfterGcBytes(),
                    r.vmRssKb() / 1e3, (double) r.vmRssKb() / first.vmRssKb(), r.vmHwmKb() / 1e3,
                    (double) r.vmHwmKb() / first.vmHwmKb());
            out.flush();
        }
        out.println();
        out.printf(Locale.ROOT, "heap after GC: in use after System.gc() x3 at the last simulated instant, the model"
                + " live (max heap %.0f MB). VmRSS then, before the GC; VmHWM: peak resident set.%n", maxHeap / 1e6);
        return 0;
    }
}
