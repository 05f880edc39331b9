package org.cryptorder.experiment.output;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What one replication of one configuration measured: named numbers in a fixed order (the metric
 * columns of {@code runs.csv}, snake_case with the unit last, e.g. {@code goodput_bps}). A value
 * may be NaN when it is undefined (a latency percentile with nothing delivered, a mean cryptd wait
 * with no request taken from a queue); tables leave such cells empty.
 */
public final class Metrics {
    private final List<String> names;
    private final double[] values;

    private Metrics(List<String> names, double[] values) {
        this.names = Collections.unmodifiableList(new ArrayList<>(names));
        this.values = values.clone();
    }

    /** Metrics with these names and values (same length). */
    public static Metrics of(List<String> names, double[] values) {
        if (names.size() != values.length) {
            throw new IllegalArgumentException(names.size() + " names for " + values.length + " values");
        }
        if (names.stream().distinct().count() != names.size()) {
            throw new IllegalArgumentException("metric names repeat: " + names);
        }
        return new Metrics(names, values);
    }

    /** A builder that takes values in order. */
    public static Builder builder() {
        return new Builder();
    }

    public List<String> names() {
        return names;
    }

    public int size() {
        return values.length;
    }

    /** The value of the i-th metric. */
    public double value(int i) {
        return values[i];
    }

    /** The value called {@code name}. */
    public double get(String name) {
        int i = names.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no metric " + name + " (have " + names + ")");
        }
        return values[i];
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("Metrics{");
        for (int i = 0; i < values.length; i++) {
            b.append(i == 0 ? "" : ", ").append(names.get(i)).append('=').append(values[i]);
        }
        return b.append('}').toString();
    }

    /** Collects named values in order. */
    public static final class Builder {
        private final List<String> names = new ArrayList<>();
        private final List<Double> values = new ArrayList<>();

        private Builder() {
        }

        public Builder put(String name, double value) {
            names.add(name);
            values.add(value);
            return this;
        }

        public Metrics build() {
            double[] v = new double[values.size()];
            for (int i = 0; i < v.length; i++) {
                v[i] = values.get(i);
            }
            return of(names, v);
        }
    }
}
