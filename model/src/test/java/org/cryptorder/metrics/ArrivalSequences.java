package org.cryptorder.metrics;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/** Seeded random arrival orders for property tests: reordering, loss and duplication. */
final class ArrivalSequences {

    private ArrivalSequences() {
    }

    /**
     * Sequence numbers {@code first .. first+n-1}, reordered by one of several models chosen at
     * random (per-packet random delays, near swaps, a few far displacements, or a full shuffle),
     * then thinned by random loss and padded with random duplicates inserted later in the order.
     */
    static long[] random(Random rnd, int n, long first, boolean losses, boolean duplicates) {
        List<Long> order = reordered(rnd, n, first);
        if (losses) {
            double p = rnd.nextDouble() * 0.2;
            order.removeIf(s -> rnd.nextDouble() < p);
        }
        if (duplicates && !order.isEmpty()) {
            double p = rnd.nextDouble() * 0.15;
            List<Long> withCopies = new ArrayList<>(order);
            for (int k = 0; k < order.size(); k++) {
                if (rnd.nextDouble() < p) {
                    int at = k + 1 + rnd.nextInt(Math.max(1, withCopies.size() - k));
                    withCopies.add(Math.min(at, withCopies.size()), order.get(k));
                }
            }
            order = withCopies;
        }
        return order.stream().mapToLong(Long::longValue).toArray();
    }

    /** Loss-free, duplicate-free reordering of {@code first .. first+n-1}. */
    static List<Long> reordered(Random rnd, int n, long first) {
        int model = rnd.nextInt(4);
        Long[] seqs = new Long[n];
        for (int k = 0; k < n; k++) {
            seqs[k] = first + k;
        }
        switch (model) {
            case 0 -> {
                // Each packet delayed by a random number of slots with probability p.
                double p = rnd.nextDouble() * 0.5;
                int maxDelay = 1 + rnd.nextInt(12);
                double[] key = new double[n];
                for (int k = 0; k < n; k++) {
                    key[k] = k + (rnd.nextDouble() < p ? rnd.nextInt(maxDelay + 1) + 0.5 : 0.0);
                }
                Arrays.sort(seqs, Comparator.comparingDouble(s -> key[(int) (s - first)]));
            }
            case 1 -> {
                int swaps = rnd.nextInt(1 + n / 4);
                for (int k = 0; k < swaps && n > 1; k++) {
                    int a = rnd.nextInt(n);
                    int b = Math.min(n - 1, a + 1 + rnd.nextInt(3));
                    Long t = seqs[a];
                    seqs[a] = seqs[b];
                    seqs[b] = t;
                }
            }
            case 2 -> {
                int moves = rnd.nextInt(3);
                List<Long> list = new ArrayList<>(Arrays.asList(seqs));
                for (int k = 0; k < moves && n > 1; k++) {
                    Long moved = list.remove(rnd.nextInt(n));
                    list.add(rnd.nextInt(n), moved);
                }
                return list;
            }
            default -> {
                for (int k = n - 1; k > 0; k--) {
                    int j = rnd.nextInt(k + 1);
                    Long t = seqs[k];
                    seqs[k] = seqs[j];
                    seqs[j] = t;
                }
            }
        }
        return new ArrayList<>(Arrays.asList(seqs));
    }
}
