package org.cryptorder.host;

/** The check every table of CPU cycle costs (the network stack's, the crypto's) makes of its values. */
public final class CycleCosts {
    private CycleCosts() {
    }

    /**
     * Checks a CPU clock and the costs measured at it.
     *
     * @param what the table's name in the message, e.g. {@code "stack costs"}
     * @throws IllegalArgumentException when a value is negative, NaN or infinite, or {@code ghz} is not positive
     */
    public static void check(String what, double ghz, double... costs) {
        checkValue(what, ghz);
        for (double v : costs) {
            checkValue(what, v);
        }
        if (ghz <= 0) {
            throw new IllegalArgumentException("ghz must be positive");
        }
    }

    private static void checkValue(String what, double v) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(what + " must be finite and non-negative");
        }
    }
}
