package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.Once;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.engine.Time;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.replication.Replication;
import org.cryptorder.experiment.wiring.Datapath;
import org.cryptorder.experiment.wiring.DatapathBuilder;
import org.cryptorder.host.Context;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.net.Host;
import org.junit.jupiter.api.Test;

/**
 * Which CPU limits seed S3 (experiments/seeds/s3-s5-prime95.json) in the model: each CPU's busy
 * share per context on both hosts over the measured window (warm-up to the end of the traffic).
 */
class S3CpuBusyTest {

    /** Busy shares of one run: [host a, b][cpu][softirq, kernel worker, user task, ksoftirqd]. */
    record Shares(double[][][] share) {
        double of(int host, int cpu, Context c) {
            return share[host][cpu][c.ordinal()];
        }

        double idle(int host, int cpu) {
            double busy = 0;
            for (Context c : Context.values()) {
                busy += share[host][cpu][c.ordinal()];
            }
            return 1 - busy;
        }
    }

    static Shares measure(ResolvedRun run) throws Exception {
        Experiment e = run.experiment();
        var profile = Experiments.PROFILES.load(e.hosts().profile());
        Datapath d = DatapathBuilder.build(EventListKind.DEFAULT.newSimulator(), e,
                DatapathBuilder.hostSpec(e, profile, Experiments.PROFILES.nic(e.hosts().nic())),
                new StreamRegistry(e.run().seed()).replication(0), new GcmEngine(), profile.tcpCopyCyclesPerByte());
        List<Host> hosts = List.of(d.a(), d.b());
        int n = Context.values().length;
        double[][][] start = new double[2][][];
        double[][][] share = new double[2][][];
        double from = Time.s(e.run().warmupS());
        double to = Time.s(e.run().durationS());
        Once.at(d.sim(), from, () -> {
            for (int h = 0; h < 2; h++) {
                start[h] = snapshot(hosts.get(h), n);
            }
        });
        Once.at(d.sim(), to, () -> {
            for (int h = 0; h < 2; h++) {
                double[][] now = snapshot(hosts.get(h), n);
                share[h] = new double[now.length][n + 1];
                for (int c = 0; c < now.length; c++) {
                    for (int k = 0; k <= n; k++) {
                        share[h][c][k] = (now[c][k] - start[h][c][k]) / (to - from);
                    }
                }
            }
        });
        new Replication(d, e.run(), null, null).run();
        return new Shares(share);
    }

    /** Per CPU: busy ns per context, then ksoftirqd's part of the softirq time. */
    private static double[][] snapshot(Host h, int n) {
        double[][] s = new double[h.cpuCount()][n + 1];
        for (int c = 0; c < h.cpuCount(); c++) {
            for (Context k : Context.values()) {
                s[c][k.ordinal()] = h.cpu(c).busyNs(k);
            }
            s[c][n] = h.cpu(c).ksoftirqdBusyNs();
        }
        return s;
    }

    static String table(String label, Shares s) {
        StringBuilder b = new StringBuilder(label).append('\n')
                .append("host cpu  softirq (ksoftirqd)  kworker  user task  idle\n");
        for (int h = 0; h < 2; h++) {
            for (int c = 0; c < s.share()[h].length; c++) {
                double[] x = s.share()[h][c];
                b.append(String.format(Locale.ROOT, "%-4s %3d  %7.3f (%7.3f)  %7.3f  %9.3f  %5.3f%n", h == 0 ? "a" : "b",
                        c, x[0], x[3], x[1], x[2], s.idle(h, c)));
            }
        }
        return b.toString();
    }

    private static List<ResolvedRun> s3() throws Exception {
        // the most probable reading of the report's setup: iperf3 on a CPU apart from RX queue 0's,
        // one direction at a time (the reverse entry switched off)
        return Experiments.configurations("seeds/s3-s5-prime95.json").stream()
                .filter(r -> r.experiment().hosts().appCpu() == 1
                        && ((Experiment.TcpTraffic) r.experiment().traffic().get(1)).flows() == 0).toList();
    }

    /**
     * Integrity-only, the receiving CPU (b's CPU 0, NAPI for the only RX queue, shared with prime95)
     * is never idle, most of it in softirq validating every frame at 2.25 cycles per
     * authenticated-only octet, and iperf3's CPU on the sender (a's CPU 1, the one prime95 spares)
     * is busy most of the time signing nearly every frame itself. With
     * encryption no CPU saturates: the sending is
     * split between iperf3's CPU and a's RX CPU, each frame's AEAD costs less than half as much, and
     * what holds the flow below line rate is TCP (docs/calibration.md, "What limits S3").
     */
    @Test
    void integrityOnlySaturatesTheReceivingCpuAndIperf3sAndEncryptionSaturatesNone() throws Exception {
        List<ResolvedRun> runs = s3();
        Shares encrypted = measure(runs.get(0));
        Shares integrity = measure(runs.get(1));
        System.out.println(table("S3 " + runs.get(0).point().values(), encrypted));
        System.out.println(table("S3 " + runs.get(1).point().values(), integrity));
        assertThat(runs.get(0).experiment().macsec().encrypt()).isTrue();
        assertThat(runs.get(1).experiment().macsec().encrypt()).isFalse();
        assertThat(integrity.of(1, 0, Context.SOFTIRQ)).as("b cpu0 softirq, integrity-only").isGreaterThan(0.8);
        assertThat(integrity.of(1, 0, Context.SOFTIRQ) + integrity.of(1, 0, Context.USER_TASK))
                .as("b cpu0 never idle, integrity-only").isGreaterThan(0.999);
        assertThat(integrity.of(0, 1, Context.USER_TASK)).as("a cpu1, iperf3, integrity-only").isGreaterThan(0.75);
        assertThat(encrypted.of(0, 1, Context.USER_TASK)).as("a cpu1, iperf3, encrypted").isLessThan(0.6);
        assertThat(encrypted.of(0, 0, Context.SOFTIRQ)).as("a cpu0 softirq, encrypted").isLessThan(0.8);
        assertThat(encrypted.of(1, 0, Context.SOFTIRQ)).as("b cpu0 softirq, encrypted").isLessThan(0.85);
        for (Shares s : List.of(encrypted, integrity)) {
            for (int h = 0; h < 2; h++) {
                for (int c : new int[] {2, 3}) {
                    assertThat(s.of(h, c, Context.USER_TASK)).as("prime95 alone on cpu" + c).isGreaterThan(0.999);
                }
            }
        }
    }
}
