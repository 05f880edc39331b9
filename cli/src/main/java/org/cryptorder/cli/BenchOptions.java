package org.cryptorder.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.cryptorder.cli.bench.BenchScenario;
import org.cryptorder.crypto.Policy;
import org.cryptorder.engine.EventListKind;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The option values several {@code bench} subcommands share: the scenarios, policies and event
 * lists they name, and the simulated seconds of a run. A value they do not accept is bad usage (one
 * line, exit status 2), found before the benchmark prints or runs anything.
 */
final class BenchOptions {
    private BenchOptions() {
    }

    /** Simulated seconds of one benchmark run, as {@code option} gives them. */
    static OptionRange simulatedSeconds(String option) {
        return new OptionRange(option, 0.001, 100, "simulated seconds");
    }

    /** The one scenario and policy that memory, scale and event-list run. */
    static final class OneScenario {
        @Option(names = "--scenario", paramLabel = "tcp|udp", defaultValue = "tcp", description = "Traffic (default: ${DEFAULT-VALUE}).")
        String scenario;

        @Option(names = "--policy", paramLabel = "POLICY", defaultValue = "async", description = "Crypto policy (default: ${DEFAULT-VALUE}).")
        String policy;

        BenchScenario.Traffic traffic(CommandSpec spec) {
            return BenchOptions.traffic(spec, List.of(scenario)).get(0);
        }

        Policy policy(CommandSpec spec) {
            return policies(spec, List.of(policy)).get(0);
        }
    }

    /** The policies named, in order; by default async, sync-fallback and async-unordered. */
    static List<Policy> policies(CommandSpec spec, List<String> keys) {
        if (keys == null) {
            return List.of(Policy.ASYNC, Policy.SYNC_FALLBACK, Policy.ASYNC_UNORDERED);
        }
        List<Policy> out = new ArrayList<>();
        for (String k : keys) {
            try {
                Policy p = Policy.fromKey(k);
                if (!out.contains(p)) {
                    out.add(p);
                }
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--policy: " + e.getMessage());
            }
        }
        return out;
    }

    /** The scenarios named, in order; by default TCP, then UDP. */
    static List<BenchScenario.Traffic> traffic(CommandSpec spec, List<String> keys) {
        if (keys == null) {
            return List.of(BenchScenario.Traffic.TCP, BenchScenario.Traffic.UDP);
        }
        List<BenchScenario.Traffic> out = new ArrayList<>();
        for (String k : keys) {
            BenchScenario.Traffic t = Arrays.stream(BenchScenario.Traffic.values()).filter(v -> v.key().equals(k))
                    .findFirst().orElseThrow(() -> new ParameterException(spec.commandLine(),
                            "--scenario: tcp or udp, got '" + k + "'"));
            if (!out.contains(t)) {
                out.add(t);
            }
        }
        return out;
    }

    /** The SSJ event list {@code key} names. */
    static EventListKind eventList(CommandSpec spec, String key) {
        try {
            return EventListKind.fromKey(key);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--event-list: " + e.getMessage());
        }
    }

    /** {@code durations} of {@code --sim-seconds-list}: each a run's simulated seconds, none twice. */
    static List<Double> durations(CommandSpec spec, List<Double> durations) {
        OptionRange each = simulatedSeconds("--sim-seconds-list");
        for (double d : durations) {
            each.check(spec, d);
        }
        if (durations.stream().distinct().count() != durations.size()) {
            throw new ParameterException(spec.commandLine(), "--sim-seconds-list: a duration given twice in " + durations);
        }
        return durations;
    }
}
