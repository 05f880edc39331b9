package org.cryptorder.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.replication.RunCapture;
import org.cryptorder.net.InterfaceCapture;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --pcap DIR [--pcap-frames N]} of {@code run} and {@code explain}: replication 0 of a
 * configuration captured on both hosts' interfaces ({@link RunCapture}) into
 * {@code DIR/<configuration>/}, with the SAs' keys in {@code DIR/keys.txt}.
 */
final class PcapOptions {
    /** The most frames a capture file may be asked to keep (each is held in memory until written). */
    static final int MAX_FRAMES = 200_000;

    @Option(names = "--pcap", paramLabel = "DIR",
            description = "Also capture replication 0 of each configuration into DIR/<configuration>/:"
                    + " a-eth0.pcap, b-eth0.pcap (MACsec frames on each host's lower device), a-macsec0.pcap,"
                    + " b-macsec0.pcap (frames in the clear at each MACsec device), and DIR/keys.txt with the SAs'"
                    + " keys for Wireshark (see docs/wireshark.md).")
    Path dir;

    @Option(names = "--pcap-frames", paramLabel = "N",
            description = "The most frames each capture file keeps; the first N are kept and the cut is noted"
                    + " (default: " + InterfaceCapture.DEFAULT_MAX_FRAMES + ").")
    Integer frames;

    @Option(names = "--pcap-format", paramLabel = "F",
            description = "The captures' format F: pcap (the default: tcpdump and every tool read it) or pcapng, which names each interface and"
                    + " carries a comment on each received frame the model counted InPktsDelayed or dropped on receive.")
    String format;

    /** The capture format asked for (pcap unless --pcap-format says pcapng). */
    RunCapture.Format format() {
        return "pcapng".equals(format) ? RunCapture.Format.PCAPNG : RunCapture.Format.PCAP;
    }

    /** Whether captures were asked for; checks the options' values (bad usage: exit 2). */
    boolean on(CommandSpec spec) {
        if (format != null) {
            if (!format.equals("pcap") && !format.equals("pcapng")) {
                throw new ParameterException(spec.commandLine(), "--pcap-format: pcap or pcapng, got " + format);
            }
            if (dir == null) {
                throw new ParameterException(spec.commandLine(), "--pcap-format needs --pcap DIR");
            }
        }
        if (frames != null) {
            new OptionRange("--pcap-frames", 1, MAX_FRAMES).check(spec, frames);
            if (dir == null) {
                throw new ParameterException(spec.commandLine(), "--pcap-frames needs --pcap DIR");
            }
        }
        return dir != null;
    }

    /** Refuses captures of an experiment without MACsec frames (bad usage: exit 2). */
    void checkCapturable(CommandSpec spec, ExperimentFile f) {
        if (dir != null && f.experiment().wifi() != null) {
            throw new ParameterException(spec.commandLine(), "--pcap: " + f.file() + " is a WiFi station experiment;"
                    + " it has no MACsec frames to capture");
        }
    }

    /** A capture bounded as asked. */
    RunCapture newCapture() {
        return new RunCapture(frames == null ? InterfaceCapture.DEFAULT_MAX_FRAMES : frames);
    }

    /** Where the captures of configuration {@code k} go under {@code root}. */
    static Path folder(Path root, int k) {
        return root.resolve(Integer.toString(k));
    }

    /**
     * Writes the captures of {@code run} into {@code root/<k>/} and says so on {@code out}, with the
     * note of any capture cut at its bound.
     */
    static void write(Path root, ExperimentFile f, ResolvedRun run, RunCapture c, RunCapture.Format format,
                      PrintWriter out) throws IOException {
        Path folder = folder(root, run.index());
        String title = f.experiment().name() + ": replication 0 of configuration " + run.index()
                + (f.sweepKeys().isEmpty() ? "" : " (" + run.point().label() + ")") + ", seed "
                + f.experiment().run().seed();
        List<String> cut = c.write(folder, title, format);
        out.println("# captures of configuration " + run.index() + ": " + folder + "/{"
                + String.join(",", RunCapture.INTERFACES) + "}." + format.extension());
        for (String note : cut) {
            out.println("# " + note);
        }
    }

    /** Writes {@code root/keys.txt} and says so. */
    static void writeKeys(Path root, List<RunCapture.SaKeyLine> keys, PrintWriter out) throws IOException {
        RunCapture.writeKeys(root, keys);
        out.println("# keys of the secure associations: " + root.resolve(RunCapture.KEYS)
                + " (host, SCI, AN, SAK; docs/wireshark.md)");
        out.flush();
    }
}
