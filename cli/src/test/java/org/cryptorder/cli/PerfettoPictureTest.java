package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The manual's picture of a Perfetto trace: tutorial 3's trace ({@code explain --configuration 1
 * --frames 40 --perfetto}) drawn by {@link PerfettoPicture} as ui.perfetto.dev lays it out, into
 * {@code cli/target/perfetto-picture/3-where-order-breaks.png} (docs/explain.md shows a copy).
 */
class PerfettoPictureTest {
    @TempDir
    Path tmp;

    @Test
    void tutorialThreesTraceIsDrawnTrackByTrack() throws Exception {
        Path trace = tmp.resolve("t3.json");
        CliRun r = CliRun.of("explain", ProjectPaths.home().resolve("experiments/tutorial/3-where-order-breaks.json")
                .toString(), "--configuration", "1", "--frames", "40", "--chart", tmp.resolve("t.png").toString(),
                "--perfetto", trace.toString());
        assertThat(r.status()).as(r.err()).isZero();
        Path png = ProjectPaths.home().resolve("cli/target/perfetto-picture/3-where-order-breaks.png");
        int height = PerfettoPicture.draw(trace, "explain experiments/tutorial/3-where-order-breaks.json"
                + " --configuration 1 --frames 40 --perfetto t3.json, drawn as ui.perfetto.dev lays it out", png);
        BufferedImage img = ImageIO.read(png.toFile());
        assertThat(img.getWidth()).isEqualTo(PerfettoPicture.WIDTH);
        assertThat(img.getHeight()).isEqualTo(height).isGreaterThan(400);
    }
}
