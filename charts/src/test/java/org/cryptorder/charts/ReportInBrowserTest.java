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
        List<String> sizes = List.of(measure(rendered.report(), "1200,900", "Array.from(document.querySelectorAll("
                + "'figure .chart svg')).map(function (s) { var b = s.getBoundingClientRect();"
                + " return s.closest('figure').id + ':' + Math.round(b.width) + 'x' + Math.round(b.height); }).join(' ')")
                .split(" "));
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

    /**
     * What {@code expression} evaluates to on {@code report} laid out in a window of {@code size}: a
     * copy of the page with a script that writes it into an attribute of the body, read back from
     * the DOM Chromium dumps.
     */
    private String measure(Path report, String size, String expression) throws IOException, InterruptedException {
        Path measured = report.resolveSibling("measured.html");
        Files.writeString(measured, Files.readString(report).replace("</body>",
                "<script>document.body.setAttribute('data-measured', " + expression + ");</script></body>"));
        Run dom = chromium(measured, "--window-size=" + size, "--dump-dom");
        assertThat(dom.status()).as(dom.err()).isZero();
        Matcher m = Pattern.compile("data-measured=\"([^\"]*)\"").matcher(dom.out());
        assertThat(m.find()).as("the measuring script ran: " + dom.err()).isTrue();
        return m.group(1);
    }

    /**
     * A 9-configuration sweep with an effect in each of the eight headline metrics of every
     * configuration, numbers as wide as tutorial 4's: at 1300 px neither the page nor the paired
     * table's own box needs scrolling sideways; at 700 px the page still does not (What was run wraps).
     */
    @Test
    void thePairedTableOfNineConfigurationsFitsTheWidthOfThePage() throws Exception {
        List<String> metrics = org.cryptorder.experiment.output.PairedEffect.HEADLINE_METRICS;
        ResultFolders f = new ResultFolders(ResultFolders.experiment("{\"crypto.policy\": [\"sync-fallback\","
                + " \"async\", \"async-unordered\"], \"contention.kernelFpuBusy\": [0, 0.1, 0.3]}", ResultFolders.TCP),
                List.of("crypto.policy", "contention.kernelFpuBusy"), metrics);
        StringBuilder paired = new StringBuilder(ResultFolders.COMMENTS + "configuration,baseline,crypto.policy,"
                + "contention.kernelFpuBusy,pairs");
        metrics.forEach(m -> paired.append(',').append(m).append("_diff_mean,").append(m).append("_diff_hw95"));
        paired.append('\n');
        double[] means = {1.0e9, 17.3, 24493, 3.1, 785.2, 588.4, 91.7, 0.0354};
        int c = 0;
        for (String policy : List.of("sync-fallback", "async", "async-unordered")) {
            for (String busy : List.of("0", "0.1", "0.3")) {
                double[] cells = new double[2 * metrics.size()];
                for (int i = 0; i < metrics.size(); i++) {
                    cells[2 * i] = means[i];
                    cells[2 * i + 1] = means[i] / 100;
                }
                f.config(List.of(policy, busy), 3, cells);
                if (c > 0) {
                    paired.append(c).append(",0,").append(policy).append(',').append(busy).append(",3");
                    for (double mean : means) {
                        paired.append(',').append(-8.8617 * mean * (c % 2 == 0 ? 1 : -1)).append(',').append(mean / 7.3);
                    }
                    paired.append('\n');
                }
                c++;
            }
        }
        Path folder = f.write(tmp.resolve("nine"));
        Files.writeString(folder.resolve("paired.csv"), paired);
        Path experiment = folder.resolve("experiment.json");
        Files.writeString(experiment, Files.readString(experiment).replace("sha256:00ff",
                "sha256:" + "75d6309e61c61ae7".repeat(4)));  // as long as a real fingerprint
        Path report = new ResultsRenderer("test").render(folder).report();
        assertFits(report, "1300,900", "table.paired", "document.querySelector('table.paired').parentElement",
                "the paired table's width, within its box");
        // on a narrow screen the page itself still fits: the facts (fingerprint, kernel rules) wrap,
        // and only the wide tables scroll, inside their own boxes
        assertFits(report, "700,900", "table.facts", "document.querySelector('main')", "What was run, within the page");
    }

    /**
     * Checks that, in a window of {@code size}, {@code report}'s page is no wider than the window and
     * the element {@code selector} no wider than the box {@code box} (a script expression) holds;
     * {@code what} names the second in its message.
     */
    private void assertFits(Path report, String size, String selector, String box, String what)
            throws IOException, InterruptedException {
        String[] widths = measure(report, size, "[document.documentElement.scrollWidth,"
                + " document.documentElement.clientWidth, document.querySelector('" + selector + "').scrollWidth, "
                + box + ".clientWidth].join(' ')").split(" ");
        assertThat(Integer.parseInt(widths[0])).as("the page's width at " + size)
                .isLessThanOrEqualTo(Integer.parseInt(widths[1]));
        assertThat(Integer.parseInt(widths[2])).as(what + " of " + widths[3] + " px")
                .isLessThanOrEqualTo(Integer.parseInt(widths[3]));
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
