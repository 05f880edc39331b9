package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.cryptorder.macsec.Sci;
import org.cryptorder.macsec.Vectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code frame protect} and {@code frame unprotect} reproduce every IEEE 802.1AE vector; bad flags exit 2. */
class FrameCommandTest {
    private static final HexFormat HEX = HexFormat.of();

    static List<Vectors.Vector> vectors() {
        return Vectors.all();
    }

    static List<String> flags(Vectors.Vector v, String command, byte[] frame) {
        List<String> a = new ArrayList<>(List.of("frame", command, "--suite", v.suite().displayName(),
                "--key", HEX.formatHex(v.key()), "--sci", Sci.toHex(v.sci()), "--pn", Long.toUnsignedString(v.pn()),
                "--an", Integer.toString(v.an()), "--frame", HEX.formatHex(frame)));
        if (v.suite().xpn()) {
            a.addAll(List.of("--ssci", String.format("%08x", v.ssci()), "--salt", HEX.formatHex(v.salt())));
        }
        if (!v.encrypt()) {
            a.add("--no-encrypt");
        }
        if (!v.includeSci()) {
            a.add("--no-sci");
        }
        if (v.es()) {
            a.add("--es");
        }
        return a;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void protectPrintsTheVectorsProtectedFrame(Vectors.Vector v) {
        CliRun r = CliRun.of(flags(v, "protect", v.plaintext()).toArray(String[]::new));
        assertThat(r.err()).isEmpty();
        assertThat(r.status()).isZero();
        assertThat(r.out()).isEqualTo(HEX.formatHex(v.protectedFrame()) + System.lineSeparator());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void unprotectPrintsThePlaintextFrame(Vectors.Vector v) {
        CliRun r = CliRun.of(flags(v, "unprotect", v.protectedFrame()).toArray(String[]::new));
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out().strip()).isEqualTo(HEX.formatHex(v.plaintext()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void unprotectExitsOneWhenTheIcvDoesNotVerify(Vectors.Vector v) {
        byte[] damaged = v.protectedFrame().clone();
        damaged[damaged.length - 3] ^= 0x10;
        CliRun r = CliRun.of(flags(v, "unprotect", damaged).toArray(String[]::new));
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("ICV does not verify");
    }

    @Test
    void badFlagsExitTwoWithOneLineNamingTheFlag() {
        Vectors.Vector v = Vectors.all().get(0);
        String[][] cases = {
            {"--key", "abcd"},
            {"--key", "zz7a2bd03eac835a6f620fdcb506b345"},
            {"--suite", "GCM-AES-512"},
            {"--pn", "0"},
            {"--pn", "4294967296"},
            {"--pn", "twelve"},
            {"--an", "4"},
            {"--sci", "1234"},
            {"--frame", "d609b1f0566"},
            {"--frame", "d609b1f0"},
            {"--icv-len", "10"},
            {"--ssci", "7a30c118"},
            {"--es", null},
        };
        for (String[] c : cases) {
            List<String> a = flags(v, "protect", v.plaintext());
            int i = a.indexOf(c[0]);
            if (c[1] == null) {
                a.add(c[0]);
            } else if (i >= 0) {
                a.set(i + 1, c[1]);
            } else {
                a.addAll(List.of(c[0], c[1]));
            }
            CliRun r = CliRun.of(a.toArray(String[]::new));
            assertThat(r.status()).as("%s %s", c[0], c[1]).isEqualTo(2);
            assertThat(r.err()).as("%s %s", c[0], c[1]).contains(c[0]).doesNotContain("Exception").doesNotContain("\tat ");
            assertThat(r.err().lines().count()).as(r.err()).isEqualTo(2);  // the message and a --help hint
            assertThat(r.out()).isEmpty();
        }
    }

    @Test
    void protectRefusesInputItsSecYWouldDropWithExitTwo() {
        Vectors.Vector xpn = Vectors.all().stream().filter(x -> x.suite().xpn()).findFirst().orElseThrow();
        List<String> pnZero = flags(xpn, "protect", xpn.plaintext());
        pnZero.set(pnZero.indexOf("--pn") + 1, "0");
        Vectors.Vector v = Vectors.all().get(0);
        byte[] huge = new byte[14 + 65530];
        System.arraycopy(v.plaintext(), 0, huge, 0, 14);
        for (List<String> a : List.of(pnZero, flags(v, "protect", huge))) {
            CliRun r = CliRun.of(a.toArray(String[]::new));
            assertThat(r.status()).as(r.err()).isEqualTo(2);
            assertThat(r.err().lines()).hasSize(2);
            assertThat(r.err()).startsWith("cryptorder frame protect: " + (a == pnZero ? "--pn: " : "--frame: "))
                    .doesNotContain("NOT_OPERATIONAL", "TOO_LONG", "Exception");
            assertThat(r.out()).isEmpty();
        }
        CliRun tooLong = CliRun.of(flags(v, "protect", huge).toArray(String[]::new));
        assertThat(tooLong.err()).contains("65576 octets", "65535");
    }

    @Test
    void protectCanWriteTheFrameToACapture(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        Vectors.Vector v = Vectors.all().get(0);
        java.nio.file.Path file = dir.resolve("one.pcap");
        List<String> a = flags(v, "protect", v.plaintext());
        a.addAll(List.of("--pcap", file.toString()));
        CliRun r = CliRun.of(a.toArray(String[]::new));
        assertThat(r.status()).isZero();
        var records = org.cryptorder.net.PcapReader.readAll(file);
        assertThat(records).hasSize(1);
        assertThat(records.get(0).data()).isEqualTo(v.protectedFrame());
        List<String> bad = flags(v, "protect", v.plaintext());
        bad.addAll(List.of("--pcap", dir.resolve("no/such/dir/x.pcap").toString()));
        CliRun r2 = CliRun.of(bad.toArray(String[]::new));
        assertThat(r2.status()).isEqualTo(2);
        assertThat(r2.err()).contains("--pcap");
    }

    @Test
    void unknownOptionsAndMissingRequiredOnesExitTwo() {
        assertThat(CliRun.of("frame", "protect", "--bogus").status()).isEqualTo(2);
        CliRun r = CliRun.of("frame", "protect", "--frame", "00");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("--key");
    }

    @Test
    void xpnWithoutSaltNamesTheMissingFlag() {
        Vectors.Vector v = Vectors.all().stream().filter(x -> x.suite().xpn()).findFirst().orElseThrow();
        List<String> a = flags(v, "protect", v.plaintext());
        int i = a.indexOf("--salt");
        a.remove(i + 1);
        a.remove(i);
        CliRun r = CliRun.of(a.toArray(String[]::new));
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("--salt");
    }

    @Test
    void unprotectRejectsAFrameThatIsNotMacsec() {
        Vectors.Vector v = Vectors.all().get(0);
        CliRun r = CliRun.of(flags(v, "unprotect", v.plaintext()).toArray(String[]::new));
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("--frame").contains("not a MACsec frame");
    }
}
