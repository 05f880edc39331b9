package org.cryptorder.charts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The charts drawn on several threads are the files one thread draws, byte for byte and in order. */
@Tag("extensive")
class ChartWritersTest {
    @TempDir
    Path tmp;

    private static List<Drawn.Chart> charts(Path folder) throws MalformedResultsException {
        ResultTables tables = ResultTables.read(folder);
        List<Drawn> drawn = new ArrayList<>(List.of(GoodputChart.draw(tables), ReorderingChart.draw(tables),
                TcpRetransmitsChart.draw(tables), CpuTimeChart.draw(tables), LatencyCdfChart.draw(tables),
                QueueChart.draw(tables)));
        return drawn.stream().filter(Drawn.Chart.class::isInstance).map(Drawn.Chart.class::cast).toList();
    }

    @Test
    void threeThreadsWriteWhatOneWrites() throws Exception {
        Path folder = ResultFolders.tcp(tmp.resolve("tcp"));
        ResultFolders.sideFiles(folder, List.of("sync-fallback", "sync-fallback", "async", "async", "async-unordered",
                "async-unordered"));
        List<Drawn.Chart> charts = charts(folder);
        assertThat(charts).hasSizeGreaterThanOrEqualTo(4);
        List<ChartFiles.Written> one = ChartWriters.write(charts, tmp.resolve("one"), 1);
        List<ChartFiles.Written> three = ChartWriters.write(charts(folder), tmp.resolve("three"), 3);
        assertThat(three).hasSameSizeAs(one);
        for (int i = 0; i < one.size(); i++) {
            String name = charts.get(i).name();
            assertThat(three.get(i).png().getFileName().toString()).isEqualTo(name + ".png");
            assertThat(Files.readAllBytes(three.get(i).png())).as(name).isEqualTo(Files.readAllBytes(one.get(i).png()));
            assertThat(Files.readAllBytes(three.get(i).svg())).as(name).isEqualTo(Files.readAllBytes(one.get(i).svg()));
            assertThat(three.get(i).svgElement()).as(name).isEqualTo(one.get(i).svgElement());
        }
    }

    @Test
    void aChartThatCannotBeWrittenFailsTheWholeWithItsError() throws Exception {
        Path folder = ResultFolders.tcp(tmp.resolve("tcp"));
        List<Drawn.Chart> charts = charts(folder);
        Path out = tmp.resolve("out");
        Files.createDirectories(out.resolve(charts.get(1).name() + ".png"));  // a directory where the chart goes
        Files.writeString(out.resolve(charts.get(1).name() + ".png").resolve("x"), "x");
        assertThatThrownBy(() -> ChartWriters.write(charts, out, 2)).isInstanceOf(IOException.class);
    }
}
