/**
 * The simulation engine: a thin layer over SSJ 3.3.2's event scheduling that fixes the time
 * unit, the source of randomness and the way components report what happens.
 *
 * <h2>Model description</h2>
 * Nothing physical is modelled here. The engine supplies what every cryptorder component needs:
 * <ul>
 *   <li>{@link org.cryptorder.engine.EventListKind#newSimulator()}: a fresh SSJ
 *       {@code Simulator} per replication, with a chosen pending-event list. SSJ's static
 *       {@code Sim} facade and default simulator are never used, so replications run in parallel
 *       threads, each on its own clock.</li>
 *   <li>{@link org.cryptorder.engine.Time}: the time unit.</li>
 *   <li>{@link org.cryptorder.engine.StreamRegistry}: the random numbers.</li>
 *   <li>{@link org.cryptorder.engine.Signal}, {@link org.cryptorder.engine.ReasonSignal} and
 *       {@link org.cryptorder.engine.LevelSignal}: observations.</li>
 * </ul>
 * There is deliberately no process view, no resource class and no global registry of
 * components: SSJ 3.x has none of these, and components are explicit state machines whose events
 * are inner classes of the component (SSJ style).
 *
 * <h2>Time</h2>
 * One internal unit: whole nanoseconds held in a {@code double}. Sums of integer nanoseconds are
 * exact up to 2^53 ns (about 104 days of simulated time), so events meant to coincide do
 * coincide and their order never depends on floating-point rounding. Delays are written with
 * {@code Time.us(1.5)}, {@code Time.ns(...)}, {@code Time.ms(...)}, {@code Time.s(...)}, which
 * round to the nearest nanosecond; a bare literal delay is a bug.
 *
 * <h2>Event ordering</h2>
 * SSJ executes events by time, then by priority (lower first, default 1.0), then in the order
 * they were scheduled (FIFO). All five event lists follow this rule; a test checks it on each
 * and runs the same validation model on each, requiring identical trajectories. Henriksen is the
 * default: 5 to 9% less CPU time than SplayTree on the datapath benchmark's runs (see
 * {@link org.cryptorder.engine.EventListKind}); SplayTree (amortised O(log n)) remains for runs
 * with very many pending events, and the benchmarks take either ({@code --event-list});
 * BinaryTree and DoublyLinked exist only for comparison.
 *
 * <h2>Steps without events</h2>
 * The simulator is a {@link org.cryptorder.engine.StepSimulator}: a CPU's completion of its
 * running work and a link's next arrival are scheduled as steps, and a step due before every
 * pending event (strictly: a pending event of the same time was scheduled first and runs first)
 * is held back from the event list and run in place when the event that scheduled it ends, the
 * clock moved to its time. The order of everything stays SSJ's: only the event-list operations go
 * (on the benchmark's TCP run, 3.3 of 7.8 events per data frame). A held step that can no longer
 * run in place (something was scheduled before it meanwhile) goes into the list ahead of the
 * events of its own time, where SSJ would have put it. Tests run the same fixtures and whole
 * scenarios with every step an event and require identical traces and columns.
 *
 * <h2>Randomness</h2>
 * MRG32k3a (L'Ecuyer 1999) through SSJ, with its partition of the period into streams of 2^127
 * numbers and substreams of 2^76. Each named source of randomness (e.g.
 * {@code "rx.cpu1.fpu.sections"}) has its own stream, whose index is the first 63 bits of
 * SHA-256(experiment seed, name), counted from SSJ's default seed (12345 x 6) by matrix
 * jump-ahead; replication r uses substream r. A source's numbers therefore depend only on (seed,
 * name, replication), not on which other sources exist or in which order or thread they were
 * created: configurations compared in one experiment see the same random numbers for the
 * components they share (common random numbers). SSJ's static package seed, which its stream
 * constructor advances without locking, never determines a stream. Result files record the
 * scheme through {@link org.cryptorder.engine.StreamRegistry#description()}, e.g.
 * "MRG32k3a, seed 1, stream per named source (...), substream = replication".
 *
 * <h2>Observations</h2>
 * Components emit; recorders subscribe from outside (ns-3 trace sources, OMNeT++ signals). A
 * component declares a public final signal per well-defined point, named after its path
 * ({@code "rx.secy.drop"}): {@code Signal<T>} for something that happened to a subject,
 * {@code ReasonSignal<T, R>} when it carries an enum reason (all drops of a component go through
 * one such signal with the component's own reason enum), {@code LevelSignal} for a number that
 * holds between changes (queue length), ready for SSJ's time-weighted {@code Accumulate}. None of
 * them boxes primitives or allocates when emitting; with nobody subscribed an emission costs one
 * array-length check. Signals, like everything in a replication, are used by one thread.
 *
 * <h2>Validation</h2>
 * Tests in {@code org.cryptorder.engine} run a single-server FIFO queue written like a
 * cryptorder component (test sources only) and check, at lambda = 0.8 and mu = 1 per us:
 * <ul>
 *   <li>M/M/1 mean wait Wq = rho / (mu - lambda), queue length Lq = rho^2 / (1 - rho) and time in
 *       system W = 1 / (mu - lambda) inside 95% Student intervals over 20 replications;</li>
 *   <li>M/D/1 Wq = rho / (2 mu (1 - rho)) and Lq = lambda Wq likewise;</li>
 *   <li>Little's law L = lambda W across replications (|L - lambda W| within the sum of the
 *       half-widths), and exactly on one sample path;</li>
 *   <li>three jobs arriving together at a 1 us deterministic server wait exactly 0, 1, 2 us;</li>
 *   <li>bit-identical results for the same seed whether replications run alone or in 8
 *       threads, and identical trajectories on every event list, with ties.</li>
 * </ul>
 * The stream arithmetic is checked against SSJ's own jump matrices and substreams, and against
 * a first draw computed independently with big-integer arithmetic.
 * {@code EventListBench} (test sources) measures event-list throughput on a hold model.
 */
package org.cryptorder.engine;
