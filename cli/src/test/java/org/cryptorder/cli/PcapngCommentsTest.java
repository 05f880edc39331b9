package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.cryptorder.net.PcapngReader;
import org.cryptorder.testing.RequiredTool;
import org.cryptorder.testing.Tshark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pcapng comments against the model's counts: on a run whose cryptd queue (32) and RX ring (32)
 * fill under a replay window of 3, without replay protection (configuration 0: frames counted
 * InPktsDelayed) and with it (configuration 1: InPktsLate), the receiver's {@code eth0} capture has a
 * comment exactly on the frames runs.csv counts delayed, late or refused by cryptd, and the sender's
 * exactly on those the receiver's RX ring dropped; read back by the project's reader and, where it is
 * installed, by tshark.
 */
class PcapngCommentsTest {
    @TempDir
    Path tmp;

    static final String EXPERIMENT = "{\"name\": \"m\", \"crypto\": {\"policy\": \"async-unordered\","
            + " \"cryptdQueueLength\": 32}, \"hosts\": {\"cpus\": 1, \"rxRingSize\": 32},"
            + " \"contention\": {\"kernelFpuBusy\": 0.3}, \"macsec\": {\"replayWindow\": 3},"
            + " \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 4000}], \"run\": {\"durationS\": 0.003, \"replications\": 1},"
            + " \"sweep\": {\"macsec.replayProtect\": [false, true]}}";

    /** The commented frames of {@code file}, by PN. */
    static Map<Long, String> comments(Path file) throws Exception {
        Map<Long, String> out = new TreeMap<>();
        for (PcapngReader.Packet p : PcapngReader.read(file).packets()) {
            if (p.comment() != null) {
                out.put(PcapngCaptureTest.pn(p.data()), p.comment());
            }
        }
        return out;
    }

    /** Each configuration's runs.csv row, column by name. */
    List<Map<String, String>> runsCsv(Path e) throws Exception {
        return RunsCsv.run(tmp.resolve("out"), e.toString());
    }

    Path captures(Path e, int configuration) {
        Path dir = tmp.resolve("caps" + configuration);
        CliRun r = CliRun.of("explain", e.toString(), "--configuration", Integer.toString(configuration), "--frames", "1",
                "--pcap", dir.toString(), "--pcap-format", "pcapng", "--chart", tmp.resolve("t.png").toString());
        assertThat(r.status()).as(r.err()).isZero();
        return dir.resolve(Integer.toString(configuration));
    }

    @Test
    void commentsAreExactlyOnTheFramesTheModelCounted() throws Exception {
        Path e = Files.writeString(tmp.resolve("m.json"), EXPERIMENT);
        List<Map<String, String>> rows = runsCsv(e);
        for (int k = 0; k < 2; k++) {
            Map<String, String> row = rows.get(k);
            Path caps = captures(e, k);
            Map<Long, String> received = comments(caps.resolve("b-eth0.pcapng"));
            long delayed = received.values().stream().filter(c -> c.endsWith("counted InPktsDelayed")).count();
            long late = received.values().stream().filter(c -> c.endsWith("counted InPktsLate")).count();
            long refused = received.values().stream().filter(c -> c.endsWith("cryptd full: dropped")).count();
            assertThat(delayed).as("configuration " + k + ": delayed").isEqualTo(Long.parseLong(row.get("in_pkts_delayed")));
            assertThat(late).as("late").isEqualTo(Long.parseLong(row.get("in_pkts_late")));
            assertThat(refused).as("refused").isEqualTo(Long.parseLong(row.get("cryptd_dropped")));
            assertThat((long) received.size()).as("no other frame has a comment").isEqualTo(delayed + late + refused);
            assertThat(delayed + late).as("configuration " + k + " reorders").isPositive();
            // the route and the overtakers, on eth0 and macsec0 alike
            List<String> up = PcapngReader.read(caps.resolve("b-macsec0.pcapng")).packets().stream()
                    .map(PcapngReader.Packet::comment).filter(c -> c != null).toList();  // in the clear: no PN to read
            assertThat((long) up.size()).as("delivered up: the delayed frames").isEqualTo(delayed);
            received.forEach((pn, c) -> {
                assertThat(c).startsWith("PN " + pn + ": ");
                if (c.endsWith("InPktsDelayed")) {
                    assertThat(c).containsPattern("^PN \\d+: decrypted by cryptd on cpu0, waited \\d+\\.\\d{3} us, overtaken"
                            + " by \\d+ frames?, PN (\\d+(, \\d+){0,4}|\\d+ to \\d+); validated after a later PN");
                    assertThat(up).contains(c);
                } else if (c.endsWith("InPktsLate")) {
                    assertThat(c).containsPattern("^PN \\d+: (decrypted by cryptd on cpu0, waited \\d+\\.\\d{3} us; )?below"
                            + " the replay window");
                }
            });
            // the receiver's RX ring drops: a comment on the sender's frame, a file comment on the receiver's eth0
            Map<Long, String> lost = comments(caps.resolve("a-eth0.pcapng"));
            long missed = Long.parseLong(row.get("rx_missed"));
            assertThat((long) lost.size()).as("configuration " + k + ": rx_missed").isEqualTo(missed);
            assertThat(lost.values()).allSatisfy(c -> assertThat(c).contains(": dropped at b's RX ring 0: full (rx_missed)"));
            List<String> fileComments = PcapngReader.read(caps.resolve("b-eth0.pcapng")).comments();
            assertThat(fileComments.stream().anyMatch(c -> c.startsWith("Not in this capture: " + missed + " frame")))
                    .isEqualTo(missed > 0);
        }
        assertThat(Long.parseLong(rows.get(1).get("rx_missed"))).as("an RX ring drop to comment").isPositive();
    }

