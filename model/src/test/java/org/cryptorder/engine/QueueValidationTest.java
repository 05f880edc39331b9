package org.cryptorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The engine (simulator, time unit, stream registry, signals) against queueing theory: M/M/1 and
 * M/D/1 closed forms at lambda = 0.8 and mu = 1 per microsecond (rho = 0.8), and Little's law.
 *
 * <p>Each closed form must lie inside the 95% Student confidence interval of the mean over
 * {@value #REPLICATIONS} independent replications (substream r of each named stream), each with a
 * {@value #WARMUP_US} us warm-up and a {@value #HORIZON_US} us window (about 40 000 jobs). The seed
 * is fixed, so the test is a deterministic regression check: it passes or fails the same way on
 * every run.
 */
@Tag("validation")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QueueValidationTest {

    static final int REPLICATIONS = 20;
    static final double WARMUP_US = 1_000;
    static final double HORIZON_US = 50_000;
    static final double LEVEL = 0.95;
    static final double LAMBDA = 0.8;
    static final double MU = 1.0;

    private final StreamRegistry streams = new StreamRegistry(1);
    private List<QueueResult> mm1;

    @BeforeAll
    void runMm1() {
        mm1 = replicate(QueueScenario.mm1(LAMBDA, MU, WARMUP_US, HORIZON_US));
    }

    @Test
    void mm1WaitAndQueueLengthMatchClosedForms() {
        List<QueueResult> results = mm1;
        double rho = LAMBDA / MU;
        assertInside(StudentInterval.of("M/M/1 Wq (us)", LEVEL, results, QueueResult::meanWaitUs),
                "rho/(mu-lambda)", rho / (MU - LAMBDA));
        assertInside(StudentInterval.of("M/M/1 Lq", LEVEL, results, QueueResult::meanQueueLength),
                "rho^2/(1-rho)", rho * rho / (1 - rho));
        assertInside(StudentInterval.of("M/M/1 W (us)", LEVEL, results, QueueResult::meanSojournUs),
                "1/(mu-lambda)", 1 / (MU - LAMBDA));
        assertEveryReplicationServed(results);
    }

    @Test
    void md1WaitMatchesPollaczekKhinchine() {
        List<QueueResult> results = replicate(QueueScenario.md1(LAMBDA, MU, WARMUP_US, HORIZON_US));
        double rho = LAMBDA / MU;
        assertInside(StudentInterval.of("M/D/1 Wq (us)", LEVEL, results, QueueResult::meanWaitUs),
                "rho/(2 mu (1-rho))", rho / (2 * MU * (1 - rho)));
        assertInside(StudentInterval.of("M/D/1 Lq", LEVEL, results, QueueResult::meanQueueLength),
                "rho^2/(2 (1-rho))", rho * rho / (2 * (1 - rho)));
        assertEveryReplicationServed(results);
    }

    /**
     * L = lambda W over replications: with 95% intervals for L (half-width hL) and W (hW), the
     * means satisfy |L - lambda W| <= hL + lambda hW (both intervals hold jointly with probability
     * at least 90%). Likewise Lq = lambda Wq for the queue alone.
     */
    @Test
    void littlesLawHoldsAcrossReplications() {
        List<QueueResult> results = mm1;
        StudentInterval l = StudentInterval.of("L", LEVEL, results, QueueResult::meanInSystem);
        StudentInterval w = StudentInterval.of("W (us)", LEVEL, results, QueueResult::meanSojournUs);
        StudentInterval lq = StudentInterval.of("Lq", LEVEL, results, QueueResult::meanQueueLength);
        StudentInterval wq = StudentInterval.of("Wq (us)", LEVEL, results, QueueResult::meanWaitUs);

        assertThat(Math.abs(l.center() - LAMBDA * w.center()))
                .as("%s, lambda %s", l, w).isLessThanOrEqualTo(l.halfWidth() + LAMBDA * w.halfWidth());
        assertThat(Math.abs(lq.center() - LAMBDA * wq.center()))
                .as("%s, lambda %s", lq, wq).isLessThanOrEqualTo(lq.halfWidth() + LAMBDA * wq.halfWidth());
    }

    /**
     * Little's law on one sample path, started empty at 0 and stopped at T with jobs still inside:
     * the area under N(t) on [0, T] equals the sum of the sojourns of the jobs that left plus
     * T - a for each job still present (arrived at a). Every term is a whole number of
     * nanoseconds (times jobs) below 2^53, so the sums are exact and the tolerance is zero.
     */
    @Test
    void littlesLawHoldsExactlyOnOneSamplePath() {
        AtomicReference<FifoQueue> queue = new AtomicReference<>();
        QueueResult result = QueueScenario.mm1(LAMBDA, MU, 0, 20_000)
                .run(streams, 0, EventListKind.DEFAULT, queue::set);
        double end = Time.us(20_000);
        double stillInside = queue.get().jobsInSystem().stream()
                .mapToDouble(job -> end - job.arrivalTime()).sum();

        assertThat(queue.get().jobsInSystem()).as("jobs inside at T").isNotEmpty();
        assertThat(result.inSystemAreaNs()).isEqualTo(result.sojournSumNs() + stillInside);
        assertThat(result.departed() + queue.get().jobsInSystem().size())
                .as("departed + inside = arrived").isEqualTo((int) result.arrivals());
    }

    private List<QueueResult> replicate(QueueScenario scenario) {
        return IntStream.range(0, REPLICATIONS)
                .mapToObj(r -> scenario.run(streams, r, EventListKind.DEFAULT))
                .toList();
    }

    private static void assertInside(StudentInterval interval, String formula, double exact) {
        assertThat(interval.contains(exact))
                .as(String.format(Locale.ROOT, "%s should hold %s = %.4f", interval, formula, exact))
                .isTrue();
    }

    /** About lambda x window = 40 000 jobs each; a stalled replication would show far fewer. */
    private static void assertEveryReplicationServed(List<QueueResult> results) {
        assertThat(results).hasSize(REPLICATIONS)
                .allSatisfy(r -> assertThat(r.served()).isBetween(38_000, 42_000));
    }
}
