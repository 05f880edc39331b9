package org.cryptorder.charts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYAnnotation;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.Title;
import org.jfree.chart.ui.RectangleEdge;
import org.junit.jupiter.api.Test;

/** The comparison chart's labels and key: one label per spot, the key beside the plot, not over it. */
class ComparisonChartTest {

    private static SeedComparison.Result result(String figure, double measured, double model) {
        SeedComparison.Spec spec = new SeedComparison.Spec(figure, "predicted", "25%", "e.json", "m", "x", "", 1);
        return new SeedComparison.Result(spec, measured, new SeedComparison.Value(model, 0));
    }

    final List<SeedComparison.Result> results = List.of(
            result("a", 265, 265), result("b", 260, 265), result("c", 1, 1.1), result("zero", 0, 3),
            result("d", 9.83, 9.86), result("e", 9.19, 9.86));

    @Test
    void pointsDrawnOnTopOfEachOtherShareOneLabelAndZerosHaveNone() {
        List<ComparisonChart.Label> labels = ComparisonChart.labels(results);
        assertThat(labels).extracting(ComparisonChart.Label::text).containsExactly("1, 2", "3", "5, 6");
    }

    @Test
    void theKeyStandsOnTheRightAndEveryLabelIsOnThePlot() {
        JFreeChart chart = ComparisonChart.chart(results);
        List<Title> right = chart.getSubtitles().stream().map(t -> (Title) t)
                .filter(t -> t.getPosition() == RectangleEdge.RIGHT).toList();
        assertThat(right).hasSize(1);
        XYPlot plot = chart.getXYPlot();
        List<XYAnnotation> annotations = plot.getAnnotations();
        assertThat(annotations).allMatch(a -> a instanceof XYTextAnnotation);
        assertThat(annotations).extracting(a -> ((XYTextAnnotation) a).getText()).containsExactlyInAnyOrder("1, 2", "3", "5, 6");
        for (XYAnnotation a : annotations) {
            XYTextAnnotation t = (XYTextAnnotation) a;
            assertThat(plot.getDomainAxis().getRange().contains(t.getX())).as(t.getText()).isTrue();
            assertThat(plot.getRangeAxis().getRange().contains(t.getY())).as(t.getText()).isTrue();
        }
    }

    @Test
    void theRatioChartGrowsWithItsRowsSoEveryRowKeepsItsName() {
        assertThat(ComparisonChart.ratiosHeight(5)).isEqualTo(ChartStyle.HEIGHT);
        assertThat(ComparisonChart.ratiosHeight(27)).isGreaterThanOrEqualTo(27 * 22);
    }
}
