package org.cryptorder.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.cryptorder.charts.ComparisonChart;
import org.cryptorder.charts.MalformedResultsException;
import org.cryptorder.charts.SeedComparison;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.ExperimentRunner;
import org.cryptorder.experiment.output.Csv;
import org.cryptorder.experiment.replication.DatapathRunModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code cryptorder compare}: runs the seed experiments named in {@code data/seed-comparisons.csv}
 * (reusing the runs a previous compare left in the same folder when the experiment, the model's
 * code and its profiles are unchanged: {@link ModelBuild}),
 * then sets each seed figure beside the model's value, says which were fitted and which
 * predicted, and whether each is within the band docs/calibration.md claims for it.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Sets the model beside the seed measurements and says which were fitted and which predicted.",
            "Runs the seed experiments listed in data/seed-comparisons.csv (reusing the runs an earlier compare left"
                + " in the same folder when the experiment, the model's code and its profiles are unchanged), then prints for every figure of"
                + " data/measurements.csv the measured value, the model's mean and 95%% half-width, their ratio,"
                + " whether a parameter was fitted to it, and whether it is within the band docs/calibration.md"
                + " claims.",
            "The table goes to compare.csv, and the chart of model against measurement with the identity line to"
                + " compare.png and compare.svg.",
            "Exit status: 0 done (1 with --check when a claimed band is missed), 2 bad usage or input."})
final class CompareCommand implements Callable<Integer> {
    /** The file in each seed experiment's folder naming the model build ({@link ModelBuild#id()}) its runs came from. */
    static final String BUILD_FILE = "model-build.txt";

