package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.file.SchemaCheck;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every bundled experiment is valid against the schema (checked by the validator directly) and
 * reads into the records; each runs with a short horizon to a summary whose key numbers hold.
 */
class BundledExperimentsTest {
    @TempDir
    Path tmp;

    static List<Path> bundled() {
        return Experiments.bundled();
    }

    @Test
    void theBundledExperimentsAreThere() {
        assertThat(bundled()).extracting(p -> p.getFileName().toString())
                .contains("quickstart.json", "policy-vs-contention.json");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bundled")
    void validAgainstTheSchemaAndTheRecords(Path file) throws Exception {
        ObjectMapper m = new ObjectMapper();
        Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                .getSchema(m.readTree(ProjectFiles.resolve("experiments/experiment.schema.json").toFile()));
        assertThat(schema.validate(m.readTree(file.toFile()))).isEmpty();
        ExperimentFile f = ExperimentFile.load(file, Experiments.PROFILES);
        assertThat(f.experiment().description()).isNotBlank();
        assertThat(f.experiment().name() + ".json").isEqualTo(file.getFileName().toString());
    }

    @Test
    void theSchemaTheLoaderUsesIsTheFileInExperiments() throws Exception {
        assertThat(SchemaCheck.bundled().schemaJson())
                .isEqualTo(new ObjectMapper().readTree(ProjectFiles.resolve("experiments/experiment.schema.json").toFile()));
    }

    static ExperimentRunner.Report runShort(String file, Path out) throws Exception {
        ExperimentFile f = Experiments.shortened(file, 0.02, 2);
        return new ExperimentRunner(new DatapathRunModel(Experiments.PROFILES),
                new ExperimentRunner.Options(out, 2, false, "test")).run(f, ExperimentRunner.Progress.NONE);
    }

    static double mean(ExperimentRunner.Report r, String label, String metric) {
        return r.summaries().stream().filter(s -> s.run().point().label().equals(label)).findFirst().orElseThrow()
                .estimate(metric).mean();
    }

    @Test
    void quickstartShowsTheSyncAsyncContrast() throws Exception {
        ExperimentRunner.Report r = runShort("quickstart.json", tmp);
        assertThat(r.summaries()).hasSize(3);
        assertThat(mean(r, "crypto.policy=sync-fallback", "cryptd_enqueued")).as("sync never queues").isZero();
        assertThat(mean(r, "crypto.policy=sync-fallback", "reordered_ratio")).isZero();
        assertThat(mean(r, "crypto.policy=sync-fallback", "goodput_bps")).as("the slow fallback cannot keep up")
                .isLessThan(0.6 * mean(r, "crypto.policy=async", "goodput_bps"));
        assertThat(mean(r, "crypto.policy=async", "cryptd_enqueued")).as("contention sends frames to cryptd").isPositive();
        assertThat(mean(r, "crypto.policy=async", "reordered_ratio")).as("the queued check keeps one CPU in order").isZero();
        assertThat(mean(r, "crypto.policy=async", "in_pkts_delayed")).isZero();
        // with interrupt moderation a softirq pass that lands in a kernel FPU section sends a whole
        // batch to cryptd, which stays in order within itself: fewer overtakings than one frame per pass
        assertThat(mean(r, "crypto.policy=async-unordered", "reordered_ratio")).isGreaterThan(0.001);
        assertThat(mean(r, "crypto.policy=async-unordered", "in_pkts_delayed"))
                .isEqualTo(mean(r, "crypto.policy=async-unordered", "udp_out_of_order")).isPositive();
        assertThat(Files.readAllLines(tmp.resolve("summary.csv"))).hasSize(3 + 1 + 3);
    }

    @Test
    void policyVsContentionReordersOnlyWithoutTheQueuedCheckAndOnlyUnderContention() throws Exception {
        ExperimentRunner.Report r = runShort("policy-vs-contention.json", tmp);
        assertThat(r.summaries()).hasSize(12);
        for (String busy : List.of("0", "0.1", "0.3", "0.5")) {
            assertThat(mean(r, "crypto.policy=async contention.kernelFpuBusy=" + busy, "reordered_ratio")).isZero();
            assertThat(mean(r, "crypto.policy=sync-fallback contention.kernelFpuBusy=" + busy, "reordered_ratio")).isZero();
        }
        assertThat(mean(r, "crypto.policy=async-unordered contention.kernelFpuBusy=0", "reordered_ratio")).isZero();
        assertThat(mean(r, "crypto.policy=async-unordered contention.kernelFpuBusy=0", "cryptd_enqueued")).isZero();
        double r1 = mean(r, "crypto.policy=async-unordered contention.kernelFpuBusy=0.1", "reordered_ratio");
        double r5 = mean(r, "crypto.policy=async-unordered contention.kernelFpuBusy=0.5", "reordered_ratio");
        assertThat(r1).isPositive();
        assertThat(r5).as("more contention, more reordering").isGreaterThan(r1);
    }
}
