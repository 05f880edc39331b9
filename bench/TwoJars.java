import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Two or more builds of the model side by side in one JVM: each jar in a class loader of its own,
 * the benchmark's TCP async run of 1 simulated second (as {@code bench datapath} runs it) with each
 * in turn, round after round (the order reversed every other round), after 4 unmeasured rounds;
 * per jar the median CPU time of the simulating thread and data frames per CPU-second, and for
 * each jar after the first the median of its per-round ratio to the first. Since both builds run
 * in the same minutes, a change of machine load hits them alike. Each round's data frames must
 * agree. Run from the checkout (it reads {@code data/profiles}), e.g. a copy of the jar before a
 * change against the jar after it:
 *
 * <pre>  java bench/TwoJars.java 16 /tmp/before.jar cli/target/cryptorder.jar</pre>
 */
public final class TwoJars {
    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        int n = args.length - 1;
        Run[] runs = new Run[n];
        for (int i = 0; i < n; i++) {
            runs[i] = new Run(Path.of(args[i + 1]));
        }
        double frames = runs[0].once()[0];
        for (int w = 0; w < 4; w++) {
            for (Run r : runs) {
                r.once();
            }
        }
        double[][] cpu = new double[n][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < n; k++) {
                int i = r % 2 == 0 ? k : n - 1 - k;
                double[] x = runs[i].once();
                if (x[0] != frames) {
                    throw new IllegalStateException(args[i + 1] + ": " + x[0] + " data frames, not " + frames);
                }
                cpu[i][r] = x[1];
            }
        }
        for (int i = 0; i < n; i++) {
            double[] c = cpu[i].clone();
            Arrays.sort(c);
            System.out.printf(Locale.ROOT, "%s: median CPU %.4f s [%.4f-%.4f], %.0f data frames per CPU-second%n",
                    args[i + 1], c[rounds / 2], c[0], c[rounds - 1], frames / c[rounds / 2]);
        }
        for (int i = 1; i < n; i++) {
            double[] q = new double[rounds];
            for (int r = 0; r < rounds; r++) {
                q[r] = cpu[i][r] / cpu[0][r];
            }
            Arrays.sort(q);
            System.out.printf(Locale.ROOT, "%s / %s, round by round: median %.3f, quartiles [%.3f-%.3f]%n",
                    args[i + 1], args[1], q[rounds / 2], q[rounds / 4], q[3 * rounds / 4]);
        }
        System.out.printf(Locale.ROOT, "%.0f data frames a run; load average %.2f%n", frames,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    /** One jar's model and scenario, reached by reflection through the jar's own class loader. */
    private static final class Run {
        private final ClassLoader loader;
        private final Object model;
        private final Object run;
        private final Method modelRun;
        private final Method metricsGet;
        private final Class<?> streams;

        Run(Path jar) throws Exception {
            loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, ClassLoader.getPlatformClassLoader());
            Class<?> profilesClass = type("org.cryptorder.experiment.wiring.Profiles");
            Object profiles = profilesClass.getMethod("in", Path.class).invoke(null, Path.of("data", "profiles"));
            Class<?> scenario = type("org.cryptorder.cli.bench.BenchScenario");
            Class<?> traffic = type("org.cryptorder.cli.bench.BenchScenario$Traffic");
            Class<?> policy = type("org.cryptorder.crypto.Policy");
            Object s = scenario.getMethod("of", traffic, policy, double.class)
                    .invoke(null, constant(traffic, "TCP"), constant(policy, "ASYNC"), 1.0);
            run = scenario.getMethod("run", profilesClass).invoke(s, profiles);
            Class<?> modelClass = type("org.cryptorder.experiment.replication.DatapathRunModel");
            model = modelClass.getConstructor(profilesClass).newInstance(profiles);
            streams = type("org.cryptorder.engine.StreamRegistry");
            modelRun = modelClass.getMethod("run", run.getClass(), streams, int.class);
            metricsGet = modelRun.getReturnType().getMethod("get", String.class);
        }

        private Class<?> type(String name) throws ClassNotFoundException {
            return Class.forName(name, true, loader);
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        private static Object constant(Class<?> type, String name) {
            return Enum.valueOf((Class) type, name);
        }

        /** One run: its data frames and the CPU seconds of this thread. */
        double[] once() throws Exception {
            ThreadMXBean t = ManagementFactory.getThreadMXBean();
            Object registry = streams.getConstructor(long.class).newInstance(1L);
            long c0 = t.getCurrentThreadCpuTime();
            Object metrics = modelRun.invoke(model, run, registry, 0);
            long c1 = t.getCurrentThreadCpuTime();
            return new double[] {(double) metricsGet.invoke(metrics, "frames_tx"), (c1 - c0) / 1e9};
        }
    }
}
