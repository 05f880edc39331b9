package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code cryptorder bench}: flags checked before anything is printed, and short runs of each benchmark. */
@Tag("extensive")
class BenchCommandTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "bench                                                  | name a benchmark",
        "bench datapath --policy asynch                         | --policy: ",
        "bench datapath --scenario tcp,sctp                     | --scenario: tcp or udp, got 'sctp'",
        "bench datapath --event-list heap                       | --event-list: unknown event list 'heap'",
        "bench datapath --sim-seconds 0                         | --sim-seconds: 0.001 to 100",
        "bench datapath --sim-seconds NaN                       | --sim-seconds: 0.001 to 100",
        "bench datapath --warmup-runs 0                         | --warmup-runs: 1 to 100, got 0",
        "bench datapath --runs 0                                | --runs: 1 to 100, got 0",
        "bench datapath --warmup-seconds -1                     | --warmup-seconds: 0 to 3600, got -1",
        "bench datapath --policy async --sim-seconds x          | Invalid value for option '--sim-seconds'",
        "bench memory --sim-seconds-list 1,1                    | --sim-seconds-list: a duration given twice",
        "bench memory --policy pcrypto                          | --policy: ",
        "bench memory --scenario quic                           | --scenario: tcp or udp, got 'quic'",
        "bench scale --sim-seconds-list 0.1,200                 | --sim-seconds-list: 0.001 to 100 simulated seconds, got 200",
        "bench scale --rounds 0                                 | --rounds: 1 to 100, got 0",
        "bench sweep --jobs 1                                   | --jobs: 2 to 1024, got 1",
        "bench sweep --runs 0                                   | --runs: 1 to 1000, got 0",
        "bench sweep --rounds 0                                 | --rounds: 1 to 100, got 0",
        "bench event-list --lists splay-tree,splay-tree         | --lists: splay-tree given twice",
        "bench event-list --lists splay-tree,fibonacci          | --event-list: unknown event list 'fibonacci'",
        "bench event-list --rounds 0                            | --rounds: 1 to 100, got 0",
        "bench event-list --warmup-runs 0                       | --warmup-runs: 1 to 100, got 0",
        "bench scale --warmup-runs -1                           | --warmup-runs: 0 to 100, got -1",
        "bench codec --frame-bytes 10                           | --frame-bytes: 14 to 9000, got 10",
        "bench codec --rounds 0                                 | --rounds must be at least 1 and --round-ms at least 10",
        "bench codec --round-ms 9                               | --rounds must be at least 1 and --round-ms at least 10",
        "bench datapath --warmup-seconds NaN                    | --warmup-seconds: 0 to 3600, got NaN",
        "bench memory --sim-seconds-list 1,0                    | --sim-seconds-list: 0.001 to 100 simulated seconds, got 0",
        "bench scale --warmup-runs 101                          | --warmup-runs: 0 to 100, got 101",
        "bench sweep --jobs 1025                                | --jobs: 2 to 1024, got 1025",
        "bench sweep --sim-seconds 0.0005                       | --sim-seconds: 0.001 to 100 simulated seconds, got 5.0E-4",
        "bench event-list --sim-seconds 1000                    | --sim-seconds: 0.001 to 100 simulated seconds, got 1000",
    })
    void aBadFlagExitsTwoWithOneLineAndPrintsNothingElse(String args, String says) {
        CliRun r = CliRun.of(args.trim().split("\\s+"));
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        List<String> lines = r.err().lines().toList();
        assertThat(lines.get(0)).contains(says).doesNotContain("Exception");
        assertThat(r.err()).doesNotContain("\tat ");
    }

    @Test
    void datapathPrintsOneRowPerScenarioAndPolicyInTheOrderAsked() {
        CliRun r = succeeded("bench", "datapath", "--scenario", "udp,tcp", "--policy", "sync-fallback,async",
                "--sim-seconds", "0.002", "--warmup-seconds", "0");
        List<String> rows = rows(r, "\\| (tcp|udp) \\|.*");
        assertThat(rows).hasSize(4);
        assertThat(rows.get(0)).startsWith("| udp | sync-fallback |");
        assertThat(rows.get(1)).startsWith("| udp | async |");
        assertThat(rows.get(2)).startsWith("| tcp | sync-fallback |");
        assertThat(rows.get(3)).startsWith("| tcp | async |");
        for (String row : rows) {
            String[] cells = row.split("\\|");
            assertThat(Long.parseLong(cells[3].trim())).as(row).isPositive();
            assertThat(Double.parseDouble(cells[6].trim())).as(row).isPositive();
            assertThat(Double.parseDouble(cells[9].trim())).as("events per frame: " + row).isGreaterThan(1);
            assertThat(Double.parseDouble(cells[10].trim())).as("cancelled per frame: " + row).isNotNegative();
        }
        assertThat(r.out()).contains("machine: ", "targets (docs/performance.md)");
    }

    @Test
    void eventKindsAddUpToTheEventsPerFrame() {
        CliRun r = succeeded("bench", "datapath", "--scenario", "tcp", "--policy", "async", "--sim-seconds", "0.003",
                "--warmup-seconds", "0", "--runs", "1", "--event-kinds");
        List<String[]> rows = r.out().lines().filter(l -> l.startsWith("| tcp | async |")).map(l -> l.split("\\|")).toList();
        double perFrame = Double.parseDouble(rows.get(0)[9].trim());
        List<String[]> kinds = rows.subList(1, rows.size());
        assertThat(kinds).extracting(c -> c[3].trim()).contains("Cpu.WorkDone (Nic.RxQueue)", "Cpu.WorkDone (Cryptd.Invocation)", "Link.Arrival").doesNotHaveDuplicates();
        double sum = kinds.stream().mapToDouble(c -> Double.parseDouble(c[4].trim())).sum();
        assertThat(sum).as("kinds' events per frame against the total").isCloseTo(perFrame, within(0.005 * kinds.size() + 0.005));
        assertThat(kinds).allSatisfy(c -> assertThat(Double.parseDouble(c[7].trim())).isNotNegative());
        assertThat(kinds.stream().mapToDouble(c -> Double.parseDouble(c[7].trim())).sum())
                .as("steps run in place, without an event").isPositive();
    }

    @Test
    void everyEventListGivesTheSameMetrics() {
        CliRun r = succeeded("bench", "event-list", "--lists", "splay-tree,henriksen,red-black-tree", "--rounds", "1",
                "--warmup-runs", "1", "--sim-seconds", "0.003");
        List<String> rows = rows(r, "\\| [a-z-]+ \\| [0-9].*");
        assertThat(rows).hasSize(3).allSatisfy(row -> assertThat(row).endsWith("| yes |"));
    }

    @Test
    void memoryRunsEachDurationInAChildJvmAndComparesToTheFirst() {
        CliRun r = succeeded("bench", "memory", "--sim-seconds-list", "0.002,0.004");
        List<String> rows = rows(r, "\\| 0\\.00[24] \\|.*");
        assertThat(rows).hasSize(2);
        String[] first = rows.get(0).split("\\|");
        String[] second = rows.get(1).split("\\|");
        for (int ratio : new int[] {4, 6, 8}) {
            assertThat(first[ratio].trim()).as("the first duration's ratio to itself").isEqualTo("1.000");
            assertRatioOfPrinted(second[ratio], second[ratio - 1], first[ratio - 1], 0.05);
        }
        for (String row : rows) {
            String[] cells = row.split("\\|");
            assertThat(Long.parseLong(cells[2].trim())).as("frames").isPositive();
            assertThat(Double.parseDouble(cells[3].trim())).as("heap MB").isPositive();
            assertThat(Double.parseDouble(cells[5].trim())).as("VmRSS MB").isGreaterThan(Double.parseDouble(cells[3].trim()));
        }
        assertThat(Long.parseLong(second[2].trim())).as("frames of the longer run").isGreaterThan(Long.parseLong(first[2].trim()));
    }

    @Test
    void sweepOnOneAndTwoThreadsWritesTheSameTable() {
        CliRun r = succeeded("bench", "sweep", "--runs", "3", "--sim-seconds", "0.002", "--rounds", "1");
        assertThat(r.out()).contains("| 1 |", "| 2 |", "apart from wall_seconds: identical");
    }

    @Test
    void scaleReportsEachDurationAgainstTheFirstWhenOneSecondIsNotListed() {
        CliRun r = succeeded("bench", "scale", "--sim-seconds-list", "0.002,0.004", "--rounds", "1");
        List<String> rows = rows(r, "\\| 0\\.00[24] \\|.*");
        assertThat(rows).hasSize(2);
        String[] first = rows.get(0).split("\\|");
        String[] second = rows.get(1).split("\\|");
        assertThat(first[5].trim()).as("wall ratio").isEqualTo("1.000");
        assertThat(first[7].trim()).as("CPU ratio").isEqualTo("1.000");
        assertRatioOfPrinted(second[5], second[4], first[4], 0.0005);
        assertRatioOfPrinted(second[7], second[6], first[6], 0.0005);
        assertThat(r.out()).contains("ratio: to the run of 0.002 simulated s");
    }

    /**
     * A printed ratio (3 decimals) is the printed value over the printed reference, each rounded to
     * {@code halfStep} either way: the ratio lies within (v - h) / (ref + h) .. (v + h) / (ref - h),
     * plus 0.0005 for its own rounding. Fails when the ratio is to another row, or upside down.
     */
    private static void assertRatioOfPrinted(String ratio, String value, String reference, double halfStep) {
        double q = Double.parseDouble(ratio.trim());
        double v = Double.parseDouble(value.trim());
        double ref = Double.parseDouble(reference.trim());
        assertThat(ref).as("reference").isGreaterThan(halfStep);
        assertThat(q).as("%s / %s printed as %s", value.trim(), reference.trim(), ratio.trim())
                .isBetween((v - halfStep) / (ref + halfStep) - 0.0005, (v + halfStep) / (ref - halfStep) + 0.0005);
    }

    /** Runs {@code cryptorder args}, which must exit 0. */
    private static CliRun succeeded(String... args) {
        CliRun r = CliRun.of(args);
        assertThat(r.status()).as(r.err()).isZero();
        return r;
    }

    /** The lines of {@code r}'s output that match {@code row}: the rows of its table. */
    private static List<String> rows(CliRun r, String row) {
        return r.out().lines().filter(l -> l.matches(row)).toList();
    }
}
