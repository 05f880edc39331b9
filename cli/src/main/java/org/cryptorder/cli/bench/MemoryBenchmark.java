package org.cryptorder.cli.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.cryptorder.crypto.Policy;
import org.cryptorder.experiment.wiring.Profiles;

/**
 * Memory of a run against its simulated duration. Each duration runs in a fresh JVM (this class's
 * {@link #main}, started with this JVM's class path and heap options), so that nothing one run
 * left behind counts for the next. At the last simulated instant, with the whole model live, the
 * child reads its resident set (VmRSS, and the peak VmHWM), then collects garbage (System.gc()
 * three times) and reads the heap in use: the model's live data plus the JVM's own.
 */
public final class MemoryBenchmark {
    /** What one child measured. */
    public record Result(double simSeconds, long frames, long heapAfterGcBytes, long maxHeapBytes, long vmRssKb,
                         long vmHwmKb) {
    }

    private static final Pattern LINE = Pattern.compile("^memory-probe frames=(\\d+) heap-after-gc=(\\d+) "
            + "max-heap=(\\d+) vm-rss-kb=(\\d+) vm-hwm-kb=(\\d+)$", Pattern.MULTILINE);

    private MemoryBenchmark() {
    }

    /** The heap options of this JVM that its children get too. */
    public static List<String> forwardedJvmOptions() {
        List<String> out = new ArrayList<>();
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("-Xmx") || a.startsWith("-Xms") || a.startsWith("-XX:MaxRAMPercentage")
                    || a.startsWith("-XX:InitialRAMPercentage") || a.matches("-XX:\\+Use\\w*GC")) {
                out.add(a);
            }
        }
        return out;
    }

    /** Runs {@code traffic} under {@code policy} for {@code simSeconds} in a child JVM. */
    public static Result inChild(BenchScenario.Traffic traffic, Policy policy, double simSeconds, Profiles profiles)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(forwardedJvmOptions());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(MemoryBenchmark.class.getName());
        command.add(traffic.key());
        command.add(policy.key());
        command.add(Double.toString(simSeconds));
        command.add(profiles.folder().toString());
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int status = p.waitFor();
        if (status != 0) {
            throw new IOException("the memory probe of " + simSeconds + " simulated s failed, exit status " + status);
        }
        return parse(simSeconds, out);
    }

    /** The result a child printed. */
    static Result parse(double simSeconds, String childOutput) throws IOException {
        Matcher m = LINE.matcher(childOutput);
        if (!m.find()) {
            throw new IOException("the memory probe printed no result line: '" + childOutput.strip() + "'");
        }
        return new Result(simSeconds, Long.parseLong(m.group(1)), Long.parseLong(m.group(2)),
                Long.parseLong(m.group(3)), Long.parseLong(m.group(4)), Long.parseLong(m.group(5)));
    }

    /** The child: {@code tcp|udp POLICY SIM_SECONDS PROFILES_FOLDER}; prints one result line. */
    public static void main(String[] args) throws Exception {
        BenchScenario.Traffic traffic = BenchScenario.Traffic.valueOf(args[0].toUpperCase(Locale.ROOT));
        Policy policy = Policy.fromKey(args[1]);
        double seconds = Double.parseDouble(args[2]);
        Profiles profiles = Profiles.in(Path.of(args[3]));
        DatapathBenchmark bench = new DatapathBenchmark(profiles, org.cryptorder.engine.EventListKind.DEFAULT);
        long[] seen = new long[2];
        ProcStatus[] status = new ProcStatus[1];
        DatapathBenchmark.Measured m = bench.once(BenchScenario.of(traffic, policy, seconds).run(profiles), () -> {
            try {
                status[0] = ProcStatus.self();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            for (int i = 0; i < 3; i++) {
                System.gc();
            }
            seen[0] = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            seen[1] = Runtime.getRuntime().maxMemory();
        });
        System.out.printf(Locale.ROOT, "memory-probe frames=%d heap-after-gc=%d max-heap=%d vm-rss-kb=%d vm-hwm-kb=%d%n",
                m.frames(), seen[0], seen[1], status[0].vmRssKb(), status[0].vmHwmKb());
    }
}