    @Test
    void theSendersCryptdWaitIsThePerfettoTracesWait() throws Exception {
        // tutorial 3 with two sending CPUs: order breaks on the sender, whose cryptd holds PN 34 behind a kernel FPU section
        Path dir = tmp.resolve("t3");
        Path trace = tmp.resolve("t3.json");
        CliRun r = CliRun.of("explain", ProjectPaths.home().resolve("experiments/tutorial/3-where-order-breaks.json")
                .toString(), "--configuration", "1", "--frames", "40", "--pcap", dir.toString(), "--pcap-format", "pcapng",
                "--perfetto", trace.toString(), "--chart", tmp.resolve("t.png").toString());
        assertThat(r.status()).as(r.err()).isZero();
        Map<Long, String> waits = new TreeMap<>();
        for (var e : new com.fasterxml.jackson.databind.ObjectMapper().readTree(trace.toFile()).get("traceEvents")) {
            if (e.get("ph").asText().equals("b") && e.get("name").asText().startsWith("a cpu")) {
                waits.put(e.get("args").get("pn").asLong(), e.get("name").asText().substring(2, 6) + ", waited "
                        + e.get("args").get("wait_us").decimalValue().setScale(3).toPlainString() + " us");
            }
        }
        Map<Long, String> received = comments(dir.resolve("1/b-eth0.pcapng"));
        int checked = 0;
        for (Map.Entry<Long, String> c : received.entrySet()) {
            if (c.getKey() <= 40 && c.getValue().endsWith("InPktsDelayed")) {  // the followed frames
                assertThat(c.getValue()).startsWith("PN " + c.getKey() + ": encrypted by a's cryptd on "
                        + waits.get(c.getKey()) + ", decrypted inline on cpu0, overtaken by ");
                checked++;
            }
        }
        assertThat(checked).isEqualTo(4);  // PN 34, 35, 37 and 39, as docs/explain.md tells
    }

    @Test
    void tcpRetransmissionsAreCommentedOnTheSendersFrames() throws Exception {
        Path e = ProjectPaths.home().resolve("experiments/tcp-heavy-reordering.json");
        String[] set = {"--set", "run.durationS=0.02", "--set", "run.warmupS=0", "--set", "run.replications=1"};
        Path dir = tmp.resolve("tcp");
        List<String> args = new java.util.ArrayList<>(List.of("explain", e.toString(), "--frames", "1", "--pcap",
                dir.toString(), "--pcap-format", "pcapng", "--chart", tmp.resolve("t.png").toString()));
        args.addAll(List.of(set));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertThat(r.status()).as(r.err()).isZero();
        List<String> runArgs = new java.util.ArrayList<>(List.of(set));
        runArgs.add(e.toString());
        long retransmits = Long.parseLong(RunsCsv.run(tmp.resolve("out"), runArgs.toArray(String[]::new)).get(0)
                .get("tcp_retransmits"));

        // on the sender's wire, one comment per retransmission; those sent before the traffic's end are runs.csv's
        java.util.regex.Pattern said = java.util.regex.Pattern.compile("retransmission of (\\d+):(\\d+) \\((RACK|SACK|RTO|TLP)\\)");
        long inWindow = 0;
        for (PcapngReader.Packet p : PcapngReader.read(dir.resolve("0/a-eth0.pcapng")).packets()) {
            if (p.comment() != null) {
                assertThat(p.comment()).matches(said);
                inWindow += p.timeNs() <= 20_000_000 ? 1 : 0;
            }
        }
        assertThat(inWindow).isEqualTo(retransmits).isPositive();
        // in the clear, the comment's octets are the segment's payload
        int commented = 0;
        for (PcapngReader.Packet p : PcapngReader.read(dir.resolve("0/a-macsec0.pcapng")).packets()) {
            if (p.comment() != null) {
                java.util.regex.Matcher m = said.matcher(p.comment());
                assertThat(m.matches()).as(p.comment()).isTrue();
                byte[] d = p.data();
                int ihl = (d[14] & 0x0f) * 4;
                int total = ((d[16] & 0xff) << 8) | (d[17] & 0xff);
                int tcpHeader = ((d[14 + ihl + 12] & 0xf0) >> 4) * 4;
                assertThat((long) total - ihl - tcpHeader).isEqualTo(Long.parseLong(m.group(2)) - Long.parseLong(m.group(1)));
                commented++;
            }
        }
        assertThat(commented).isGreaterThanOrEqualTo((int) retransmits);
    }

    @Test
    void tsharkSeesTheCommentsOnTheSameFrames() throws Exception {
        RequiredTool.need(Tshark.runs(), "tshark", "tshark is not installed", "tshark");
        Path e = Files.writeString(tmp.resolve("m.json"), EXPERIMENT);
        for (int k = 0; k < 2; k++) {
            Path caps = captures(e, k);
            for (String name : List.of("a-eth0", "b-eth0")) {
                Path file = caps.resolve(name + ".pcapng");
                Process p = new ProcessBuilder("tshark", "-r", file.toString(), "-Y", "frame.comment", "-T", "fields",
                        "-e", "macsec.PN").redirectError(ProcessBuilder.Redirect.DISCARD).start();
                String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
                assertThat(p.exitValue()).isZero();
                TreeSet<Long> theirs = new TreeSet<>();
                out.lines().filter(l -> !l.isBlank()).forEach(l -> theirs.add(Long.parseLong(l.strip())));
                assertThat(theirs).as("configuration " + k + " " + name).isEqualTo(comments(file).keySet());
            }
        }
    }
}
