package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.cryptorder.charts.TimelineChart;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.cryptorder.net.FrameTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code explain}: the narrated timeline of an experiment's first frames, and its bad input. */
class ExplainCommandTest {
    @TempDir
    Path tmp;

    Path experiment(String policy) throws Exception {
        Path f = tmp.resolve("e.json");
        Files.writeString(f, "{\"name\": \"e\", \"crypto\": {\"policy\": \"" + policy + "\"},"
                + " \"hosts\": {\"cpus\": 1}, \"contention\": {\"kernelFpuBusy\": 0.3},"
                + " \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 2000}], \"run\": {\"durationS\": 0.005}}");
        return f;
    }

    @Test
    void narratesEveryFollowedFrameAndMarksTheOnesDeliveredLate() throws Exception {
        CliRun r = CliRun.of("explain", experiment("async-unordered").toString(), "--frames", "300", "--chart",
                tmp.resolve("t.png").toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("# e: first 300 frames", "MACsec TX: PN taken",
                "FPU unusable: softirq interrupted a kernel FPU section, so cryptd of cpu0, position",
                "up the stack from the GRO cell to the socket");
        long marked = r.out().lines().filter(l -> l.startsWith("!")).count();
        assertThat(marked).isPositive();
        assertThat(r.out()).contains("# " + marked + " of the followed frames were delivered after a later frame");
    }

    @Test
    void inOrderPoliciesMarkNothing() throws Exception {
        CliRun r = CliRun.of("explain", experiment("async").toString(), "--frames", "300", "--chart",
                tmp.resolve("t.png").toString());
        assertThat(r.status()).isZero();
        assertThat(r.out().lines().filter(l -> l.startsWith("!"))).isEmpty();
        assertThat(r.out()).contains("# 0 of the followed frames");
        // in order because of cryptd, not for want of it: frames went to cryptd, for an unusable FPU and, behind
        // them, for the queued check, and every one came back decrypted by the kernel worker
        long queued = r.out().lines().filter(l -> l.contains(", so cryptd of cpu0, position ")).count();
        long byWorker = r.out().lines().filter(l -> l.contains(" b cpu0 kworker ") && l.contains(": decrypted;")).count();
        assertThat(queued).as(r.out()).isPositive();
        assertThat(byWorker).isEqualTo(queued);
        assertThat(r.out()).contains("FPU unusable: softirq interrupted a kernel FPU section, so cryptd of cpu0, position")
                .containsPattern("; \\d+ earlier requests? of this SA still in cryptd, so cryptd of cpu0, position \\d+");
    }

    @Test
    void badInputExitsTwo() throws Exception {
        assertThat(CliRun.of("explain", experiment("async").toString(), "--frames", "0").status()).isEqualTo(2);
        CliRun chart = CliRun.of("explain", experiment("async").toString(), "--chart", tmp.resolve("t.svg").toString());
        assertThat(chart.status()).isEqualTo(2);
        assertThat(chart.err()).contains("--chart: a file name ending in .png");
        assertThat(CliRun.of("explain", experiment("async").toString(), "--configuration", "1").status()).isEqualTo(2);
        Path bad = tmp.resolve("bad.json");
        Files.writeString(bad, "{\"name\": \"x\", \"traffic\": [], \"bogus\": 1}");
        CliRun r = CliRun.of("explain", bad.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("bogus").doesNotContain("Exception");
    }

    @Test
    void theTimelineChartHasALanePerCpuOfTheTraceAndMarksTheFramesTheNarrationMarks() throws Exception {
        Path file = experiment("async-unordered");
        Path png = tmp.resolve("charts/timeline.png");
        CliRun r = CliRun.of("explain", file.toString(), "--frames", "40", "--chart", png.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("# timeline chart: " + png + " and timeline.svg");
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isGreaterThanOrEqualTo(1600);
        assertThat(image.getHeight()).isGreaterThanOrEqualTo(1000);
        assertThat(tmp.resolve("charts/timeline.svg")).isNotEmptyFile();

        // the same trace as explain follows, from the model
        ExperimentFile f = ExperimentFile.load(file, ExperimentFiles.profiles());
        FrameTrace trace = new DatapathRunModel(ExperimentFiles.profiles()).trace(f.configurations().get(0),
                new StreamRegistry(f.experiment().run().seed()), 0, 40);
        Set<String> narratedCpus = new TreeSet<>();
        Set<Long> marked = new TreeSet<>();
        Pattern line = Pattern.compile("^([! ])\\s*[0-9.]+ us  (a|b) (cpu\\d+) .*? frame (\\d+)");
        for (String l : r.out().lines().toList()) {
            Matcher m = line.matcher(l);
            if (m.find()) {
                narratedCpus.add(m.group(2) + " " + m.group(3));
                if (m.group(1).equals("!")) {
                    marked.add(Long.parseLong(m.group(4)));
                }
            }
        }
        List<String> lanes = TimelineChart.lanes(trace);
        Set<String> cpuLanes = new TreeSet<>(lanes.stream().filter(l -> !l.startsWith("wire ")
                && !l.endsWith(" cryptd queue")).toList());
        assertThat(cpuLanes).as("one lane per CPU the narration names").isEqualTo(narratedCpus);
        assertThat(lanes).as("no lane twice").doesNotHaveDuplicates();
        assertThat(lanes).contains("wire a->b", "b cpu0 cryptd queue");
        assertThat(marked).as("the narration marks some frames").isNotEmpty();
        assertThat(TimelineChart.outlinedInRed(trace)).as("the frames whose bars are outlined in red").isEqualTo(marked);
    }

    @Test
    void aWifiStationExperimentHasNoMacsecFramesToFollow() {
        CliRun r = CliRun.of("explain", ProjectPaths.home().resolve("experiments/seeds/s9-s10-wifi-ccmp.json").toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("is a WiFi station experiment: explain follows MACsec frames").doesNotContain("Exception");
        assertThat(r.out()).isEmpty();
    }
}
