/**
 * The datapath as the runner's model: one replication built, run, measured and checked. {@link
 * org.cryptorder.experiment.replication.DatapathRunModel} is the {@code RunModel} of the datapath,
 * in the spirit of DESMO-J's separation of model and experiment: it has the replication wired
 * ({@code wiring.DatapathBuilder}) and runs it. {@link
 * org.cryptorder.experiment.replication.Replication} owns its start, warm-up, drain and stop.
 * {@link org.cryptorder.experiment.replication.ReplicationAudit} checks every replication before
 * its row is written (balances of the counters the model keeps), so a counter that loses or invents
 * frames fails the run. {@link org.cryptorder.experiment.replication.RunCapture} takes the pcapng
 * captures of a replication as {@code tcpdump -w} would on each host's two interfaces, with {@code
 * CaptureNotes} from the hosts' drop signals.
 *
 * <h2>Columns</h2>
 * Each component declares its columns of {@code runs.csv} beside its counters, with {@link
 * org.cryptorder.metrics.Column} (name, unit, heading, warm-up rule, description, and how the value
 * is read from the component's instances), as an INET module declares its statistics: {@code
 * TcpSenderCounters}, {@code Nic}, {@code Cryptd}, {@code SecY} and the others that {@code
 * docs/outputs.md} lists. {@link org.cryptorder.experiment.replication.OutputColumns} is the
 * catalog: the concatenation of those groups and of the run's own ({@code RunColumns}) in the
 * table's order, each group bound to the instances of the {@code Datapath} it covers (host b's NIC,
 * both hosts' queues, every TCP sender), with no reading of its own. Warm-up deletion is written
 * once, in the column kinds: a count is noted at the end of the warm-up and subtracted; a window
 * statistic is kept by a sink or socket whose window restarts there, its ordering state kept. The
 * tables' headers, the schema's metric names and {@code docs/outputs.md} come from the catalog;
 * tests check the generated files and print the command that regenerates them. A new column is
 * one entry in its component's group.
 *
 * <p>{@link org.cryptorder.experiment.replication.MeasurementWarnings} warns about what a
 * configuration's figures measure, from its summary alone; {@link
 * org.cryptorder.experiment.replication.Plausibility} notices inputs the model runs but that are
 * unlikely to be what the file means. Both are printed, neither refuses a file.
 *
 * <h2>Validation</h2>
 * The catalog's order and the generated pages ({@code OutputColumnsTest}, {@code OutputsPageTest});
 * the audit's balances ({@code ReplicationAuditTest}); the model run against its figures ({@code
 * DatapathRunModelTest}); captures read back by tshark and Wireshark ({@code RunCaptureTest} and
 * the tagged ones); warnings and notices ({@code MeasurementWarningsTest}, {@code
 * PlausibilityTest}).
 */
package org.cryptorder.experiment.replication;
