package org.cryptorder.charts;

import java.util.List;
import org.jfree.chart.renderer.xy.XYBarRenderer;

/**
 * Bars drawn item by item rather than series by series: a value per bar ({@code values.get(series)
 * .get(item)}) that a subclass turns into its paint or outline; bars past a series' list get the
 * renderer's own. Two such renderers are equal when their classes, settings and values are.
 *
 * @param <T> what each bar carries: its paint, its kind of edge
 */
abstract class ItemBarRenderer<T> extends XYBarRenderer {
    private static final long serialVersionUID = 1L;
    private final transient List<List<T>> values;

    ItemBarRenderer(List<List<T>> values) {
        this.values = values;
    }

    /** The value of bar {@code item} of {@code series}, or {@code otherwise} past its list. */
    final T value(int series, int item, T otherwise) {
        List<T> own = values.get(series);
        return item < own.size() ? own.get(item) : otherwise;
    }

    @Override
    public boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && super.equals(o)
                && values.equals(((ItemBarRenderer<?>) o).values);
    }

    @Override
    public int hashCode() {
        return super.hashCode();
    }
}
