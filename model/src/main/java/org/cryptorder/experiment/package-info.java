/**
 * Experiments: files that describe what to run, the sweeps and replications that run it, and the
 * tables that come out. Nothing physical is modelled here; this package turns data into calls of
 * a {@link org.cryptorder.experiment.RunModel} and its answers into statistics.
 *
 * <h2>Files</h2>
 * An experiment file is JSON described by {@code experiments/experiment.schema.json} (draft
 * 2020-12) and bound to the {@link org.cryptorder.experiment.Experiment} records: camelCase keys,
 * units in key names, every key but {@code name}, {@code traffic} and a UDP entry's
 * {@code rateMbps} optional with a default stated in both the schema and the records (a test walks
 * both). {@link org.cryptorder.experiment.ExperimentFile#load} reports every problem of a file at
 * once as {@code file:line:column: dotted.path: what was expected, what was found}, in file order:
 * JSON syntax (which stops reading), then the schema (unknown keys with "did you mean", types,
 * ranges, enum values with "did you mean", required keys), then the rules a schema cannot say
 * ({@code ConsistencyChecks}: policy or kernel, kernel versions, warm-up shorter than the run,
 * MTU room for the headers, datagrams that fit, XPN's replay window, profiles that exist, run
 * sizes), then the sweep. Jackson itself is set up strictly too ({@link
 * org.cryptorder.experiment.ExperimentJson}), so the records cannot be bound leniently by mistake.
 *
 * <h2>Sweeps and replications</h2>
 * {@code sweep} maps dotted paths ({@code crypto.policy}, {@code traffic.0.rateMbps}) to lists of
 * values; the configurations are the full factorial product, the first key outermost ({@link
 * org.cryptorder.experiment.Sweep}). Each configuration ({@link org.cryptorder.experiment.ResolvedRun}:
 * the base with one sweep point applied and defaults filled in) runs {@code run.replications}
 * times; replication r of every configuration draws from substream r of every named stream of
 * {@code StreamRegistry(run.seed)}, so compared configurations see the same random numbers
 * (common random numbers) and their differences are paired.
 *
 * <h2>Model</h2>
 * The runner is given its model ({@link org.cryptorder.experiment.RunModel}), in the spirit of
 * DESMO-J's separation of model and experiment. {@link org.cryptorder.experiment.DatapathRunModel}
 * is the model of the datapath. {@link org.cryptorder.experiment.DatapathBuilder} is the one place
 * where the records become model objects (hosts, SecY, impairments, contention, traffic entries),
 * wiring a {@link org.cryptorder.experiment.Datapath} from one replication's random streams. It
 * compares no kernel version: {@link org.cryptorder.experiment.KernelRules} resolves every versioned
 * rule once from {@code crypto.kernel} ({@code docs/kernel-rules.md} is generated from its table), the
 * builder sets each component's parameters from those fields by name (the components' builders and
 * {@code with} methods: {@code HostSpec.builder}, {@code Impairment.builder}, {@code ReadPath.builder},
 * {@code SendPath.writing}, {@code Gso.LINUX.withGrowSkb}), and
 * {@link org.cryptorder.experiment.KernelRulesLine} words the resolved rules for {@code experiment.json};
 * {@link org.cryptorder.experiment.Replication} owns its start, warm-up, drain and stop.
 *
 * <h2>Columns</h2>
 * Each component declares its columns of {@code runs.csv} beside its counters, with
 * {@link org.cryptorder.metrics.Column} (name, unit, heading, warm-up rule, description, and how
 * the value is read from the component's instances), as an INET module declares its statistics:
 * {@code TcpSenderCounters}, {@code Nic}, {@code Cryptd}, {@code SecY} and the others that
 * {@code docs/outputs.md} lists. {@link org.cryptorder.experiment.OutputColumns} is the catalog:
 * the concatenation of those groups and of the run's own ({@code RunColumns}) in the table's
 * order, each group bound to the instances of the {@link org.cryptorder.experiment.Datapath} it
 * covers (host b's NIC, both hosts' queues, every TCP sender), with no reading of its own. Warm-up
 * deletion is written once, in the column kinds: a count is noted at the end of the warm-up and
 * subtracted; a window statistic is kept by a sink or socket whose window restarts there, its
 * ordering state kept. The tables' headers, the schema's metric names and {@code docs/outputs.md}
 * come from the catalog; tests check the generated files and print the command that regenerates
 * them. A new column is one entry in its component's group.
 *
 * <p>A model that cannot run some configuration
 * says so through {@link org.cryptorder.experiment.RunModel#unsupported} before anything runs.
 *
 * <h2>Outputs</h2>
 * {@link org.cryptorder.experiment.ExperimentRunner} writes {@code experiment.json} (resolved, with
 * a {@code provenance} object), {@code runs.csv} (a row per configuration and replication,
 * appended and flushed as each finishes, rewritten in sweep order at the end) and {@code
 * summary.csv} (mean and 95% Student-t half-width per metric, SSJ {@code Tally}, computed on one
 * thread from the numbers as written). Both CSV files begin with {@code #} lines giving the tool
 * version, the experiment's name and fingerprint (SHA-256 of the resolved experiment) and the
 * random-number scheme; {@code --resume} requires them to match. Numbers are written in a
 * locale-independent form that reads back to the same double, so the tables are byte-identical
 * whatever the number of threads, apart from {@code wall_seconds}.
 *
 * <h2>Shards</h2>
 * A {@link org.cryptorder.experiment.Shard} I of N runs the runs at positions k with k mod N = I
 * of the sweep-ordered (configuration, replication) list, into {@code runs.shard-I-of-N.csv};
 * {@link org.cryptorder.experiment.ShardMerge} checks that the shards of one or several folders
 * are every slice of one experiment, once and complete, and writes the tables a whole run writes.
 *
 * <h2>Validation</h2>
 * Tests: over forty kinds of malformed file, each with exactly one message at its line and column;
 * schema and records walked together (keys, types, enum values, defaults); runs with one and
 * several threads compared; a sweep cancelled part way (and, from the command line, killed with
 * SIGKILL) and resumed compared with an uninterrupted one; Student-t half-widths against hand
 * computations; the UDP columns against the sources', sinks' and SecYs' own counts (the
 * {@code UdpStreams} test fixture, wired by {@link org.cryptorder.experiment.DatapathBuilder}
 * too); trajectory fingerprints of every bundled experiment ({@code FingerprintTest}); the
 * bundled experiments on a short horizon against the contrasts they are meant to show.
 */
package org.cryptorder.experiment;
