package org.cryptorder.charts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.cryptorder.testing.RequiredTool;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html in a real browser: headless Chromium (Debian's {@code chromium}, which {@code .ci/run}
 * installs) opens the file offline, logs nothing to its console, and shows the charts: each inline
 * SVG laid out at a non-zero size, the policies' colours on the screenshot.
 */
@Tag("browser")
class ReportInBrowserTest {
    @TempDir
    Path tmp;

    /** What Chromium printed. */
    private record Run(int status, String out, String err) {
    }

    private static String chromium() {
        Path found = null;
        for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
            found = found != null ? found : RequiredTool.find(name);
        }
        RequiredTool.need(found != null, "browser", "no chromium on the PATH", "chromium");
        return found.toString();
    }

    private Run chromium(Path page, String... extra) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(chromium(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--user-data-dir=" + Files.createTempDirectory(tmp, "profile"), "--enable-logging=stderr", "--v=0"));
        command.addAll(Arrays.asList(extra));
        command.add(page.toUri().toString());
        Path out = tmp.resolve("chromium.out");
        Path err = tmp.resolve("chromium.err");
        Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("chromium did not finish within 120 s: " + Files.readString(err));
        }
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    /** The page's console messages as Chromium logs them ({@code INFO:CONSOLE:...] "message", source: ...}). */
    private static List<String> console(Run r) {
        return r.err().lines().filter(l -> l.contains(":CONSOLE")).toList();
    }

    @Test
    void theConsoleOfAPageIsSeen() throws Exception {
        Path page = tmp.resolve("control.html");
        Files.writeString(page, "<!DOCTYPE html><html><body><p>control</p>"
                + "<script>console.error('planted error');</script></body></html>");
        Run r = chromium(page, "--dump-dom");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(console(r)).as("this check would see a console error of the report").anyMatch(l -> l.contains("planted error"));
    }

    @Test
    void theReportOpensOfflineWithoutConsoleMessagesAndShowsItsCharts() throws Exception {
        Path folder = ResultFolders.policyVsContention(tmp.resolve("pvc"));
        ResultFolders.sideFiles(folder, List.of("sync-fallback", "sync-fallback", "sync-fallback", "sync-fallback",
                "async", "async", "async", "async", "async-unordered", "async-unordered", "async-unordered",
                "async-unordered"));
        ResultsRenderer.Rendered rendered = new ResultsRenderer("test").render(folder);
        long charts = rendered.charts().stream().filter(p -> p.toString().endsWith(".svg")).count();
        assertThat(charts).as("goodput, reordering, latency CDF, cryptd queue").isEqualTo(4);

        Path shot = tmp.resolve("shot.png");
        Run r = chromium(rendered.report(), "--window-size=1200,2600", "--hide-scrollbars", "--screenshot=" + shot);
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(console(r)).as("console messages of report.html").isEmpty();
        assertThat(r.err()).doesNotContain("ERR_FILE_NOT_FOUND", "Failed to load resource");
        BufferedImage image = ImageIO.read(shot.toFile());
        assertThat(image.getHeight()).isEqualTo(2600);
        for (int policy : new int[] {0xD55E00, 0x0072B2, 0xE69F00}) {
            assertThat(near(image, policy)).as("pixels of colour %06x on the screenshot", policy).isGreaterThan(300);
        }

        // Chromium lays the page out; a copy with a script reports the size of each chart's SVG
        String html = Files.readString(rendered.report());
        Path measured = rendered.report().resolveSibling("measured.html");
        Files.writeString(measured, html.replace("</body>", "<script>document.body.setAttribute('data-svg-sizes',"
                + " Array.from(document.querySelectorAll('figure .chart svg')).map(function (s) {"
                + " var b = s.getBoundingClientRect(); return s.closest('figure').id + ':' + Math.round(b.width) + 'x'"
                + " + Math.round(b.height); })"
                + ".join(' '));</script></body>"));
        Run dom = chromium(measured, "--window-size=1200,900", "--dump-dom");
        assertThat(dom.status()).as(dom.err()).isZero();
        Matcher m = Pattern.compile("data-svg-sizes=\"([^\"]*)\"").matcher(dom.out());
        assertThat(m.find()).as("the measuring script ran: " + dom.err()).isTrue();
        List<String> sizes = List.of(m.group(1).split(" "));
        assertThat(sizes).hasSize((int) charts);
        assertThat(sizes.stream().map(x -> x.substring(0, x.indexOf(':'))))
                .containsExactly("goodput", "reordering", "latency-cdf", "cryptd-queue");
        for (String figure : sizes) {
            String size = figure.substring(figure.indexOf(':') + 1);
            String[] wh = size.split("x");
            double w = Double.parseDouble(wh[0]);
            double h = Double.parseDouble(wh[1]);
            assertThat(w).as(size).isGreaterThan(400);
            assertThat(w / h).as("the 960 x 600 aspect of " + size).isCloseTo(1.6, org.assertj.core.data.Offset.offset(0.05));
        }
    }

    /** Pixels within a small distance of a colour (the screenshot is antialiased and may be colour-managed). */
    private static long near(BufferedImage image, int rgb) {
        int r = rgb >> 16 & 0xFF;
        int g = rgb >> 8 & 0xFF;
        int b = rgb & 0xFF;
        long n = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int p = image.getRGB(x, y);
                if (Math.abs((p >> 16 & 0xFF) - r) + Math.abs((p >> 8 & 0xFF) - g) + Math.abs((p & 0xFF) - b) < 24) {
                    n++;
                }
            }
        }
        return n;
    }
}
