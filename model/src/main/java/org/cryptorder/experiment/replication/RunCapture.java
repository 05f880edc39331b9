package org.cryptorder.experiment.replication;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.Set;
import org.cryptorder.experiment.wiring.Datapath;
import org.cryptorder.macsec.SecY;
import org.cryptorder.macsec.TxSa;
import org.cryptorder.net.Host;
import org.cryptorder.net.InterfaceCapture;

/**
 * The captures of one replication, as {@code tcpdump -w} on each host's two interfaces would have
 * taken them: {@code a-eth0}, {@code a-macsec0}, {@code b-eth0} and {@code b-macsec0}
 * ({@link InterfaceCapture}, where each sits: {@link org.cryptorder.net.FrameTap}), and the key of
 * each secure association, so that Wireshark can verify and decrypt the {@code eth0} captures.
 * Attaching it changes nothing the replication computes.
 */
public final class RunCapture {
    /** The captured interfaces, in the order their files are listed. */
    public static final List<String> INTERFACES = List.of("a-eth0", "a-macsec0", "b-eth0", "b-macsec0");
    /** The file of the secure associations' keys. */
    public static final String KEYS = "keys.txt";
    /** The file beside the captures that says what they hold. */
    public static final String README = "README.txt";

    private static final HexFormat HEX = HexFormat.of();

    /**
     * One secure association's key as {@code keys.txt} lists it.
     *
     * @param host the transmitting host, {@code a} or {@code b}
     * @param sci  its secure channel identifier
     * @param an   the association number
     * @param sak  the secure association key
     */
    public record SaKeyLine(String host, long sci, int an, byte[] sak) {
        /** {@code a 02000000000a0001 0 4f3c...}: host, SCI and SAK in hex. */
        public String line() {
            return host + " " + String.format(Locale.ROOT, "%016x", sci) + " " + an + " " + HEX.formatHex(sak);
        }
    }

    /** The capture formats: classic pcap (the default: every tool reads it) or pcapng, which carries comments. */
    public enum Format {
        PCAP("pcap"), PCAPNG("pcapng");

        private final String extension;

        Format(String extension) {
            this.extension = extension;
        }

        /** The files' extension, {@code pcap} or {@code pcapng}. */
        public String extension() {
            return extension;
        }
    }

    private final List<InterfaceCapture> captures = new ArrayList<>();
    /** What the model has to say of each host's frames, by host. */
    private final Map<String, CaptureNotes> notes = new TreeMap<>();
    private final List<SaKeyLine> keys = new ArrayList<>();
    private final int maxFrames;

    /** Captures that keep at most {@code maxFrames} frames each. */
    public RunCapture(int maxFrames) {
        this.maxFrames = maxFrames;
        for (String name : INTERFACES) {
            captures.add(new InterfaceCapture(name, maxFrames));
        }
    }

    /** Taps both hosts of {@code d} and notes the key of each transmit SA (a, then b). */
    void attach(Datapath d) {
        d.a().capture(capture("a-eth0"), capture("a-macsec0"));
        d.b().capture(capture("b-eth0"), capture("b-macsec0"));
        keys.clear();
        notes.clear();
        for (Host h : d.hosts()) {
            notes.put(h.name(), new CaptureNotes(h, maxFrames));
            SecY s = h.macsec().secy();
            int an = s.config().encodingSa();
            TxSa sa = s.txSa(an);
            keys.add(new SaKeyLine(h.name(), s.config().sci(), an, sa.key().sak()));
        }
    }

