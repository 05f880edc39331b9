/**
 * An experiment file read and checked: {@link org.cryptorder.experiment.file.ExperimentFile} (the
 * file, its configurations and sweep keys), {@link org.cryptorder.experiment.file.Sweep} (the full
 * factorial product of {@code sweep}, the first key outermost, and {@code --set}'s values), {@link
 * org.cryptorder.experiment.file.Baseline} (the paired comparison's baseline), and the schema the
 * file is checked against, made from the keys the components declare ({@link
 * org.cryptorder.experiment.file.ExperimentSchema}; {@link org.cryptorder.experiment.file.KeyTable}
 * writes {@code docs/experiment-keys.md} from the same declarations).
 *
 * <h2>Reading and checking</h2>
 * An experiment file is JSON described by {@code experiments/experiment.schema.json} (draft
 * 2020-12) and bound to the {@link org.cryptorder.experiment.records.Experiment} records. {@link
 * org.cryptorder.experiment.file.ExperimentFile#load} reports every problem of a file at once as
 * {@code file:line:column: dotted.path: what was expected, what was found}, in file order: JSON
 * syntax (which stops reading; {@code JsonSource}, {@code JsonSyntax}), then the schema ({@code
 * SchemaCheck}: unknown keys with "did you mean" ({@code Suggestion}), types, ranges, enum values
 * with "did you mean", required keys), then the rules a schema cannot say ({@code
 * ConsistencyChecks}: policy or kernel, kernel versions, warm-up shorter than the run, MTU room for
 * the headers, datagrams that fit, XPN's replay window, profiles that exist, run sizes), then the
 * sweep.
 *
 * <h2>Validation</h2>
 * Over forty kinds of malformed file, each with exactly one message at its line and column
 * ({@code MalformedExperimentTest}); the schema file against the declarations, byte for byte
 * ({@code ExperimentSchemaTest}), and walked together with the records: keys, types, enum values,
 * defaults ({@code SchemaAgreementTest}); the key table against the declarations
 * ({@code KeysPageTest}).
 */
package org.cryptorder.experiment.file;
