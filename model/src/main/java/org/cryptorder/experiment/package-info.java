/**
 * Experiments run: the sweeps, replications and shards that run a file, and the result tables the
 * runner writes. Nothing physical is modelled here; this package turns a read file into calls of a
 * {@link org.cryptorder.experiment.RunModel} and its answers into statistics. Its sub-packages,
 * lowest first: {@link org.cryptorder.experiment.records} (what a file says), {@link
 * org.cryptorder.experiment.wiring} (records into model objects, and the scenarios they are wired
 * from), {@link org.cryptorder.experiment.output} (the numbers and their CSV form), {@link
 * org.cryptorder.experiment.file} (a file read and checked, its sweep, its schema);
 * {@link org.cryptorder.experiment.replication} (the datapath as a run model) builds on this
 * package.
 *
 * <h2>Sweeps and replications</h2>
 * A file is read by {@link org.cryptorder.experiment.file.ExperimentFile#load}. {@code sweep} maps dotted paths ({@code crypto.policy}, {@code traffic.0.rateMbps}) to lists of
 * values; the configurations are the full factorial product, the first key outermost ({@link
 * org.cryptorder.experiment.file.Sweep}). Each configuration ({@link
 * org.cryptorder.experiment.records.ResolvedRun}: the base with one sweep point applied and
 * defaults filled in) runs {@code run.replications} times; replication r of every configuration
 * draws from substream r of every named stream of {@code StreamRegistry(run.seed)}, so compared
 * configurations see the same random numbers (common random numbers) and their differences are
 * paired.
 *
 * <h2>Model</h2>
 * The runner is given its model ({@link org.cryptorder.experiment.RunModel}), in the spirit of
 * DESMO-J's separation of model and experiment; the datapath's is {@code
 * replication.DatapathRunModel}. A model that cannot run some configuration says so through
 * {@link org.cryptorder.experiment.RunModel#unsupported} before anything runs.
 *
 * <h2>Outputs</h2>
 * {@link org.cryptorder.experiment.ExperimentRunner} writes {@code experiment.json} (resolved, with
 * a {@code provenance} object), {@code runs.csv} (a row per configuration and replication,
 * appended and flushed as each finishes, rewritten in sweep order at the end) and {@code
 * summary.csv} (mean and 95% Student-t half-width per metric, SSJ {@code Tally}, computed on one
 * thread from the numbers as written), and beside them {@code paired.csv} ({@code PairedTable}),
 * {@code latency.csv} ({@code LatencyTable}) and the {@code series/} files ({@code
 * QueueSeriesFile}, {@code TcpSequenceFile}). Both CSV files begin with {@code #} lines giving the
 * tool version, the experiment's name and fingerprint (SHA-256 of the resolved experiment) and the
 * random-number scheme; {@code --resume} requires them to match. Numbers are written in a
 * locale-independent form that reads back to the same double, so the tables are byte-identical
 * whatever the number of threads, apart from {@code wall_seconds}. A results folder is held by one
 * command at a time ({@link org.cryptorder.experiment.ResultsLock}).
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
 * {@code UdpStreams} test fixture, wired by {@code wiring.DatapathBuilder} too); trajectory
 * fingerprints of every bundled experiment ({@code FingerprintTest}); the bundled experiments on a
 * short horizon against the contrasts they are meant to show.
 */
package org.cryptorder.experiment;
