package org.cryptorder.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Rfc5236Density} against (1) independent closed forms on loss-free streams and (2) a
 * literal transcription of the RFC's section 7 pseudo-code, on seeded random arrival orders.
 */
class Rfc5236DensityPropertyTest {

    /** One trial of a closed form: returns whether the form applies to {@code order} (else the trial is skipped). */
    @FunctionalInterface
    private interface Trial {
        boolean check(int trial, List<Long> order, int threshold);
    }

    /**
     * Runs {@code t} on 4000 seeded random reorderings of 1..n (n from 1 to 120), each with a threshold
     * from 1 to 8; the closed form must apply to more than 1000 of them.
     */
    private static void onRandomReorderings(long seed, Trial t) {
        Random rnd = new Random(seed);
        int checked = 0;
        for (int trial = 0; trial < 4000; trial++) {
            int n = 1 + rnd.nextInt(120);
            int threshold = 1 + rnd.nextInt(8);
            List<Long> order = ArrivalSequences.reordered(rnd, n, 1);
            if (t.check(trial, order, threshold)) {
                checked++;
            }
        }
        assertThat(checked).isGreaterThan(1000);
    }

    @Test
    void rdIsArrivalPositionMinusSequenceWhenNothingIsLostOrBeyondDt() {
        onRandomReorderings(5236, (trial, order, dt) -> {
            long[] expected = new long[2 * dt + 1];
            for (int pos = 1; pos <= order.size(); pos++) {
                long d = pos - order.get(pos - 1);
                if (Math.abs(d) > dt) {
                    return false;
                }
                expected[(int) d + dt]++;
            }
            Rfc5236Density density = new Rfc5236Density(dt);
            order.forEach(density::arrive);
            density.flush();
            assertThat(density.displacementFrequencies()).as("trial %d order %s", trial, order).containsExactly(expected);
            return true;
        });
    }

    @Test
    void rbdIsArrivalsAboveFirstMissingWhenBufferNeverOverflows() {
        onRandomReorderings(8, (trial, order, bt) -> {
            // B after each arrival = arrivals so far - (first missing number - 1).
            long[] expected = new long[bt + 1];
            BitSet arrived = new BitSet();
            int maxB = 0;
            for (int k = 0; k < order.size(); k++) {
                arrived.set(order.get(k).intValue());
                int firstMissing = arrived.nextClearBit(1);
                int b = (k + 1) - (firstMissing - 1);
                if (b > bt) {
                    return false;
                }
                expected[b]++;
                maxB = Math.max(maxB, b);
            }
            Rfc5236Density density = new Rfc5236Density(1, bt, 1);
            order.forEach(density::arrive);
            assertThat(density.occupancyFrequencies()).as("trial %d order %s", trial, order).containsExactly(expected);
            assertThat(density.maxOccupancy()).isEqualTo(maxB);
            assertThat(density.rbdDeclaredLost()).isZero();
            return true;
        });
    }

    @Test
    void matchesLiteralRfcPseudoCodeWithLossAndDuplicates() {
        Random rnd = new Random(7);
        int rdCompared = 0;
        int rbdCompared = 0;
        int rbdQuirks = 0;
        for (int trial = 0; trial < 3000; trial++) {
            int n = 1 + rnd.nextInt(100);
            int dt = 1 + rnd.nextInt(6);
            long[] arrivals = ArrivalSequences.random(rnd, n, 1, rnd.nextBoolean(),
                    rnd.nextBoolean());
            Rfc5236Density density = new Rfc5236Density(dt, dt, 1);
            for (long s : arrivals) {
                density.arrive(s);
            }
            density.flush();

            long[] literalFd = literalRd(arrivals, dt);
            assertThat(density.displacementFrequencies()).as("RD trial %d", trial).containsExactly(literalFd);
            rdCompared++;

            LiteralRbd literal = new LiteralRbd(arrivals, dt);
            if (literal.quirk) {
                rbdQuirks++;
                continue;
            }
            assertThat(density.occupancyFrequencies()).as("RBD trial %d", trial).containsExactly(literal.fb);
            assertThat(density.rbdDeclaredLost()).isEqualTo(literal.lost);
            rbdCompared++;
        }
        assertThat(rdCompared).isEqualTo(3000);
        assertThat(rbdCompared).isGreaterThan(1000);
        assertThat(rbdQuirks).as("the pseudo-code's forgotten arrival must occur").isPositive();
    }

