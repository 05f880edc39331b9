package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cryptorder.net.PcapReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --pcap} and {@code explain --pcap}, {@code --from-us}, {@code --around-first-reordered}, and their bad input. */
class PcapOptionsTest {
    static final String SMALL = """
            {"name": "small",
             "hosts": {"cpus": 2},
             "contention": {"kernelFpuBusy": 0.3},
             "traffic": [{"kind": "udp", "rateMbps": 2000}],
             "run": {"durationS": 0.005, "warmupS": 0.001, "replications": 2, "seed": 3},
             "sweep": {"crypto.policy": ["async", "async-unordered"]}}
            """;

    @TempDir
    Path tmp;

    Path small() throws Exception {
        return Files.writeString(tmp.resolve("small.json"), SMALL);
    }

    @Test
    void runCapturesReplicationZeroOfEachConfigurationAndSaysWhereItCut() throws Exception {
        Path caps = tmp.resolve("caps");
        CliRun r = CliRun.of("run", "--quiet", "--jobs", "1", "--out", tmp.resolve("out").toString(), "--pcap",
                caps.toString(), "--pcap-frames", "20", small().toString());
        assertThat(r.status()).as(r.err()).isZero();
        for (String k : List.of("0", "1")) {
            for (String name : List.of("a-eth0", "a-macsec0", "b-eth0", "b-macsec0")) {
                assertThat(PcapReader.readAll(caps.resolve(k).resolve(name + ".pcap"))).as(k + "/" + name).hasSize(20);
            }
            assertThat(Files.readString(caps.resolve(k).resolve("README.txt")))
                    .contains("configuration " + k, "b-eth0.pcap cut at 20 frames: it holds the first 20 of the");
        }
        assertThat(r.out()).contains("# captures of configuration 1: " + caps.resolve("1"),
                "# b-macsec0.pcap cut at 20 frames", "# keys of the secure associations: " + caps.resolve("keys.txt"));
        List<String> keys = Files.readAllLines(caps.resolve("keys.txt"));
        assertThat(keys).as("both configurations draw the same keys from the seed").hasSize(2);
        assertThat(keys.get(0)).startsWith("a 02000000000a0001 0 ");
        assertThat(keys.get(1)).startsWith("b 02000000000b0001 0 ");
    }

    @Test
    void explainCapturesTheExplainedConfigurationAndCanStartWhereOrderBreaks() throws Exception {
        Path caps = tmp.resolve("caps");
        CliRun r = CliRun.of("explain", small().toString(), "--configuration", "1", "--frames", "10",
                "--around-first-reordered", "--pcap", caps.toString(), "--chart", tmp.resolve("t.png").toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).containsPattern("# small: 10 frames from \\d+\\.\\d{3} us \\(up to 5 before the first"
                + " counted InPktsDelayed\\), replication 0 of crypto.policy=async-unordered");
        assertThat(r.out().lines().filter(l -> l.startsWith("!")).findFirst().orElseThrow())
                .as("one of the first six frames followed is the first delayed").containsPattern(" frame [0-5] PN ");
        assertThat(caps.resolve("1/b-macsec0.pcap")).isNotEmptyFile();
        assertThat(caps.resolve("keys.txt")).isNotEmptyFile();

        CliRun later = CliRun.of("explain", small().toString(), "--frames", "3", "--from-us", "2500", "--chart",
                tmp.resolve("t2.png").toString());
        assertThat(later.status()).as(later.err()).isZero();
        assertThat(later.out()).contains("# small: 3 frames from 2500.000 us");
        double first = Double.parseDouble(later.out().lines().filter(l -> l.contains(" us  ")).findFirst().orElseThrow()
                .strip().split(" ")[0]);
        assertThat(first).as("the first frame to enter MACsec TX from 2500 us on").isBetween(2500.0, 2510.0);

        CliRun inOrder = CliRun.of("explain", small().toString(), "--around-first-reordered");
        assertThat(inOrder.status()).as("async keeps order: nothing to start around").isEqualTo(1);
        assertThat(inOrder.err()).contains("no frame of replication 0 of configuration 0 (crypto.policy=async) was"
                + " counted InPktsDelayed", "configuration 1 (crypto.policy=async-unordered) reorders: try"
                + " --configuration 1");
    }

    @Test
    void badValuesExitTwoWithAMessage() throws Exception {
        String f = small().toString();
        String out = tmp.resolve("out").toString();
        assertBad(CliRun.of("run", "--quiet", "--out", out, "--pcap", "d", "--pcap-frames", "0", f),
                "--pcap-frames: 1 to 200000, got 0");
        assertBad(CliRun.of("run", "--quiet", "--out", out, f, "--pcap"), "--pcap");
        assertBad(CliRun.of("run", "--quiet", "--out", out, "--pcap-frames", "5", f), "--pcap-frames needs --pcap DIR");
        assertBad(CliRun.of("run", "--quiet", "--out", out, "--pcap", "d", "--shard", "0/2", f), "--pcap with --shard");
        assertBad(CliRun.of("explain", f, "--from-us", "-1"), "--from-us: 0 to 10000 us");
        assertBad(CliRun.of("explain", f, "--from-us", "200000"), "--from-us: 0 to 10000 us");
        assertBad(CliRun.of("explain", f, "--from-us", "soon"), "--from-us");
        assertBad(CliRun.of("explain", f, "--from-us", "NaN"), "--from-us");
        assertBad(CliRun.of("explain", f, "--from-us", "5", "--around-first-reordered"), "give one");
        String wifi = ProjectPaths.home().resolve("experiments/seeds/s9-s10-wifi-ccmp.json").toString();
        assertBad(CliRun.of("run", "--quiet", "--out", out, "--pcap", "d", wifi), "no MACsec frames to capture");
    }

    private static void assertBad(CliRun r, String message) {
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).contains(message).doesNotContain("Exception");
    }
}
