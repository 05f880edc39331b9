package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cryptorder.experiment.MalformedCases;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code cryptorder validate} and {@code cryptorder list}. */
class ValidateCommandTest {
    @TempDir
    Path tmp;

    static List<MalformedCases> cases() {
        return MalformedCases.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void eachMistakeExitsTwoWithOneLineNamingItsPlace(MalformedCases c) throws Exception {
        Path bad = tmp.resolve("bad.json");
        Files.writeString(bad, c.json());
        CliRun r = CliRun.of("validate", bad.toString());
        assertThat(r.status()).isEqualTo(2);
        String expected = c.expected().replaceFirst("^bad\\.json", java.util.regex.Matcher.quoteReplacement(bad.toString()));
        assertThat(r.err().lines()).singleElement().satisfies(line -> {
            assertThat(line).startsWith(expected).contains(c.says());
            assertThat(line).doesNotContain("Exception", "\tat ", "[Source", "start marker", "(code ");
        });
        assertThat(r.out()).isEmpty();
    }

    @Test
    void aTruncatedExperimentGivenToRunExitsTwoWithOnePlainLine() throws Exception {
        String whole = Files.readString(ProjectPaths.home().resolve("experiments/quickstart.json"));
        for (int cut : new int[] {1, whole.length() / 3, whole.length() / 2, whole.length() - 3}) {
            Path bad = tmp.resolve("cut.json");
            Files.writeString(bad, whole.substring(0, cut));
            for (CliRun r : List.of(CliRun.of("validate", bad.toString()),
                    CliRun.of("run", "--out", tmp.resolve("out").toString(), bad.toString()))) {
                assertThat(r.status()).as("cut at %d", cut).isEqualTo(2);
                assertThat(r.err().lines()).as("cut at %d", cut).singleElement().satisfies(line -> assertThat(line)
                        .matches(java.util.regex.Pattern.quote(bad.toString()) + ":\\d+:\\d+: not valid JSON: the file"
                                + " ends [^()\\[\\]]*(\\(a '[}\\]]' is missing\\)|\\(its closing '\"' is missing\\))"));
            }
        }
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    @Test
    void theBundledExperimentsAreValid() {
        Path home = ProjectPaths.home();
        CliRun r = CliRun.of("validate", home.resolve("experiments/quickstart.json").toString(),
                home.resolve("experiments/policy-vs-contention.json").toString(),
                home.resolve("experiments/tcp-heavy-reordering.json").toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("quickstart.json: ok, quickstart: 3 configurations x 5 replications = 15 runs",
                "policy-vs-contention.json: ok, policy-vs-contention: 12 configurations x 5 replications = 60 runs",
                "tcp-heavy-reordering.json: ok, tcp-heavy-reordering: 8 configurations x 1 replication = 8 runs");
    }

    @Test
    void aCostEstimateInFramesAndANoteForALongRun() throws Exception {
        Path home = ProjectPaths.home();
        CliRun r = CliRun.of("validate", home.resolve("experiments/quickstart.json").toString());
        // 2000 Mbit/s of 1400-octet datagrams for 0.8 s: 142857.1 frames a run, 15 runs: 2142857
        assertThat(r.out()).contains("\n  cost: about 2.14 million frames to simulate (what a offers in all the runs,"
                + " TCP at line rate)\n");
        CliRun longer = CliRun.of("validate", "--set", "run.durationS=100", home.resolve("experiments/quickstart.json")
                .toString());
        // 100 s: 268 million frames; under 100 million at 100 * 1e8 / 2.68e8 = 37.3 s, down to 20
        assertThat(longer.out()).contains("cost: about 268 million frames", "; a long run: try it first with --set"
                + " run.durationS=20 (under 100 million frames) or fewer run.replications, or split it over machines"
                + " (--shard)");
        CliRun overdriven = CliRun.of("validate", "--set", "link.rateGbps=1", "--set", "traffic.0.rateMbps=5000",
                "--set", "crypto.kernel=7.2", home.resolve("experiments/quickstart.json").toString());
        assertThat(overdriven.status()).as("warnings do not refuse the file").isZero();
        assertThat(overdriven.out()).contains("  warning: --set traffic.0.rateMbps=5000: traffic.0.rateMbps: UDP payload"
                + " offered at 5000 Mbit/s, where the 1 Gbit/s link carries at most 935 Mbit/s",
                "  warning: --set crypto.kernel=7.2: crypto.kernel: Linux 7.2 is newer than 6.18");
        CliRun huge = CliRun.of("validate", "--set", "traffic.0.rateMbps=5e9", home.resolve("experiments/quickstart.json")
                .toString());
        assertThat(huge.status()).isEqualTo(2);
        assertThat(huge.err()).contains("found 5000000000; rateMbps is in Mbit/s");
        Path tcp = tmp.resolve("tcp.json");
        Files.writeString(tcp, "{\"name\": \"tcp\", \"traffic\": [{\"kind\": \"tcp\"}], \"run\": {\"durationS\": 0.1,"
                + " \"replications\": 2}}");
        // 10 Gbit/s for 0.1 s in frames of 1500 + 70 octets on the wire: 79618 a run, 2 runs
        assertThat(CliRun.of("validate", tcp.toString()).out()).contains("cost: about 159 thousand frames");
    }

    @Test
    void tcpIsValidAndRunnable() throws Exception {
        Path f = tmp.resolve("tcp.json");
        Files.writeString(f, "{\"name\": \"tcp\", \"traffic\": [{\"kind\": \"tcp\"}]}");
        CliRun r = CliRun.of("validate", f.toString());
        assertThat(r.status()).isZero();
        assertThat(r.out()).contains("tcp.json: ok, tcp: 1 configuration x 5 replications = 5 runs").doesNotContain("note:");
    }

    @Test
    void listShowsTheBundledExperimentsWithTheirDescriptions() {
        CliRun r = CliRun.of("list");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("experiments/quickstart.json", "experiments/policy-vs-contention.json",
                "One UDP stream over 10GbE MACsec", "(15 runs)").doesNotContain("schema");
        assertThat(r.out().lines()).as("one line each, of at most " + ListCommand.WIDTH + " columns")
                .allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(ListCommand.WIDTH))
                .anySatisfy(l -> assertThat(l).startsWith("experiments/tcp-heavy-reordering-rig.json").endsWith("runs)"));
        CliRun whole = CliRun.of("list", "--long");
        assertThat(whole.out().lines().count()).isGreaterThan(r.out().lines().count());
        assertThat(whole.out().replaceAll("\\s+", " ")).as("the descriptions whole")
                .contains(r.out().lines().filter(l -> l.startsWith("experiments/quickstart.json")).findFirst()
                        .orElseThrow().replaceAll("^\\S+\\s+", "").replaceAll(" \\(\\d+ runs\\)$", "")
                        .replaceAll("\\.\\.\\.$", "").replaceAll("\\s+", " "));
    }

    @org.junit.jupiter.api.Test
    void aDescriptionIsCutAtItsFirstSentenceAndAWord() {
        assertThat(ListCommand.firstSentence("Short one. Then more.", 40)).isEqualTo("Short one.");
        assertThat(ListCommand.firstSentence("A long first sentence, of many words, here.", 20)).isEqualTo("A long first...");
        assertThat(ListCommand.firstSentence("No stop at all", 40)).isEqualTo("No stop at all");
        assertThat(ListCommand.firstSentence("UDP at 2 Gbit/s: three policies, and why each is as it is.", 30))
                .isEqualTo("UDP at 2 Gbit/s...");
    }

    @org.junit.jupiter.api.Test
    void aMisspelledCommandIsNamedWithTheOneMostLikelyMeant() {
        CliRun r = CliRun.of("runn", "x.json");
        org.assertj.core.api.Assertions.assertThat(r.status()).isEqualTo(2);
        org.assertj.core.api.Assertions.assertThat(r.err()).startsWith("cryptorder: no command 'runn'; the commands are run,")
                .contains("did you mean \"run\"?").doesNotContain("Exception");
        org.assertj.core.api.Assertions.assertThat(CliRun.of("--bogus").err()).startsWith("cryptorder: Unknown option: '--bogus'");
    }
}
