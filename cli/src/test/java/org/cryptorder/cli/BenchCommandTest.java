package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code cryptorder bench}: flags checked before anything is printed, and short runs of each benchmark. */
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
        CliRun r = CliRun.of("bench", "datapath", "--scenario", "udp,tcp", "--policy", "sync-fallback,async",
                "--sim-seconds", "0.002", "--warmup-seconds", "0");
        assertThat(r.status()).as(r.err()).isZero();
        List<String> rows = r.out().lines().filter(l -> l.matches("\\| (tcp|udp) \\|.*")).toList();
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
        assertThat(r.out()).contains("machine: ", "targets (issue 8)");
    }

    @Test
    void everyEventListGivesTheSameMetrics() {
        CliRun r = CliRun.of("bench", "event-list", "--lists", "splay-tree,henriksen,red-black-tree", "--rounds", "1",
                "--warmup-runs", "1", "--sim-seconds", "0.003");
        assertThat(r.status()).as(r.err()).isZero();
        List<String> rows = r.out().lines().filter(l -> l.matches("\\| [a-z-]+ \\| [0-9].*")).toList();
        assertThat(rows).hasSize(3).allSatisfy(row -> assertThat(row).endsWith("| yes |"));
    }

    @Test
    void memoryRunsEachDurationInAChildJvmAndComparesToTheFirst() {
        CliRun r = CliRun.of("bench", "memory", "--sim-seconds-list", "0.002,0.004");
        assertThat(r.status()).as(r.err()).isZero();
        List<String> rows = r.out().lines().filter(l -> l.matches("\\| 0\\.00[24] \\|.*")).toList();
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0)).contains("| 1.000 |");
        for (String row : rows) {
            String[] cells = row.split("\\|");
            assertThat(Long.parseLong(cells[2].trim())).as("frames").isPositive();
            assertThat(Double.parseDouble(cells[3].trim())).as("heap MB").isPositive();
            assertThat(Double.parseDouble(cells[5].trim())).as("VmRSS MB").isGreaterThan(Double.parseDouble(cells[3].trim()));
        }
    }

    @Test
    void sweepOnOneAndTwoThreadsWritesTheSameTable() {
        CliRun r = CliRun.of("bench", "sweep", "--runs", "3", "--sim-seconds", "0.002", "--rounds", "1");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("| 1 |", "| 2 |", "apart from wall_seconds: identical");
    }

    @Test
    void scaleReportsEachDurationAgainstTheFirstWhenOneSecondIsNotListed() {
        CliRun r = CliRun.of("bench", "scale", "--sim-seconds-list", "0.002,0.004", "--rounds", "1");
        assertThat(r.status()).as(r.err()).isZero();
        List<String> rows = r.out().lines().filter(l -> l.matches("\\| 0\\.00[24] \\|.*")).toList();
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).split("\\|")[5].trim()).as("wall ratio").isEqualTo("1.000");
        assertThat(rows.get(0).split("\\|")[7].trim()).as("CPU ratio").isEqualTo("1.000");
        assertThat(r.out()).contains("ratio: to the run of 0.002 simulated s");
    }
}
