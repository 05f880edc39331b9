import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.cryptorder.cli.bench.BenchScenario;
import org.cryptorder.crypto.Policy;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.wiring.Profiles;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.macsec.GcmEngine;

/**
 * Heap allocation of the simulation per data frame: the benchmark's TCP (or UDP) async run of 1
 * simulated second, the octets the simulating thread allocated during it ({@code
 * com.sun.management.ThreadMXBean#getCurrentThreadAllocatedBytes}: every object, the JDK's AES-GCM
 * included) over the data frames host a put on the wire, and its CPU time, after two unmeasured
 * runs; and the AES-GCM operations one run performed (encryptions and decryptions, with their
 * octets). Run from the checkout, after a build:
 *
 * <pre>  java -cp cli/target/cryptorder.jar bench/AllocPerFrame.java [ROUNDS] [tcp|udp]    (default 5 tcp)</pre>
 */
public final class AllocPerFrame {
    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        BenchScenario.Traffic traffic = args.length > 1 && args[1].equals("udp")
                ? BenchScenario.Traffic.UDP : BenchScenario.Traffic.TCP;
        Profiles profiles = Profiles.in(Path.of("data", "profiles"));
        ResolvedRun run = BenchScenario.of(traffic, Policy.ASYNC, 1).run(profiles);
        DatapathRunModel model = new DatapathRunModel(profiles);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        double[] bytes = new double[rounds];
        double[] cpu = new double[rounds];
        double frames = 0;
        long[] ops = new long[4];
        GcmEngine counted = new GcmEngine();
        counted.observe(new GcmEngine.Observer() {
            @Override
            public void sealed(int keyBytes, int aadLen, int textLen, int icvLen) {
                ops[0]++;
                ops[1] += aadLen + textLen;
            }

            @Override
            public void opened(int keyBytes, int aadLen, int textLen, int icvLen) {
                ops[2]++;
                ops[3] += aadLen + textLen;
            }
        });
        model.run(run, new StreamRegistry(1), 0,
                new DatapathRunModel.Instruments(EventListKind.DEFAULT, counted, null, null, true));
        for (int r = -2; r < rounds; r++) {
            long a0 = threads.getCurrentThreadAllocatedBytes();
            long c0 = threads.getCurrentThreadCpuTime();
            Metrics m = model.run(run, new StreamRegistry(1), 0);
            long c1 = threads.getCurrentThreadCpuTime();
            long a1 = threads.getCurrentThreadAllocatedBytes();
            frames = m.get("frames_tx");
            if (r >= 0) {
                bytes[r] = (a1 - a0) / frames;
                cpu[r] = (c1 - c0) / 1e9;
            }
        }
        Arrays.sort(bytes);
        Arrays.sort(cpu);
        System.out.printf(Locale.ROOT, "%s async: %.0f data frames; allocated per data frame %.0f B (%.0f-%.0f); "
                + "CPU s %.3f (%.3f-%.3f); data frames per CPU-s %.0f%n", traffic, frames, bytes[rounds / 2],
                bytes[0], bytes[rounds - 1], cpu[rounds / 2], cpu[0], cpu[rounds - 1], frames / cpu[rounds / 2]);
        System.out.printf(Locale.ROOT, "AES-GCM in one run: %d encryptions (%d octets), %d decryptions (%d octets)%n",
                ops[0], ops[1], ops[2], ops[3]);
    }
}
