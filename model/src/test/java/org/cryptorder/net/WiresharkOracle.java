package org.cryptorder.net;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Wireshark's own MACsec dissector as a test oracle: it reads a pcap file with the SAK and says,
 * frame by frame, whether the ICV verifies and what the frame decrypts to.
 *
 * <p>The dissector is libwireshark 4.4.5 compiled to WebAssembly (npm package
 * {@code @goodtools/wiregasm} 1.9.1), driven by the project's script
 * {@code wireshark/macsec-verify.cjs} under Node.js. On first use the package is installed with
 * {@code npm install --no-audit --no-fund} into a cache directory: {@code $CRYPTORDER_WIREGASM_HOME}
 * if set, otherwise {@code ~/.cache/cryptorder/wiregasm}. Node.js 18 or later and npm must be on
 * the {@code PATH}; when they are not, the oracle fails and says what to install (the tests that
 * use it carry the tag {@code wireshark}; leave them out with
 * {@code -Dcryptorder.excludedGroups=wireshark}).
 *
 * <p>What Wireshark 4.4's MACsec dissector ({@code epan/dissectors/packet-macsec.c}) can and
 * cannot judge:
 * <ul>
 *   <li>One pre-shared key (preference {@code macsec.psk}), GCM-AES-128 only: no GCM-AES-256, no
 *       XPN suites, no key per SA or per direction. All frames of a capture are judged with the
 *       one key; frames protected with another key come out {@link AuthStatus#BAD}.</li>
 *   <li>Only frames whose SecTAG carries the SCI verify (SC bit set: Linux's default
 *       {@code send_sci on}). The dissector always builds the IV and, for encrypted frames, the
 *       28-octet AAD as if the SCI were there, so frames without it come out BAD even with the
 *       right key.</li>
 *   <li>Only 16-octet ICVs (Linux's default). A frame with the C bit set counts as encrypted
 *       whether or not E is set.</li>
 *   <li>The secure data is copied into fixed 1500-octet buffers. Frames of a 1500-octet MTU
 *       (1502 octets of secure data) and up to about 2000 octets still verify here, but a
 *       9000-octet jumbo frame corrupts the WebAssembly heap and the run fails.</li>
 *   <li>It reports {@code macsec.auth_status} (0 BAD, 1 GOOD, 2 UNVERIFIED), the SecTAG fields,
 *       the ICV and the secure data as carried. For encrypted frames that verify it also gives
 *       the decrypted secure data (field {@code macsec.decrypted_data}, data source "Decrypted
 *       Data"). Frames that verify, and integrity-only frames even when they do not, are handed
 *       on to the inner EtherType dissector ({@code macsec.etype}, then IP, UDP, TCP, with their
 *       checksums checked because the script turns that on). Encrypted frames that fail are
 *       not decrypted.</li>
 *   <li>It keeps no replay state: PN order, duplicate PNs and late frames are not judged.</li>
 * </ul>
 *
 * <p>Speed, as {@code WiresharkCaptureTest} took on the 2-core build machine (2026-12-01, its
 * surefire report): a capture of a few frames 1.7 to 2.0 s a verification, nearly all of it
 * starting the WebAssembly module; 1000 frames described one by one and then verified again
 * with {@link Detail#FRAMES_NOT_GOOD}, 7.05 s for both together. Describing each frame is what
 * grows with the capture, so {@code FRAMES_NOT_GOOD} makes large captures cheaper when only
 * failures need a close look. The first use adds the npm install (a 39 MB download, 88 MB
 * unpacked).
 */
public final class WiresharkOracle {

    /** Environment variable naming the directory the npm package is installed into. */
    public static final String HOME_ENV = "CRYPTORDER_WIREGASM_HOME";
    /** The npm package holding libwireshark compiled to WebAssembly. */
    public static final String PACKAGE = "@goodtools/wiregasm";

    private static final String RESOURCES = "/wireshark/";
    private static final String SCRIPT = "macsec-verify.cjs";
    private static final String PACKAGE_JSON = "package.json";
    private static final int MIN_NODE_MAJOR = 18;
    private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(10);
    private static final Duration RUN_TIMEOUT = Duration.ofMinutes(10);
    private static final HexFormat HEX = HexFormat.of();
    private static final String MISSING_NODE = "The Wireshark oracle needs Node.js (node %d or later) and npm"
            + " on the PATH (%s). Install them, e.g. 'apt-get install nodejs npm' on Debian, or leave out"
            + " the Wireshark tests with -Dcryptorder.excludedGroups=wireshark.";

    private final Path home;
    private final String node;
    private final String npm;
    private final ObjectMapper json = new ObjectMapper();

    /** Which frames the oracle describes one by one; the totals always cover every frame. */
    public enum Detail {
        /** Every frame of the capture. */
        ALL_FRAMES(""),
        /** Only frames that are not MACsec frames verified GOOD. */
        FRAMES_NOT_GOOD("!(macsec.auth_status == 1)");

        private final String displayFilter;

        Detail(String displayFilter) {
            this.displayFilter = displayFilter;
        }
    }

    /** Wireshark's {@code macsec.auth_status}, or {@link #NONE} for a frame without SecTAG. */
    public enum AuthStatus {
        /** The ICV did not verify with the key (status 0). */
        BAD,
        /** The ICV verified with the key (status 1). */
        GOOD,
        /** No key was available to check the ICV (status 2). */
        UNVERIFIED,
        /** The frame carried no SecTAG, so the dissector gave no status. */
        NONE
    }

    /**
     * What Wireshark made of one frame. Fields the frame does not have are -1 (numbers) or the
     * empty string (octet strings, in lowercase hex).
     *
     * @param number the frame's number in the capture, from 1
     * @param protocols Wireshark's protocol stack, e.g. {@code eth:ethertype:macsec:data:ethertype:ip:udp:data}
     * @param auth the ICV verdict
     * @param pn the packet number in the SecTAG
     * @param tciAn the TCI/AN octet as sent (V, ES, SC, SCB, E, C bits and the AN)
     * @param shortLength the SL field
     * @param sciHex the SCI (MAC address and port) if the SecTAG carries it
     * @param icvHex the ICV
     * @param innerEtherType the EtherType of the protected payload, when Wireshark handed it on
     * @param secureDataHex the secure data as carried, between SecTAG and ICV (ciphertext if E=1)
     * @param decryptedHex the decrypted secure data (inner EtherType and payload), for encrypted
     *     frames that verified
     * @param expertErrors Wireshark's error-severity expert messages, e.g. a bad IP checksum
     */
    public record FrameVerdict(
            int number,
            String protocols,
            AuthStatus auth,
            long pn,
            int tciAn,
            int shortLength,
            String sciHex,
            String icvHex,
            int innerEtherType,
            String secureDataHex,
            String decryptedHex,
            List<String> expertErrors) {

        /** Copies the expert messages. */
        public FrameVerdict {
            expertErrors = List.copyOf(expertErrors);
        }

        /** Returns whether the frame has a SecTAG at all. */
        public boolean macsec() {
            return tciAn >= 0;
        }

        /** Returns the E bit: the secure data is encrypted. */
        public boolean encrypted() {
            return macsec() && (tciAn & 0x08) != 0;
        }

        /** Returns the C bit: the secure data is changed text. */
        public boolean changed() {
            return macsec() && (tciAn & 0x04) != 0;
        }

        /** Returns the association number, or -1 for a frame without SecTAG. */
        public int an() {
            return macsec() ? tciAn & 0x03 : -1;
        }

        /**
         * Returns the protected user data in the clear (inner EtherType and payload) as Wireshark
         * saw it: the decrypted secure data for encrypted frames, the secure data itself for
         * integrity-only ones; empty when the frame was encrypted and did not verify.
         */
        public String plaintextHex() {
            return encrypted() ? decryptedHex : secureDataHex;
        }

        /** Returns whether Wireshark dissected {@code protocol} (e.g. "ip", "udp") in this frame. */
        public boolean dissected(String protocol) {
            return Arrays.asList(protocols.split(":")).contains(protocol);
        }
    }

    /**
     * The oracle's judgement of a capture.
     *
     * @param wiresharkVersion version of libwireshark that judged (4.4.5)
     * @param fileType the capture format as Wireshark recognised it
     * @param frames number of frames in the capture
     * @param macsec frames with a SecTAG
     * @param good frames whose ICV verified
     * @param bad frames whose ICV did not verify
     * @param unverified frames with a SecTAG that could not be checked
     * @param decrypted frames Wireshark decrypted
     * @param expertErrors frames with at least one error-severity expert message
     * @param verdicts the frames chosen by {@link Detail}, in capture order
     * @param elapsed wall-clock time of the node run
     */
    public record Report(
            String wiresharkVersion,
            String fileType,
            int frames,
            int macsec,
            int good,
            int bad,
            int unverified,
            int decrypted,
            int expertErrors,
            List<FrameVerdict> verdicts,
            Duration elapsed) {

        /** Copies the verdicts. */
        public Report {
            verdicts = List.copyOf(verdicts);
        }

        /** Returns the verdict on frame {@code number} (from 1), if that frame was described. */
        public Optional<FrameVerdict> verdict(int number) {
            return verdicts.stream().filter(v -> v.number() == number).findFirst();
        }
    }

    /**
     * An oracle whose npm package lives in {@code home}.
     *
     * @param home cache directory; created and filled on first use
     */
    public WiresharkOracle(Path home) {
        this(home, "node", "npm");
    }

    /** An oracle running the given commands for node and npm (tests use this for missing tools). */
    WiresharkOracle(Path home, String node, String npm) {
        this.home = home.toAbsolutePath();
        this.node = node;
        this.npm = npm;
    }

    /**
     * An oracle using {@code $CRYPTORDER_WIREGASM_HOME}, or {@code ~/.cache/cryptorder/wiregasm}.
     *
     * @return the oracle
     */
    public static WiresharkOracle atDefaultHome() {
        String override = System.getenv(HOME_ENV);
        if (override != null && !override.isBlank()) {
            return new WiresharkOracle(Path.of(override));
        }
        return new WiresharkOracle(Path.of(System.getProperty("user.home"), ".cache", "cryptorder", "wiregasm"));
    }

    /** Whether node (18 or later) and npm run here. */
    public boolean toolsPresent() {
        try {
            requireNode();
            return runTool(npm, List.of("--version"), null, Duration.ofSeconds(60)).exitCode() == 0;
        } catch (IllegalStateException e) {
            return false;
        }
    }

    /** Whether the npm package is already installed in {@link #home()} at the version the oracle needs. */
    public boolean packageInstalled() throws IOException {
        String version;
        try (InputStream in = resource(PACKAGE_JSON)) {
            version = json.readTree(in).path("dependencies").path(PACKAGE).asText();
        }
        return installed(home.resolve("node_modules").resolve(PACKAGE), version);
    }

    /** Returns the cache directory holding the npm package. */
    public Path home() {
        return home;
    }

    /**
     * Judges every frame of a capture and describes each one.
     *
     * @param pcap a classic pcap file of Ethernet frames
     * @param key the GCM-AES-128 SAK, 16 octets
     * @return the totals and one verdict per frame
     * @throws IOException if the oracle cannot be installed or run
     */
    public Report verify(Path pcap, byte[] key) throws IOException {
        return verify(pcap, key, Detail.ALL_FRAMES);
    }

    /**
     * Judges every frame of a capture and describes the frames chosen by {@code detail}.
     *
     * @param pcap a classic pcap file of Ethernet frames
     * @param key the GCM-AES-128 SAK, 16 octets
     * @param detail which frames to describe one by one
     * @return the totals and the verdicts
     * @throws IOException if the oracle cannot be installed or run
     */
    public Report verify(Path pcap, byte[] key, Detail detail) throws IOException {
        if (key.length != 16) {
            throw new IllegalArgumentException(
                    "Wireshark's MACsec dissector takes one GCM-AES-128 key (16 octets), not " + key.length);
        }
        requireNode();
        Path module = ensureInstalled();
        Path script = install(SCRIPT);
        List<String> args = new ArrayList<>(List.of(script.toString(),
                "--wiregasm", module.toString(), "--key", HEX.formatHex(key)));
        if (!detail.displayFilter.isEmpty()) {
            args.addAll(List.of("--detail", detail.displayFilter));
        }
        args.add(pcap.toAbsolutePath().toString());

        long start = System.nanoTime();
        Run run = runTool(node, args, home, RUN_TIMEOUT);
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        if (run.exitCode() != 0) {
            throw new IOException("Wireshark oracle failed (exit " + run.exitCode() + "): " + run.stderr());
        }
        return parse(run.stdout(), elapsed, run.stderr());
    }

    /**
     * Installs the npm package into {@link #home()} unless the right version is already there.
     *
     * @return the installed package directory
     * @throws IOException if npm is missing or the installation fails
     */
    public Path ensureInstalled() throws IOException {
        String version;
        try (InputStream in = resource(PACKAGE_JSON)) {
            version = json.readTree(in).path("dependencies").path(PACKAGE).asText();
        }
        Path module = home.resolve("node_modules").resolve(PACKAGE);
        if (installed(module, version)) {
            return module;
        }
        Files.createDirectories(home);
        try (FileChannel channel = FileChannel.open(home.resolve(".install.lock"),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            FileLock lock = channel.lock(); // another JVM may be installing into the same home
            try {
                if (installed(module, version)) {
                    return module;
                }
                install(PACKAGE_JSON);
                Run run = runTool(npm, List.of("install", "--no-audit", "--no-fund"), home, INSTALL_TIMEOUT);
                if (run.exitCode() != 0 || !installed(module, version)) {
                    throw new IOException(String.format(Locale.ROOT,
                            "npm install of %s@%s in %s failed (exit %d): %s%n%s",
                            PACKAGE, version, home, run.exitCode(), run.stdout(), run.stderr()));
                }
                return module;
            } finally {
                lock.release();
            }
        }
    }

    private boolean installed(Path module, String version) throws IOException {
        Path manifest = module.resolve(PACKAGE_JSON);
        if (!Files.isRegularFile(manifest)
                || !Files.isRegularFile(module.resolve("dist").resolve("wiregasm.wasm"))
                || !Files.isRegularFile(module.resolve("dist").resolve("main.js"))) {
            return false;
        }
        return version.equals(json.readTree(manifest.toFile()).path("version").asText());
    }

    /** Copies a bundled resource into the home directory (atomically) and returns its path. */
    private Path install(String name) throws IOException {
        Files.createDirectories(home);
        Path target = home.resolve(name);
        byte[] content;
        try (InputStream in = resource(name)) {
            content = in.readAllBytes();
        }
        if (Files.isRegularFile(target) && Arrays.equals(Files.readAllBytes(target), content)) {
            return target;
        }
        Path tmp = Files.createTempFile(home, name, ".tmp");
        try {
            Files.write(tmp, content);
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        return target;
    }

    private static InputStream resource(String name) throws IOException {
        InputStream in = WiresharkOracle.class.getResourceAsStream(RESOURCES + name);
        if (in == null) {
            throw new IOException("test resource " + RESOURCES + name + " is missing");
        }
        return in;
    }

    private void requireNode() {
        Run version = runTool(node, List.of("--version"), null, Duration.ofSeconds(60));
        Matcher m = Pattern.compile("^v(\\d+)\\.").matcher(version.stdout().strip());
        if (version.exitCode() != 0 || !m.find() || Integer.parseInt(m.group(1)) < MIN_NODE_MAJOR) {
            throw new IllegalStateException(String.format(Locale.ROOT, MISSING_NODE, MIN_NODE_MAJOR,
                    "node --version says '" + version.stdout().strip() + "'"));
        }
    }

    private record Run(int exitCode, String stdout, String stderr) {}

    /**
     * Runs {@code tool} with its output in temporary files, so that no pipe can fill up and block
     * it. A tool that cannot be started at all is reported as missing, with what to install.
     */
    private static Run runTool(String tool, List<String> args, Path dir, Duration timeout) {
        List<String> command = new ArrayList<>();
        command.add(tool);
        command.addAll(args);
        try {
            Path out = Files.createTempFile("cryptorder-oracle", ".out");
            Path err = Files.createTempFile("cryptorder-oracle", ".err");
            try {
                ProcessBuilder builder = new ProcessBuilder(command)
                        .redirectOutput(out.toFile())
                        .redirectError(err.toFile());
                if (dir != null) {
                    builder.directory(dir.toFile());
                }
                Process p;
                try {
                    p = builder.start();
                } catch (IOException e) {
                    throw new IllegalStateException(String.format(Locale.ROOT, MISSING_NODE, MIN_NODE_MAJOR,
                            "cannot run " + tool + ": " + e.getMessage()), e);
                }
                p.getOutputStream().close();
                if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    p.destroyForcibly();
                    throw new IllegalStateException(tool + " did not finish within " + timeout + ": " + command);
                }
                return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("running " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + command, e);
        }
    }

    private Report parse(String stdout, Duration elapsed, String stderr) throws IOException {
        JsonNode summary = null;
        boolean complete = false;
        List<FrameVerdict> verdicts = new ArrayList<>();
        for (String line : stdout.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode n = json.readTree(line);
            switch (n.path("type").asText()) {
                case "summary" -> summary = n;
                case "frame" -> verdicts.add(verdict(n));
                case "end" -> complete = true;
                default -> throw new IOException("unexpected oracle output: " + line);
            }
        }
        if (summary == null || !complete) {
            throw new IOException("Wireshark oracle output is incomplete; stderr: " + stderr);
        }
        return new Report(
                summary.path("wireshark").asText(),
                summary.path("fileType").asText(),
                (int) number(summary, "frames"),
                (int) number(summary, "macsec"),
                (int) number(summary, "good"),
                (int) number(summary, "bad"),
                (int) number(summary, "unverified"),
                (int) number(summary, "decrypted"),
                (int) number(summary, "expertErrors"),
                verdicts,
                elapsed);
    }

    private static FrameVerdict verdict(JsonNode n) {
        List<String> errors = new ArrayList<>();
        n.path("expertErrors").forEach(e -> errors.add(e.asText()));
        return new FrameVerdict(
                (int) number(n, "number"),
                text(n, "protocols"),
                AuthStatus.valueOf(n.path("auth").asText()),
                number(n, "pn"),
                (int) number(n, "tciAn"),
                (int) number(n, "sl"),
                text(n, "sci"),
                text(n, "icv"),
                (int) number(n, "etype"),
                text(n, "secureData"),
                text(n, "decrypted"),
                errors);
    }

    private static long number(JsonNode n, String field) {
        JsonNode v = n.path(field);
        return v.isIntegralNumber() ? v.asLong() : -1;
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.path(field);
        return v.isTextual() ? v.asText() : "";
    }
}
