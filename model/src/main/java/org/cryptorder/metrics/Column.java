package org.cryptorder.metrics;

import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import org.cryptorder.engine.ReasonSignal;

/**
 * A column of {@code runs.csv} as the component it reads declares it, beside its counters (in the
 * spirit of an INET module's {@code @statistic}): name, unit, heading, warm-up rule, description,
 * and how the value is read from the component's instances. The component says what one instance
 * holds and how instances combine (summed, a ratio of sums, pooled); the experiment says which
 * instances a column covers (host b's NIC, both hosts' queues, every TCP sender) and drives the
 * recorder through a replication.
 *
 * <p>The factories give the usual kinds: {@link #count} (a growing reading, the warm-up's part
 * subtracted), {@link #drops} (emissions of a drop signal for one reason), {@link #growthRatio}
 * and {@link #perSecond} (growth over the measured window), {@link #window}, {@link #windowRatio},
 * {@link #windowMeanOfPositive} and {@link #windowPooled} (kept by the component over its
 * measurement window). A column no factory fits gives its own {@link ColumnRecorder}.
 *
 * @param name        the column's name in the tables (snake_case, unit last)
 * @param unit        its unit, as the docs print it
 * @param heading     a short heading for summaries and the report
 * @param kind        the warm-up rule it follows
 * @param description one or more sentences: what it counts and where
 * @param recorder    makes the column's recorder for one replication
 * @param <T>         the component the column reads
 */
public record Column<T>(String name, String unit, String heading, ColumnKind kind, String description,
                        Supplier<ColumnRecorder<T>> recorder) {

    /** When a window statistic is read. */
    public enum At {
        /** When the sources stop, as iperf3 reports at the end of its test. */
        TRAFFIC_END,
        /** When the simulation stops, after the drain. */
        STOP
    }

    /** A reading that only grows, summed over the instances: its growth from the warm-up's end to the stop. */
    public static <T> Column<T> count(String name, String unit, String heading, String description,
                                      ToDoubleFunction<T> of) {
        return count(name, unit, heading, description, of, 1);
    }

    /** The same, over {@code divisor} (1e9 for a time in ns shown in s). */
    public static <T> Column<T> count(String name, String unit, String heading, String description,
                                      ToDoubleFunction<T> of, double divisor) {
        return new Column<>(name, unit, heading, ColumnKind.COUNT, description,
                () -> new ColumnRecorders.Count<>(of, divisor));
    }

    /** The emissions of the instances' drop signals for {@code reason}, after the warm-up. */
    public static <T, R extends Enum<R>> Column<T> drops(String name, String unit, String heading, String description,
                                                         Function<T, ? extends ReasonSignal<?, R>> signal, R reason) {
        return new Column<>(name, unit, heading, ColumnKind.COUNT, description,
                () -> new ColumnRecorders.Drops<>(signal, reason));
    }

    /**
     * The growth of one reading over that of another, each summed over the instances, from the
     * warm-up's end to the traffic's; NaN when the denominator did not grow.
     */
    public static <T> Column<T> growthRatio(String name, String unit, String heading, String description,
                                            ToDoubleFunction<T> numerator, ToDoubleFunction<T> denominator) {
        return new Column<>(name, unit, heading, ColumnKind.WINDOW, description,
                () -> new ColumnRecorders.GrowthRatio<>(numerator, denominator));
    }

    /** The growth of a reading per simulated second, from the warm-up's end to the traffic's. */
    public static <T> Column<T> perSecond(String name, String unit, String heading, String description,
                                          ToDoubleFunction<T> of) {
        return new Column<>(name, unit, heading, ColumnKind.WINDOW, description,
                () -> new ColumnRecorders.GrowthRatio<>(of, null));
    }

    /** A figure of the instances' measurement windows, summed, read {@code at}. */
    public static <T> Column<T> window(String name, String unit, String heading, String description, At at,
                                       ToDoubleFunction<T> of) {
        return new Column<>(name, unit, heading, ColumnKind.WINDOW, description,
                () -> ColumnRecorders.window(at, all -> {
                    double sum = 0;
                    for (T t : all) {
                        sum += of.applyAsDouble(t);
                    }
                    return sum;
                }));
    }

    /** A ratio of two window figures, each summed over the instances, read {@code at}; NaN when the denominator is 0. */
    public static <T> Column<T> windowRatio(String name, String unit, String heading, String description, At at,
                                            ToDoubleFunction<T> numerator, ToDoubleFunction<T> denominator) {
        return new Column<>(name, unit, heading, ColumnKind.WINDOW, description,
                () -> ColumnRecorders.window(at, all -> {
                    double num = 0;
                    double den = 0;
                    for (T t : all) {
                        num += numerator.applyAsDouble(t);
                        den += denominator.applyAsDouble(t);
                    }
                    return den == 0 ? Double.NaN : num / den;
                }));
    }

    /** The mean of a figure over the instances where it is positive, read {@code at}; NaN when it is nowhere. */
    public static <T> Column<T> windowMeanOfPositive(String name, String unit, String heading, String description,
                                                     At at, ToDoubleFunction<T> of) {
        return new Column<>(name, unit, heading, ColumnKind.WINDOW, description,
                () -> ColumnRecorders.window(at, all -> {
                    double sum = 0;
                    int n = 0;
                    for (T t : all) {
                        double v = of.applyAsDouble(t);
                        if (v > 0) {
                            sum += v;
                            n++;
                        }
                    }
                    return n == 0 ? Double.NaN : sum / n;
                }));
    }

    /**
     * A statistic of the instances' histograms pooled, read {@code at}; NaN when they hold nothing.
     */
    public static <T> Column<T> windowPooled(String name, String unit, String heading, String description, At at,
                                             Function<T, LatencyHistogram> histogram,
                                             ToDoubleFunction<LatencyHistogram> statistic) {
        return new Column<>(name, unit, heading, ColumnKind.WINDOW, description,
                () -> ColumnRecorders.window(at, all -> {
                    LatencyHistogram pooled = new LatencyHistogram();
                    for (T t : all) {
                        pooled.addAll(histogram.apply(t));
                    }
                    return pooled.count() == 0 ? Double.NaN : statistic.applyAsDouble(pooled);
                }));
    }
}
