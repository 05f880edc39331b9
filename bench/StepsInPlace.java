import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.cryptorder.cli.bench.BenchScenario;
import org.cryptorder.crypto.Policy;
import org.cryptorder.engine.CountingEventList;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.DatapathRunModel;
import org.cryptorder.experiment.Metrics;
import org.cryptorder.experiment.Profiles;
import org.cryptorder.experiment.ResolvedRun;

/**
 * What running steps in place ({@code engine.StepSimulator}) saves: the benchmark's TCP async run
 * of 1 simulated second with the default simulator and with every step an SSJ event, alternating
 * in one JVM (a change of machine load hits both alike), after two unmeasured runs of each. Run
 * from the checkout, after a build ({@code ./cryptorder} builds the jar):
 *
 * <pre>  java -cp cli/target/cryptorder.jar bench/StepsInPlace.java [ROUNDS]    (default 12)</pre>
 *
 * Prints each way's median and range of the simulating thread's CPU time, its SSJ events and
 * steps run in place per data frame, and whether both gave the same columns.
 */
public final class StepsInPlace {
    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        Profiles profiles = Profiles.in(Path.of("data", "profiles"));
        ResolvedRun run = BenchScenario.of(BenchScenario.Traffic.TCP, Policy.ASYNC, 1).run(profiles);
        DatapathRunModel model = new DatapathRunModel(profiles);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        boolean[] ways = {true, false};
        double[][] cpu = new double[2][rounds];
        Metrics[] metrics = new Metrics[2];
        CountingEventList.Counts[] counts = {new CountingEventList.Counts(), new CountingEventList.Counts()};
        for (int w = 0; w < 2; w++) {
            metrics[w] = model.run(run, new StreamRegistry(1), 0,
                    new DatapathRunModel.Instruments(EventListKind.DEFAULT, null, null, counts[w], ways[w]));
        }
        for (int r = -2; r < rounds; r++) {
            for (int w = 0; w < 2; w++) {
                long c0 = threads.getCurrentThreadCpuTime();
                model.run(run, new StreamRegistry(1), 0,
                        new DatapathRunModel.Instruments(EventListKind.DEFAULT, null, null, null, ways[w]));
                long c1 = threads.getCurrentThreadCpuTime();
                if (r >= 0) {
                    cpu[w][r] = (c1 - c0) / 1e9;
                }
            }
        }
        double frames = metrics[0].get("frames_tx");
        System.out.println("| steps | median CPU s | range | events/frame | in place/frame |");
        System.out.println("|---|---:|---|---:|---:|");
        for (int w = 0; w < 2; w++) {
            double[] v = cpu[w].clone();
            Arrays.sort(v);
            double median = v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
            System.out.printf(Locale.ROOT, "| %s | %.3f | %.3f-%.3f | %.2f | %.2f |%n",
                    ways[w] ? "in place (default)" : "every step an event", median, v[0], v[v.length - 1],
                    counts[w].executed() / frames, counts[w].inPlace() / frames);
        }
        boolean same = true;
        for (int i = 0; i < metrics[0].size(); i++) {
            same &= Double.doubleToLongBits(metrics[0].value(i)) == Double.doubleToLongBits(metrics[1].value(i));
        }
        System.out.println("same columns: " + (same ? "yes" : "NO"));
    }
}
