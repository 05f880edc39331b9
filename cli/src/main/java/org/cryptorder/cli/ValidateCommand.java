package org.cryptorder.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.RunModel;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.replication.DatapathRunModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code cryptorder validate FILE...}: checks experiment files without running them, and says
 * about how many frames their runs will simulate ({@link #frames}).
 */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Checks experiment files without running them.",
            "Every problem of every file is printed, one per line, as FILE:LINE:COLUMN: dotted.path: what was"
                + " expected, what was found.",
            "For a valid file it prints the configurations and runs, and about how many frames they simulate"
                + " (a's traffic: UDP rate x run.durationS, TCP at line rate, x replications x configurations).",
            "Exit status: 0 all valid, 2 a file has problems."})
final class ValidateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    SetOption set = new SetOption();

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Experiment files (JSON).")
    List<Path> files;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<ExperimentFiles.Loaded> loaded = ExperimentFiles.load(files, set.values(spec.commandLine()),
                spec.commandLine().getErr());
        RunModel model = new DatapathRunModel(ExperimentFiles.profiles());
        for (ExperimentFiles.Loaded l : loaded) {
            if (!l.ok()) {
                continue;
            }
            ExperimentFile f = l.file();
            out.printf(Locale.ROOT, "%s: ok, %s: %d configuration%s x %d replication%s = %d runs%n", l.path(),
                    f.experiment().name(), f.configurations().size(), f.configurations().size() == 1 ? "" : "s",
                    f.replications(), f.replications() == 1 ? "" : "s", f.runCount());
            double frames = f.configurations().stream().mapToDouble(r -> frames(r.experiment())
                    * r.experiment().run().replications()).sum();
            out.printf(Locale.ROOT, "  cost: about %s frames to simulate (what a offers in all the runs, TCP at line rate)%s%n",
                    amount(frames), frames >= LONG_FRAMES
                            ? "; a long run: try it first with --set run.durationS=" + general(shorter(f.experiment()
                            .run().durationS(), frames)) + " (under " + amount(LONG_FRAMES) + " frames) or fewer"
                            + " run.replications, or split it over machines (--shard)" : "");
            ExperimentFiles.warnings(f).forEach(w -> out.println("  " + w));
            f.configurations().stream().flatMap(r -> model.unsupported(r).stream()).distinct()
                    .forEach(u -> out.println("  note: " + f.problem(u.path(), u.reason())
                            + "; `run` will refuse this file for now"));
        }
        out.flush();
        return loaded.stream().allMatch(ExperimentFiles.Loaded::ok) ? 0 : 2;
    }

    /**
     * A run length to try first: {@code durationS} scaled so that the estimate falls under {@link
     * #LONG_FRAMES}, rounded down to 1, 2 or 5 times a power of ten.
     */
    static double shorter(double durationS, double frames) {
        double target = durationS * LONG_FRAMES / frames;
        double power = Math.pow(10, Math.floor(Math.log10(target)));
        double mantissa = target / power;
        return (mantissa >= 5 ? 5 : mantissa >= 2 ? 2 : 1) * power;
    }

    /** From how many frames to simulate a run is called long. */
    static final double LONG_FRAMES = 1e8;

    /** Octets a frame takes on the wire beyond the MTU: Ethernet header and FCS, SecTAG and ICV, preamble and gap. */
    private static final int WIRE_OVERHEAD = 14 + 4 + 16 + 16 + 20;

    /**
     * About how many frames host a sends in one run of {@code e}: each UDP entry's datagrams over
     * {@code run.durationS} (warm-up included; a datagram is one frame, as it must fit the MTU),
     * and TCP filling what the link (or a WiFi station's air) leaves, in full-MTU frames. An estimate of the work, not
     * of any result: drops, retransmissions and ACKs are left out.
     */
    static double frames(Experiment e) {
        double seconds = e.run().durationS();
        double udp = 0;
        boolean tcp = false;
        for (Experiment.Traffic t : e.traffic()) {
            if (t instanceof Experiment.UdpTraffic u) {
                udp += u.rateMbps() * 1e6 * seconds / (8.0 * u.packetBytes());
            } else {
                tcp = true;
            }
        }
        if (!tcp) {
            return udp;
        }
        double mbps = e.wifi() != null ? e.wifi().airMbps() : e.link().rateGbps() * 1000;
        double line = mbps * 1e6 * seconds / (8.0 * (e.link().mtu() + WIRE_OVERHEAD));
        return Math.max(udp, line);
    }

    /** {@code 536 thousand}, {@code 1.61 million}: three significant digits in words. */
    static String amount(double n) {
        String[] names = {"", " thousand", " million", " billion", " trillion"};
        int k = 0;
        while (n >= 999.5 && k < names.length - 1) {
            n /= 1000;
            k++;
        }
        return general(n) + names[k];
    }

    private static String general(double v) {
        return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString();
    }
}
