package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * Each kind of mistake gets exactly one message, at the line and column of the offending key or
 * value, naming its dotted path, saying what was expected and what was found.
 */
class MalformedExperimentTest {

    static List<MalformedCases> cases() {
        return MalformedCases.all();
    }

    @Test
    void thereAreAtLeastTwentyKindsOfMistake() {
        assertThat(cases()).hasSizeGreaterThanOrEqualTo(20);
        assertThat(cases().stream().map(MalformedCases::kind).distinct()).hasSameSizeAs(cases());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void oneMistakeOneMessageAtItsPlace(MalformedCases c) {
        List<String> problems = Experiments.problems(c.json());
        assertThat(problems).as("%s", c.json()).hasSize(1);
        assertThat(problems.get(0)).startsWith(c.expected()).contains(c.says());
        assertThat(problems.get(0)).as("no parser internals").doesNotContain("[Source", "start marker", "(code ",
                "Feature", "JsonParser", "(top level): not valid JSON");
    }

    @Test
    void everyProblemOfAFileIsReportedAtOnceInFileOrder() {
        String json = """
                {"name": "t",
                 "hosts": {"cpus": "4", "rxQueus": 1},
                 "crypto": {"policy": "asynch"},
                 "contention": {"kernelFpuBusy": -0.1},
                 "traffic": [{"kind": "udp", "rateMbps": 100, "packetBytes": 9000}],
                 "run": {"durationS": 1, "warmupS": 2, "replications": 0},
                 "sweep": {"link.rate": [1]}}
                """;
        List<String> problems = Experiments.problems(json);
        assertThat(problems).extracting(p -> p.substring(0, p.indexOf(": ", p.indexOf(": ") + 2))).containsExactly(
                "bad.json:2:20: hosts.cpus",
                "bad.json:2:25: hosts.rxQueus",
                "bad.json:3:23: crypto.policy",
                "bad.json:4:34: contention.kernelFpuBusy",
                "bad.json:5:62: traffic.0.packetBytes",
                "bad.json:6:37: run.warmupS",
                "bad.json:6:56: run.replications",
                "bad.json:7:12: sweep.link.rate");
    }

    @Test
    void aMistakeInATrafficEntryDoesNotHideTheOthers() {
        String json = """
                {"name": "t",
                 "traffic": [{"kind": "udpp", "rateMbps": 1}, {"kind": "udp", "rateMbps": 0}]}
                """;
        assertThat(Experiments.problems(json)).containsExactly(
                "bad.json:2:23: traffic.0.kind: expected one of udp, tcp, found \"udpp\" (a string); did you mean \"udp\"?",
                "bad.json:2:75: traffic.1.rateMbps: expected a number greater than 0 and at most 1000000, found 0");
    }
}