    @Spec
    CommandSpec spec;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the seed experiments' results and the"
            + " comparison go (default: results/seeds).")
    Path out = Path.of("results", "seeds");

    @Option(names = "--jobs", paramLabel = "N", description = "Runs at once (default: all cores).")
    Integer jobs;

    @Option(names = "--check", description = "Exit with status 1 when a figure is outside its claimed band.")
    boolean check;

    @Option(names = "--quiet", description = "No progress output.")
    boolean quiet;

    @Override
    public Integer call() throws IOException {
        int threads = jobs == null ? Runtime.getRuntime().availableProcessors() : jobs;
        new OptionRange("--jobs", 1, 4096).check(spec, threads);
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        List<SeedComparison.Spec> specs;
        Map<String, Double> measured;
        try {
            specs = SeedComparison.read(ProjectPaths.data("seed-comparisons.csv"));
            measured = SeedComparison.measurements(ProjectPaths.data("measurements.csv"));
        } catch (MalformedResultsException e) {
            err.println("cryptorder compare: " + e.getMessage());
            return 2;
        }
        Map<String, Path> folders = new LinkedHashMap<>();
        long[] ranAndReused = new long[2];
        String build = ModelBuild.id();
        RunnerInvocation invocation = new RunnerInvocation("cryptorder compare",
                new DatapathRunModel(ExperimentFiles.profiles()), err, false);
        for (String experiment : SeedComparison.experiments(specs)) {
            Path file = ProjectPaths.home().resolve("experiments").resolve(experiment);
            List<ExperimentFiles.Loaded> loaded = ExperimentFiles.load(List.of(file), err);
            if (!loaded.get(0).ok()) {
                return 2;
            }
            ExperimentFile f = loaded.get(0).file();
            Path folder = out.resolve(f.experiment().name());
            folders.put(experiment, folder);
            int status = run(f, folder, build, invocation, threads, err, ranAndReused);
            if (status != 0) {
                return status;
            }
        }
        List<SeedComparison.Result> results;
        try {
            results = new ArrayList<>(SeedComparison.evaluate(specs, measured, folders::get));
            results.addAll(SeedComparison.uncompared(specs, ProjectPaths.data("measurements.csv")));
        } catch (MalformedResultsException e) {
            err.println("cryptorder compare: " + e.getMessage());
            return 2;
        }
        stdout.printf(Locale.ROOT, "seed experiments in %s: %d runs made, %d reused from an earlier compare%n", out,
                ranAndReused[0], ranAndReused[1]);
        print(results, stdout);
        Files.createDirectories(out);
        Path table = out.resolve("compare.csv");
        Files.writeString(table, csv(results), StandardCharsets.UTF_8);
        Path chart = ComparisonChart.write(results.stream().filter(r -> !Double.isNaN(r.model().value())
                && !Double.isNaN(r.measured())).toList(), out);
        stdout.println("table: " + table + "  charts: " + chart + " and compare-ratios.png (and .svg)");
        long missed = results.stream().filter(r -> r.claimed() && !r.withinBand()).count();
        return check && missed > 0 ? 1 : 0;
    }

    /**
     * Runs one seed experiment into its folder, keeping the runs a previous compare left there when
     * they were made by this model build ({@link #BUILD_FILE}); runs of another build are made again.
     */
    private int run(ExperimentFile f, Path folder, String build, RunnerInvocation invocation, int threads,
                    PrintWriter err, long[] ranAndReused) throws IOException {
        Path stamp = folder.resolve(BUILD_FILE);
        boolean resume = Files.isRegularFile(folder.resolve("runs.csv")) && Files.isRegularFile(stamp)
                && Files.readString(stamp, StandardCharsets.UTF_8).strip().equals(build);
        int status = runInto(f, folder, resume, invocation, threads, err, ranAndReused);
        if (status == 0) {
            Files.writeString(stamp, build + "\n", StandardCharsets.UTF_8);
        }
        return status;
    }

    private int runInto(ExperimentFile f, Path folder, boolean resume, RunnerInvocation invocation, int threads,
                        PrintWriter err, long[] ranAndReused) throws IOException {
        ExperimentRunner.Progress progress = ProgressDisplay.of(f.experiment().name(), quiet, err);
        RunnerInvocation.Completed counted = report -> {
            ranAndReused[0] += report.ran();
            ranAndReused[1] += report.skipped();
            return 0;
        };
        try {
            try {
                return invocation.status(f, options(folder, threads, resume), progress, counted);
            } catch (ExperimentRunner.NotResumableException e) {
                // the experiment changed since the runs there were made: run it again
                return invocation.status(f, options(folder, threads, false), progress, counted);
            }
        } catch (ExperimentRunner.NotResumableException e) {
            err.println("cryptorder compare: " + folder + ": " + e.getMessage());
            return 2;
        }
    }

    private static ExperimentRunner.Options options(Path folder, int threads, boolean resume) {
        return new ExperimentRunner.Options(folder, threads, resume, Main.version(), null);
    }

    static void print(List<SeedComparison.Result> results, PrintWriter out) {
        String format = "%-24s %-9s %10s %20s %8s  %s%n";
        out.printf(Locale.ROOT, format, "figure", "role", "measured", "model (95% hw)", "ratio", "claim");
        for (SeedComparison.Result r : results) {
            String model = SeedComparison.format(r.model().value()) + (Double.isNaN(r.model().halfWidth()) ? ""
                    : " +/- " + SeedComparison.format(r.model().halfWidth()));
            out.printf(Locale.ROOT, format, r.spec().figure(), r.spec().role(), SeedComparison.format(r.measured()),
                    model, SeedComparison.format(r.ratio()), SeedComparison.verdict(r));
            if (!r.readings().isEmpty()) {
                String key = r.readings().get(0).key();
                StringBuilder b = new StringBuilder("    over the readings" + (key.isEmpty() ? "" : " of " + key) + ":");
                for (int i = 0; i < r.readings().size(); i++) {
                    SeedComparison.Reading g = r.readings().get(i);
                    b.append(i == 0 ? " " : "; ").append(g.value()).append(i == 0 ? " (most probable) " : " ")
                            .append(SeedComparison.format(g.model().value()));
                }
                b.append(": range ").append(SeedComparison.format(r.low())).append(" to ")
                        .append(SeedComparison.format(r.high())).append(r.measuredWithinReadings()
                                ? ", the measurement inside it" : ", the measurement OUTSIDE it");
                out.println(b);
            }
        }
        long claimed = results.stream().filter(SeedComparison.Result::claimed).count();
        long held = results.stream().filter(SeedComparison.Result::withinBand).count();
        long noModel = results.stream().filter(r -> r.spec().model().isEmpty()).count();
        out.printf(Locale.ROOT, "%d of %d claimed bands hold; %d figures shown without a claim, %d of them without a"
                + " model figure (see docs/calibration.md)%n", held, claimed, results.size() - claimed, noModel);
    }

    /** The readings of a result as {@code key=value:model} joined with spaces, the most probable first. */
    private static String readings(SeedComparison.Result r) {
        List<String> out = new ArrayList<>();
        for (SeedComparison.Reading g : r.readings()) {
            out.add(g.label().replace(", ", "&").replace(" ", "") + ":" + Csv.number(g.model().value()));
        }
        return String.join(" ", out);
    }

    static String csv(List<SeedComparison.Result> results) {
        StringBuilder b = new StringBuilder();
        b.append(Csv.line(List.of("figure", "role", "band", "measured", "model_mean", "model_hw95", "ratio", "verdict",
                "experiment", "notes", "model_low", "model_high", "readings"))).append('\n');
        for (SeedComparison.Result r : results) {
            List<String> cells = new ArrayList<>(List.of(r.spec().figure(), r.spec().role(), r.spec().band(),
                    Csv.number(r.measured()), Csv.number(r.model().value()), Csv.number(r.model().halfWidth()),
                    Csv.number(r.ratio()), SeedComparison.verdict(r), r.spec().experiment(), r.spec().notes(),
                    Csv.number(r.low()), Csv.number(r.high()), readings(r)));
            b.append(Csv.line(cells)).append('\n');
        }
        return b.toString();
    }
}
