package org.cryptorder.metrics;

import java.util.List;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.cryptorder.engine.ReasonSignal;

/** The recorders {@link Column}'s factories make. */
final class ColumnRecorders {
    private ColumnRecorders() {
    }

    private static <T> double sum(List<T> all, ToDoubleFunction<T> of) {
        double sum = 0;
        for (T t : all) {
            sum += of.applyAsDouble(t);
        }
        return sum;
    }

    /** A growing reading: at the stop less at the end of the warm-up, over a divisor (ns to s). */
    static final class Count<T> implements ColumnRecorder<T> {
        private final ToDoubleFunction<T> of;
        private final double divisor;
        private double atWarmup;

        Count(ToDoubleFunction<T> of, double divisor) {
            this.of = of;
            this.divisor = divisor;
        }

        @Override
        public void warmupEnded(List<T> all, double nowNs) {
            atWarmup = sum(all, of);
        }

        @Override
        public double value(List<T> all, Stop stop) {
            double now = sum(all, of);
            return divisor == 1 ? now - atWarmup : (now - atWarmup) / divisor;
        }
    }

    /**
     * The growth of one reading over another's, from the warm-up's end (or the start) to the
     * traffic's end; without a denominator, over the simulated seconds.
     */
    static final class GrowthRatio<T> implements ColumnRecorder<T> {
        private final ToDoubleFunction<T> numerator;
        private final ToDoubleFunction<T> denominator;
        private double num0;
        private double den0;
        private double num1 = Double.NaN;
        private double den1 = Double.NaN;

        /** @param denominator null for the simulated time in s */
        GrowthRatio(ToDoubleFunction<T> numerator, ToDoubleFunction<T> denominator) {
            this.numerator = numerator;
            this.denominator = denominator;
        }

        private double den(List<T> all, double nowNs) {
            return denominator == null ? nowNs / 1e9 : sum(all, denominator);
        }

        @Override
        public void warmupEnded(List<T> all, double nowNs) {
            num0 = sum(all, numerator);
            den0 = den(all, nowNs);
        }

        @Override
        public void trafficEnded(List<T> all, double nowNs) {
            num1 = sum(all, numerator);
            den1 = den(all, nowNs);
        }

        @Override
        public double value(List<T> all, Stop stop) {
            double n = Double.isNaN(num1) ? sum(all, numerator) : num1;
            double m = Double.isNaN(den1) ? den(all, stop.nowNs()) : den1;
            return m - den0 <= 0 ? Double.NaN : (n - num0) / (m - den0);
        }
    }

    /** Drops emitted for one reason after the warm-up: a count of signal emissions. */
    static final class Drops<T, R extends Enum<R>> implements ColumnRecorder<T> {
        private final Function<T, ? extends ReasonSignal<?, R>> signal;
        private final R reason;
        private long total;
        private long atWarmup;

        Drops(Function<T, ? extends ReasonSignal<?, R>> signal, R reason) {
            this.signal = signal;
            this.reason = reason;
        }

        @Override
        public void attach(List<T> all) {
            for (T t : all) {
                signal.apply(t).subscribe((time, subject, why) -> {
                    if (why == reason) {
                        total++;
                    }
                });
            }
        }

        @Override
        public void warmupEnded(List<T> all, double nowNs) {
            atWarmup = total;
        }

        @Override
        public double value(List<T> all, Stop stop) {
            return total - atWarmup;
        }
    }

    /** A figure of the instances' windows, read when the traffic ends or at the stop. */
    static <T> ColumnRecorder<T> window(Column.At at, ToDoubleFunction<List<T>> read) {
        return switch (at) {
            case STOP -> (all, stop) -> read.applyAsDouble(all);
            case TRAFFIC_END -> new AtTrafficEnd<>(read);
        };
    }

    /** A figure taken when the traffic stops (0 if it never did). */
    private static final class AtTrafficEnd<T> implements ColumnRecorder<T> {
        private final ToDoubleFunction<List<T>> read;
        private double value;

        AtTrafficEnd(ToDoubleFunction<List<T>> read) {
            this.read = read;
        }

        @Override
        public void trafficEnded(List<T> all, double nowNs) {
            value = read.applyAsDouble(all);
        }

        @Override
        public double value(List<T> all, Stop stop) {
            return value;
        }
    }
}