    /**
     * RFC 5236 section 7.1 as written, pulling arrivals through get_next_arrival(). The only
     * addition mirrors the implementation's guard: a window holding only packets below RI with an
     * empty buffer would loop for ever, so the front is then taken at the current RI.
     */
    private static long[] literalRd(long[] arrivals, int dt) {
        long[] fd = new long[2 * dt + 1];
        ArrayDeque<Long> window = new ArrayDeque<>();
        List<Long> buffer = new ArrayList<>();
        int[] next = {0};
        long ri = 1;
        while (window.size() < dt + 1) {
            Long s = nextArrival(arrivals, next, ri, window, buffer);
            if (s == null) {
                break;
            }
            window.addLast(s);
        }
        int guard = 0;
        while (!window.isEmpty()) {
            if (++guard > 1_000_000) {
                throw new AssertionError("literal RD did not terminate");
            }
            final long riNow = ri;
            boolean found = window.contains(ri) || buffer.contains(ri);
            boolean stuck = !found && window.stream().allMatch(v -> v < riNow)
                    && buffer.stream().allMatch(v -> v < riNow);
            if (found || stuck) {
                long s = window.removeFirst();
                long d = ri - s;
                if (Math.abs(d) <= dt) {
                    fd[(int) d + dt]++;
                    buffer.remove(Long.valueOf(ri));
                    if (d < 0) {
                        buffer.add(s);
                    }
                    ri++;
                }
                Long newS = nextArrival(arrivals, next, ri, window, buffer);
                if (newS != null) {
                    window.addLast(newS);
                }
            } else {
                long m = Math.min(Collections.min(window),
                        buffer.isEmpty() ? Long.MAX_VALUE : Collections.min(buffer));
                if (ri < m) {
                    ri = m;
                } else {
                    ri++;
                }
            }
        }
        return fd;
    }

    private static Long nextArrival(long[] arrivals, int[] next, long ri, ArrayDeque<Long> window,
            List<Long> buffer) {
        while (next[0] < arrivals.length) {
            long s = arrivals[next[0]++];
            if (!(s < ri || buffer.contains(s) || window.contains(s))) {
                return s;
            }
        }
        return null;
    }

    /** RFC 5236 section 7.2 as written, noting when it forgets an arrival. */
    private static final class LiteralRbd {
        final long[] fb;
        long lost;
        boolean quirk;

        LiteralRbd(long[] arrivals, int bt) {
            fb = new long[bt + 1];
            long e = 1;
            int b = 0;
            List<Long> buffer = new ArrayList<>();
            for (long s : arrivals) {
                if (buffer.contains(s) || s < e) {
                    continue;
                }
                if (s == e) {
                    e++;
                    while (buffer.remove(Long.valueOf(e))) {
                        b--;
                        e++;
                    }
                    fb[b]++;
                } else {
                    if (b < bt) {
                        b++;
                        buffer.add(s);
                    } else {
                        do {
                            e++;
                            lost++;
                        } while (!(buffer.contains(e) || e == s));
                        boolean consumed = false;
                        while (buffer.contains(e) || e == s) {
                            if (e != s) {
                                buffer.remove(Long.valueOf(e));
                                b--;
                            } else {
                                consumed = true;
                            }
                            e++;
                        }
                        if (!consumed) {
                            quirk = true;
                        }
                    }
                    fb[b]++;
                }
            }
        }
    }
}
