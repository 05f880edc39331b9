package org.cryptorder.engine;

/**
 * The simulation clock's unit: whole nanoseconds held in a {@code double}.
 *
 * <p>SSJ's clock is a bare {@code double}. Holding integer nanoseconds in it keeps every sum of
 * delays exact up to {@link #MAX_EXACT_NS} (2^53 ns, about 104 days), so events that should be
 * simultaneous are simultaneous and their order is decided by priority and FIFO, never by
 * rounding. In seconds, {@code 1e-9 + 1e-9 + 1e-9 != 3e-9}.
 *
 * <p>Every delay handed to {@code Event.schedule} goes through one of the converters below,
 * which round to the nearest nanosecond ({@link Math#rint}: halves go to the even neighbour).
 * The {@code to...} methods convert an internal time back for reports; they do not round.
 */
public final class Time {

    /** Largest nanosecond count below which every integer is a {@code double}: 2^53. */
    public static final double MAX_EXACT_NS = 9_007_199_254_740_992.0;

    private static final double NS_PER_US = 1e3;
    private static final double NS_PER_MS = 1e6;
    private static final double NS_PER_S = 1e9;

    private Time() {
    }

    /** {@code x} nanoseconds, rounded to a whole nanosecond. */
    public static double ns(double x) {
        return wholeNanoseconds(x, 1.0);
    }

    /** {@code x} microseconds in internal units. */
    public static double us(double x) {
        return wholeNanoseconds(x, NS_PER_US);
    }

    /** {@code x} milliseconds in internal units. */
    public static double ms(double x) {
        return wholeNanoseconds(x, NS_PER_MS);
    }

    /** {@code x} seconds in internal units. */
    public static double s(double x) {
        return wholeNanoseconds(x, NS_PER_S);
    }

    /** An internal time {@code t} in nanoseconds (the identity, for symmetry). */
    public static double toNs(double t) {
        return t;
    }

    /** An internal time {@code t} in microseconds. */
    public static double toUs(double t) {
        return t / NS_PER_US;
    }

    /** An internal time {@code t} in milliseconds. */
    public static double toMs(double t) {
        return t / NS_PER_MS;
    }

    /** An internal time {@code t} in seconds. */
    public static double toS(double t) {
        return t / NS_PER_S;
    }

    private static double wholeNanoseconds(double x, double nsPerUnit) {
        double t = Math.rint(x * nsPerUnit);
        if (!(Math.abs(t) <= MAX_EXACT_NS)) {
            throw new IllegalArgumentException("time " + x + " x " + nsPerUnit
                    + " ns is not finite or beyond 2^53 ns, where nanoseconds stop being exact");
        }
        return t;
    }
}
