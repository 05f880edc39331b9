/**
 * What an experiment file says, as records: {@link org.cryptorder.experiment.records.Experiment}
 * and its parts (camelCase keys, units in key names, every key but {@code name}, {@code traffic}
 * and a UDP entry's {@code rateMbps} optional with a default stated in both the schema and the
 * records), bound by a Jackson set up strictly ({@link
 * org.cryptorder.experiment.records.ExperimentJson}), so the records cannot be bound leniently by
 * mistake. One sweep point ({@link org.cryptorder.experiment.records.SweepPoint}) applied to the
 * base with defaults filled in is a configuration ({@link
 * org.cryptorder.experiment.records.ResolvedRun}).
 *
 * <p>{@link org.cryptorder.experiment.records.KernelRules} resolves every versioned rule of the
 * model once from {@code crypto.kernel}; {@code docs/kernel-rules.md} is generated from its table,
 * each rule with the kernel and commit it came with. It is the one place that compares kernel
 * versions.
 *
 * <p>A problem of a file is a {@link org.cryptorder.experiment.records.Problem} ({@code
 * file:line:column: dotted.path: what was expected, what was found}); {@link
 * org.cryptorder.experiment.records.InvalidExperimentException} carries all of a file's, in file
 * order. Reading, checking and sweeping a file is {@code ExperimentFile}'s ({@link
 * org.cryptorder.experiment}).
 *
 * <h2>Validation</h2>
 * The records take every default from the components' key declarations ({@code RunParameters}
 * here, {@code net.DeviceParameters}, {@code host.HostParameters} and the others); the schema is made
 * from the same declarations ({@code ExperimentSchemaTest}). Schema and records walked together:
 * keys, types, enum values, defaults ({@code SchemaAgreementTest}); the records' JSON form ({@code ExperimentJsonTest}); the kernel-rules page
 * against its table ({@code KernelRulesPageTest}).
 */
package org.cryptorder.experiment.records;
