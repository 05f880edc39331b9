package org.cryptorder.engine;

import java.util.Arrays;
import java.util.Locale;
import umontreal.ssj.rng.RandomStream;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * Event-list throughput on the classic hold model: {@code pending} events stay scheduled, and
 * each executed event reschedules itself after an increment read from a pre-computed table (so
 * the random-number cost is excluded). Not a unit test: a program to run by hand, one
 * configuration per fresh JVM so that no call site sees two event-list types.
 *
 * <p>Increments are Exp(mean 1 us), either continuous ({@code exp}) or rounded to whole
 * nanoseconds as the model's clock does ({@code ns}, some ties). Each run executes
 * {@code events} events through {@code Simulator.start()}; one untimed run warms the JIT, then
 * the median and range of {@value #TIMED_RUNS} timed runs are printed in millions of events per
 * second.
 *
 * <pre>
 * mvn -B -q -pl model test-compile
 * cp=model/target/classes:model/target/test-classes:$HOME/.m2/repository/ca/umontreal/iro/simul/ssj/3.3.2/ssj-3.3.2.jar
 * for list in splay-tree henriksen; do for n in 1000 100000; do for inc in exp ns; do
 *   java -Xms1g -Xmx1g -cp "$cp" org.cryptorder.engine.EventListBench $list $n $inc 2000000
 * done; done; done
 * </pre>
 *
 * <p>Run on the 2-vCPU development machine (JDK 17.0.15, load average 2-3 from other jobs), three
 * interleaved rounds, median of the round medians, M events/s:
 * <pre>
 *                      1 000 pending      100 000 pending
 *                      exp     ns         exp     ns
 *   splay-tree         3.55    3.68       0.86    1.44
 *   henriksen          5.43    5.32       1.03    1.31
 * </pre>
 * Henriksen leads by about 1.5x at 1 000 pending; at 100 000 with whole-nanosecond ties (about
 * 100 events per nanosecond here) SplayTree is ahead. SplayTree therefore stays the default.
 */
public final class EventListBench {

    static final int TIMED_RUNS = 5;
    private static final int TABLE_SIZE = 1 << 16;

    private final Simulator simulator;
    private final double[] increments;
    private final long target;
    private long executed;
    private int next;

    private EventListBench(EventListKind kind, double[] increments, long target) {
        this.simulator = kind.newSimulator();
        this.increments = increments;
        this.target = target;
    }

    /** Arguments: event-list key, pending events, increments ({@code exp} or {@code ns}), events. */
    public static void main(String[] args) {
        EventListKind kind = EventListKind.fromKey(args.length > 0 ? args[0] : "splay-tree");
        int pending = args.length > 1 ? Integer.parseInt(args[1]) : 1_000;
        boolean wholeNs = args.length > 2 && args[2].equals("ns");
        long events = args.length > 3 ? Long.parseLong(args[3]) : 2_000_000;
        double[] increments = increments(wholeNs);

        run(kind, pending, increments, events);
        double[] rates = new double[TIMED_RUNS];
        for (int i = 0; i < TIMED_RUNS; i++) {
            rates[i] = run(kind, pending, increments, events);
        }
        Arrays.sort(rates);
        System.out.println(String.format(Locale.ROOT,
                "%-14s pending=%-7d increments=%-3s events=%d  %.2f M events/s (%.2f-%.2f)",
                kind.key(), pending, wholeNs ? "ns" : "exp", events, rates[TIMED_RUNS / 2],
                rates[0], rates[TIMED_RUNS - 1]));
    }

    /** Millions of events per second for one run. */
    private static double run(EventListKind kind, int pending, double[] increments, long events) {
        EventListBench bench = new EventListBench(kind, increments, events);
        for (int i = 0; i < pending; i++) {
            bench.new Hold().schedule(bench.nextIncrement());
        }
        long start = System.nanoTime();
        bench.simulator.start();
        long elapsed = System.nanoTime() - start;
        if (bench.executed != events) {
            throw new IllegalStateException("executed " + bench.executed + " of " + events);
        }
        return events / (elapsed / 1e3);
    }

    private double nextIncrement() {
        next = (next + 1) & (TABLE_SIZE - 1);
        return increments[next];
    }

    private static double[] increments(boolean wholeNs) {
        RandomStream stream = new StreamRegistry(1).stream("bench.increments", 0);
        double[] table = new double[TABLE_SIZE];
        for (int i = 0; i < TABLE_SIZE; i++) {
            double us = -Math.log1p(-stream.nextDouble());
            table[i] = wholeNs ? Time.us(us) : us * 1e3;
        }
        return table;
    }

    /** One of the pending events: counts itself, then comes back after the next increment. */
    private final class Hold extends Event {
        Hold() {
            super(simulator);
        }

        @Override
        public void actions() {
            if (++executed == target) {
                simulator.stop();
            }
            schedule(nextIncrement());
        }
    }
}
