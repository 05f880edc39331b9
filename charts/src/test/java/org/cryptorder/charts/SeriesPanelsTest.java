package org.cryptorder.charts;

import static org.assertj.core.api.Assertions.assertThat;

import org.jfree.data.xy.YIntervalSeries;
import org.junit.jupiter.api.Test;

/** Long series are drawn per bin: the mean as the line, least to most as the band. */
class SeriesPanelsTest {
    @Test
    void aSeriesLongerThanTheMostPointsIsDrawnPerBinWithItsMeanAndRange() {
        int n = 2_001;  // 0.2 s sampled every 100 µs
        double[] t = new double[n];
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            t[i] = i * 1e-4;
            v[i] = i % 2 == 0 ? 0 : 20;  // a queue that fills and drains between samples
        }
        int bin = SeriesPanels.bin(n);
        assertThat(bin).isEqualTo(9);
        YIntervalSeries s = SeriesPanels.series("q", t, v, bin);
        assertThat(s.getItemCount()).isEqualTo(223).isLessThanOrEqualTo(SeriesPanels.MAX_POINTS);
        assertThat(s.getX(0).doubleValue()).as("the first bin's middle, in ms").isEqualTo(0.4, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(s.getYValue(0)).as("mean of 0,20,0,20,0,20,0,20,0").isEqualTo(80.0 / 9);
        assertThat(s.getYLowValue(0)).isEqualTo(0);
        assertThat(s.getYHighValue(0)).isEqualTo(20);
        assertThat(s.getYValue(s.getItemCount() - 1)).as("the last bin holds the three samples left: 0, 20, 0").isEqualTo(20.0 / 3);
        assertThat(SeriesPanels.sampling(t)).isEqualTo("sampled every 100 µs, drawn per 900 µs (line: the mean; band: least to most)");
    }

    @Test
    void aShortSeriesIsDrawnSampleBySample() {
        double[] t = {0, 1e-4, 2e-4};
        int[] v = {3, 5, 4};
        YIntervalSeries s = SeriesPanels.series("q", t, v, SeriesPanels.bin(t.length));
        assertThat(s.getItemCount()).isEqualTo(3);
        assertThat(s.getYLowValue(1)).isEqualTo(5).isEqualTo(s.getYHighValue(1));
        assertThat(SeriesPanels.sampling(t)).isEqualTo("sampled every 100 µs");
    }
}