    /** The capture of {@code name}, one of {@link #INTERFACES}. */
    public InterfaceCapture capture(String name) {
        int i = INTERFACES.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no interface " + name + "; known: " + INTERFACES);
        }
        return captures.get(i);
    }

    /** The transmit SAs' keys, a then b (empty before the replication ran). */
    public List<SaKeyLine> keys() {
        return List.copyOf(keys);
    }

    /** Whether any capture was cut at its bound. */
    public boolean cut() {
        return captures.stream().anyMatch(InterfaceCapture::cut);
    }

    /**
     * Writes the four captures ({@code <interface>.pcap}) and {@value #README} into {@code dir},
     * created if missing, and returns the lines of the note on captures cut at their bound (empty
     * when none was).
     *
     * @param title what was captured, the README's first line
     */
    public List<String> write(Path dir, String title) throws IOException {
        return write(dir, title, Format.PCAP);
    }

    /**
     * What the model has to say of the frames host {@code host} received, by PN, as pcapng comments:
     * counted InPktsDelayed (seen on its MACsec device's tap) or dropped by its MACsec device, each
     * with how it was decrypted ({@link CaptureNotes}).
     */
    Map<Long, String> notes(String host) {
        return notes.containsKey(host) ? notes.get(host).received(capture(host + "-macsec0").delayed()) : Map.of();
    }

    /**
     * As {@link #write(Path, String)}, in {@code format}: pcapng files carry a comment on each
     * received frame the model counted InPktsDelayed or dropped on receive ({@link #notes}), and
     * name and describe their interface.
     */
    public List<String> write(Path dir, String title, Format format) throws IOException {
        Files.createDirectories(dir);
        List<String> readme = new ArrayList<>();
        readme.add(title);
        readme.add((format == Format.PCAP ? "Classic pcap" : "pcapng, with a comment on each received frame counted"
                + " InPktsDelayed or dropped by MACsec, and on each sent frame TCP retransmitted or the peer's RX ring"
                + " dropped (Wireshark:"
                + " frame.comment; how it was decrypted, what overtook it), and, on eth0, a file comment on the frames"
                + " dropped before the capture could see them") + ", nanosecond timestamps of the"
                + " simulated clock (simulated time 0 shows as 1970-01-01 00:00:00 UTC); frames from the destination"
                + " MAC address to the ICV, without FCS.");
        readme.add("eth0: the MACsec frames on the lower device, sent (first bit on the wire) and received (into an"
                + " RX ring); macsec0: the frames in the clear, passed down to the MACsec device or up from it"
                + " (decrypted).");
        readme.add("Keys of the secure associations: " + KEYS + " of the folder above (host, SCI, AN, SAK).");
        readme.add("");
        List<String> cutNotes = new ArrayList<>();
        for (InterfaceCapture c : captures) {
            String file = c.name() + "." + format.extension();
            if (format == Format.PCAP) {
                c.write(dir.resolve(file));
            } else {
                String host = c.name().substring(0, c.name().indexOf('-'));
                String device = c.name().substring(c.name().indexOf('-') + 1);
                boolean eth0 = device.equals("eth0");
                CaptureNotes own = notes.get(host);
                CaptureNotes peer = notes.get(host.equals("a") ? "b" : "a");
                c.writePcapng(dir.resolve(file), device + " of host " + host + (eth0
                        ? ": the MACsec frames on the lower device" : ": the frames in the clear at the MACsec device"),
                        notes(host), eth0 && peer != null ? CaptureNotes.sentAndLost(peer) : Map.of(),
                        eth0 && own != null ? own.missing() : List.of());
            }
            readme.add(String.format(Locale.ROOT, "%-15s %d frames (%d sent, %d received)", file,
                    c.kept(), c.keptSent(), c.kept() - c.keptSent()));
            if (c.cut()) {
                cutNotes.add(String.format(Locale.ROOT, "%s cut at %d frames: it holds the first %d of the %d"
                        + " that passed, up to %.6f s simulated (raise --pcap-frames for more)", file,
                        c.maxFrames(), c.kept(), c.seen(), c.lastNs() / 1e9));
            }
        }
        if (!cutNotes.isEmpty()) {
            readme.add("");
            readme.addAll(cutNotes);
        }
        Files.write(dir.resolve(README), readme, StandardCharsets.UTF_8);
        return cutNotes;
    }

    /**
     * Writes {@value #KEYS} into {@code dir}: one line per SA of the captures, without repeats, in
     * the order given (a, then b, for each configuration).
     */
    public static void writeKeys(Path dir, List<SaKeyLine> keys) throws IOException {
        Set<String> lines = new LinkedHashSet<>();
        for (SaKeyLine k : keys) {
            lines.add(k.line());
        }
        Files.createDirectories(dir);
        Files.write(dir.resolve(KEYS), lines, StandardCharsets.UTF_8);
    }
}
