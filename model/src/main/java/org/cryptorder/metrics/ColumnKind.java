package org.cryptorder.metrics;

/**
 * How a column leaves the warm-up out, as the column list of {@code docs/outputs.md} names it.
 */
public enum ColumnKind {
    /** A reading that only grows, taken at the end of the warm-up and again later: the column is the difference. */
    COUNT("count"),
    /** Kept by a sink or socket over its measurement window, which restarts at the end of the warm-up. */
    WINDOW("window statistic"),
    /** Of the whole run, warm-up included. */
    WHOLE_RUN("whole run");

    private final String label;

    ColumnKind(String label) {
        this.label = label;
    }

    /** The words the docs and the catalog use: {@code count}, {@code window statistic}, {@code whole run}. */
    public String label() {
        return label;
    }
}
