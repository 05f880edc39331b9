package org.cryptorder.metrics;

import org.cryptorder.engine.LevelSignal;

/**
 * An integer level (a queue's length) sampled on a fixed grid of simulated time, 0, T, 2T, ...,
 * without an event of its own: it observes a {@link LevelSignal} (the level starts at 0), and when
 * the level changes, the grid points passed since the last change take the level they saw. The
 * value at grid point t is therefore the level after every change at or before t, as an event
 * scheduled at t after every other event of that instant would read it; recording changes no event
 * of the simulation. The samples live in one array allocated up front: a change costs a comparison
 * and, when grid points were passed, one store per point.
 */
public final class LevelSamples implements LevelSignal.Observer {
    private final double intervalNs;
    private final int[] values;
    private int filled;
    private int level;

    /**
     * @param intervalNs the grid spacing T, ns (positive)
     * @param count      how many grid points, from 0 (at least 1)
     */
    public LevelSamples(double intervalNs, int count) {
        if (!(intervalNs > 0) || count < 1) {
            throw new IllegalArgumentException("a sampling interval above 0 and at least one point, got " + intervalNs
                    + " ns and " + count);
        }
        this.intervalNs = intervalNs;
        this.values = new int[count];
    }

    /** The grid points for {@code endNs} of simulated time: 0 to endNs inclusive. */
    public static int pointsUntil(double endNs, double intervalNs) {
        return (int) Math.floor(endNs / intervalNs + 1e-9) + 1;
    }

    /** The level became {@code newLevel} at {@code nowNs}. */
    @Override
    public void observe(double nowNs, double newLevel) {
        while (filled < values.length && filled * intervalNs < nowNs) {
            values[filled++] = level;
        }
        level = (int) newLevel;
    }

    /** The end of the run at {@code nowNs}: every grid point up to and including it takes the current level. */
    public void finish(double nowNs) {
        while (filled < values.length && filled * intervalNs <= nowNs) {
            values[filled++] = level;
        }
    }

    public double intervalNs() {
        return intervalNs;
    }

    /** Grid points sampled so far (all of them after {@link #finish} at the end). */
    public int count() {
        return filled;
    }

    /** The level at grid point {@code i}. */
    public int value(int i) {
        if (i >= filled) {
            throw new IndexOutOfBoundsException("point " + i + " of " + filled + " sampled");
        }
        return values[i];
    }

    /** The time of grid point {@code i}, ns. */
    public double timeNs(int i) {
        return i * intervalNs;
    }

    /** The largest level sampled. */
    public int max() {
        int m = 0;
        for (int i = 0; i < filled; i++) {
            m = Math.max(m, values[i]);
        }
        return m;
    }
}
