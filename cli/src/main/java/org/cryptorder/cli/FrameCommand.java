package org.cryptorder.cli;

import java.util.HexFormat;
import java.util.Locale;
import org.cryptorder.macsec.CipherSuite;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.macsec.RxVerdict;
import org.cryptorder.macsec.SaKey;
import org.cryptorder.macsec.Sci;
import org.cryptorder.macsec.SecTag;
import org.cryptorder.macsec.SecY;
import org.cryptorder.macsec.SecYConfig;
import org.cryptorder.macsec.TxVerdict;
import org.cryptorder.net.PcapWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code cryptorder frame protect|unprotect}: one MACsec frame by hand, through the model's own SecY. */
@Command(name = "frame", description = "Protect or unprotect one MACsec frame by hand (hex in, hex out).",
        mixinStandardHelpOptions = true, subcommands = {FrameCommand.Protect.class, FrameCommand.Unprotect.class})
final class FrameCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "say 'protect' or 'unprotect'");
    }

    private static final HexFormat HEX = HexFormat.of();

    /** The lower device's MTU for protect: the largest IPv4 or IPv6 packet, so that only a frame no device carries is refused. */
    private static final int LOWER_MTU = 65535;

    /** The options both directions share, so a protect command line can be reused to unprotect. */
    static final class SaOptions {
        @Option(names = "--suite", paramLabel = "SUITE", defaultValue = "GCM-AES-128",
                description = "Cipher suite: GCM-AES-128, GCM-AES-256, GCM-AES-XPN-128 or GCM-AES-XPN-256 (default: ${DEFAULT-VALUE}).")
        String suite;

        @Option(names = "--key", paramLabel = "HEX", required = true,
                description = "Secure association key: 32 hex digits (128-bit suites) or 64 (256-bit).")
        String key;

        @Option(names = "--sci", paramLabel = "HEX",
                description = "Secure channel identifier, 16 hex digits (MAC address and port) of the sending SecY.")
        String sci;

        @Option(names = "--pn", paramLabel = "PN", defaultValue = "1",
                description = "Packet number, decimal or 0x-hex; 64-bit for the XPN suites (default: ${DEFAULT-VALUE}). "
                        + "For unprotect, the receiving SA's next PN, from which XPN recovers the upper half.")
        String pn;

        @Option(names = "--ssci", paramLabel = "HEX", description = "Short SCI, 8 hex digits (XPN suites only).")
        String ssci;

        @Option(names = "--salt", paramLabel = "HEX", description = "Salt, 24 hex digits (XPN suites only).")
        String salt;

        @Option(names = "--an", paramLabel = "AN", defaultValue = "0", description = "Association number 0-3 (default: ${DEFAULT-VALUE}).")
        int an;

        @Option(names = "--icv-len", paramLabel = "OCTETS", defaultValue = "16",
                description = "ICV length: 16 (default), 8, or 12-15; not 16 sets the C bit on integrity-only frames.")
        int icvLen;

        @Option(names = "--no-encrypt", description = "Integrity only (E and C clear): the whole frame is authenticated, nothing encrypted.")
        boolean noEncrypt;

        @Option(names = "--no-sci", description = "Do not carry the SCI in the SecTAG.")
        boolean noSci;

        @Option(names = "--es", description = "Set the ES (end station) bit; only without the SCI.")
        boolean es;

        @Option(names = "--frame", paramLabel = "HEX", required = true,
                description = "The frame in hex (DA SA EtherType payload for protect; the protected frame for unprotect).")
        String frame;

        CipherSuite suite(CommandSpec spec) {
            try {
                return CipherSuite.fromName(suite);
            } catch (IllegalArgumentException e) {
                throw bad(spec, "--suite", e.getMessage());
            }
        }

        SaKey saKey(CommandSpec spec) {
            CipherSuite s = suite(spec);
            byte[] k = hex(spec, "--key", key);
            if (k.length != s.keyBytes()) {
                throw bad(spec, "--key", s + " needs a " + s.keyBytes() * 8 + "-bit key (" + s.keyBytes() * 2
                        + " hex digits), got " + k.length * 2 + " digits");
            }
            if (!s.xpn()) {
                if (ssci != null || salt != null) {
                    throw bad(spec, ssci != null ? "--ssci" : "--salt", "only the XPN suites take an SSCI and a salt");
                }
                return SaKey.of(s, k);
            }
            if (ssci == null || salt == null) {
                throw bad(spec, ssci == null ? "--ssci" : "--salt", s + " needs --ssci (8 hex digits) and --salt (24 hex digits)");
            }
            byte[] sc = hex(spec, "--ssci", ssci);
            if (sc.length != 4) {
                throw bad(spec, "--ssci", "the SSCI is 8 hex digits, got " + sc.length * 2);
            }
            byte[] sa = hex(spec, "--salt", salt);
            if (sa.length != SaKey.SALT_LEN) {
                throw bad(spec, "--salt", "the salt is 24 hex digits, got " + sa.length * 2);
            }
            int ssciValue = ((sc[0] & 0xff) << 24) | ((sc[1] & 0xff) << 16) | ((sc[2] & 0xff) << 8) | (sc[3] & 0xff);
            return SaKey.ofXpn(s, k, ssciValue, sa);
        }

        long pn(CommandSpec spec, CipherSuite s) {
            long v;
            try {
                String t = pn.trim().toLowerCase(Locale.ROOT);
                v = t.startsWith("0x") ? Long.parseUnsignedLong(t.substring(2), 16) : Long.parseUnsignedLong(t);
            } catch (NumberFormatException e) {
                throw bad(spec, "--pn", "expected a packet number (decimal or 0x-hex), got '" + pn + "'");
            }
            if (!s.xpn() && (v == 0 || Long.compareUnsigned(v, 0xffffffffL) > 0)) {
                throw bad(spec, "--pn", "without XPN the PN is 1 to 4294967295, got " + Long.toUnsignedString(v));
            }
            if (v == 0) {  // Linux refuses an SA with PN 0 (validate_add_txsa, validate_add_rxsa)
                throw bad(spec, "--pn", "the PN is 1 to 18446744073709551615 with XPN, got 0");
            }
            return v;
        }

        long sci(CommandSpec spec) {
            try {
                long v = Sci.parse(sci);
                if (v == 0) {
                    throw bad(spec, "--sci", "SCI 0 is reserved");
                }
                return v;
            } catch (IllegalArgumentException e) {
                throw bad(spec, "--sci", e.getMessage());
            }
        }

        void checkCommon(CommandSpec spec) {
            if (an < 0 || an > 3) {
                throw bad(spec, "--an", "the association number is 0 to 3, got " + an);
            }
            if (!SecTag.validIcvLen(icvLen)) {
                throw bad(spec, "--icv-len", "Linux accepts ICV lengths 8 and 12 to 16, got " + icvLen);
            }
            if (es && !noSci) {
                throw bad(spec, "--es", "the ES bit may be set only without the SCI (add --no-sci)");
            }
        }

        byte[] frame(CommandSpec spec) {
            return hex(spec, "--frame", frame);
        }
    }

    @Command(name = "protect", mixinStandardHelpOptions = true,
            description = {"Protect one frame as a Linux SecY would; prints the protected frame as hex.",
                "Exit status: 0 done, 2 a bad flag, or a frame the SecY would not send (PN 0, or too long once"
                    + " protected)."})
    static final class Protect implements java.util.concurrent.Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        SaOptions o;

        @Option(names = "--pcap", paramLabel = "FILE",
                description = "Also write the protected frame to FILE as a one-frame pcap capture (for Wireshark or tshark).")
        java.nio.file.Path pcap;

        @Override
        public Integer call() {
            o.checkCommon(spec);
            if (o.sci == null) {
                throw bad(spec, "--sci", "protect needs the sending SecY's SCI (16 hex digits)");
            }
            SaKey key = o.saKey(spec);
            CipherSuite suite = key.suite();
            byte[] plain = o.frame(spec);
            if (plain.length < SecTag.ETH_HLEN) {
                throw bad(spec, "--frame", "an Ethernet frame has at least 14 octets (DA, SA, EtherType), got " + plain.length);
            }
            SecYConfig cfg = SecYConfig.linuxDefaults(o.sci(spec)).withSuite(suite).withEncrypt(!o.noEncrypt)
                    .withIcvLen(o.icvLen).withSendSci(!o.noSci).withEndStation(o.es).withEncodingSa(o.an)
                    .withLowerMtu(LOWER_MTU);
            SecY secy = new SecY(cfg);
            secy.addTxSa(o.an, key, o.pn(spec, suite), true);
            MacsecFrame f = MacsecFrame.copyOf(plain);
            TxVerdict v = secy.protect(f, new GcmEngine());
            if (v == TxVerdict.TOO_LONG) {
                throw bad(spec, "--frame", "protected, the frame would be " + f.length() + " octets, more than the"
                        + " Ethernet header and " + LOWER_MTU + " octets the lower device takes (OutPktsTooLong)");
            }
            if (v != TxVerdict.SENT) {  // the SA was made from the flags just checked: nothing else drops a frame
                throw new IllegalStateException("the SecY did not send the frame: " + v);
            }
            if (pcap != null) {
                try (PcapWriter w = PcapWriter.create(pcap)) {
                    w.write(0, f.bytes(), f.offset(), f.length());
                } catch (java.io.IOException e) {
                    throw bad(spec, "--pcap", "cannot write " + pcap + ": " + e.getMessage());
                }
            }
            spec.commandLine().getOut().println(HEX.formatHex(f.toByteArray()));
            return 0;
        }
    }

    @Command(name = "unprotect", mixinStandardHelpOptions = true,
            description = {"Validate and decrypt one protected frame as a Linux SecY would; prints the unprotected frame as hex.",
                "--no-encrypt, --no-sci and --es are accepted so that a protect command line can be reused; the"
                    + " frame's own SecTAG says whether it is encrypted and carries an SCI.",
                "Exit status: 0 done, 1 the ICV does not verify, 2 a bad flag or a frame the SecY rejects."})
    static final class Unprotect implements java.util.concurrent.Callable<Integer> {
        @Spec
        CommandSpec spec;
        @Mixin
        SaOptions o;

        @Override
        public Integer call() {
            o.checkCommon(spec);
            SaKey key = o.saKey(spec);
            CipherSuite suite = key.suite();
            byte[] wire = o.frame(spec);
            SecTag.Fields tag = SecTag.parse(wire, 0, wire.length);
            if (tag == null) {
                throw bad(spec, "--frame", "not a MACsec frame (EtherType 0x88e5 and a complete SecTAG expected)");
            }
            long sci = channelSci(tag, wire);
            SecYConfig cfg = SecYConfig.linuxDefaults(0x0200000000000001L).withSuite(suite).withIcvLen(o.icvLen);
            SecY secy = new SecY(cfg);
            secy.addRxSc(sci);
            secy.addRxSa(sci, tag.an(), key, o.pn(spec, suite), true);
            MacsecFrame f = MacsecFrame.copyOf(wire);
            RxVerdict v = secy.validate(f, new GcmEngine());
            switch (v) {
                case OK, DELAYED -> {
                    spec.commandLine().getOut().println(HEX.formatHex(f.toByteArray()));
                    return 0;
                }
                case NOT_VALID -> {
                    spec.commandLine().getErr().println(
                            "cryptorder frame unprotect: the ICV does not verify (InPktsNotValid): wrong key, SCI, PN, ICV length or a damaged frame");
                    return 1;
                }
                default -> throw bad(spec, "--frame", "the receiving SecY rejects the frame: " + describe(v));
            }
        }

        private long channelSci(SecTag.Fields tag, byte[] wire) {
            if (o.sci != null) {
                long given = o.sci(spec);
                if (tag.sciPresent() && tag.sci() != given) {
                    throw bad(spec, "--sci", "the frame carries SCI " + Sci.toHex(tag.sci()) + ", not " + Sci.toHex(given));
                }
                return given;
            }
            if (tag.sciPresent()) {
                return tag.sci();
            }
            if (tag.endStation()) {
                return Sci.of(wire, 6, Sci.PORT_ES);
            }
            throw bad(spec, "--sci", "the frame carries no SCI and has no ES bit: give the sender's SCI");
        }

        private static String describe(RxVerdict v) {
            return v.counter() != null ? v + " (" + v.counter().linuxName() + ")" : v + " (dropped without a counter)";
        }
    }

    static byte[] hex(CommandSpec spec, String flag, String text) {
        String digits = text.replaceAll("[\\s:]", "");
        if (digits.startsWith("0x") || digits.startsWith("0X")) {
            digits = digits.substring(2);
        }
        if (digits.length() % 2 != 0) {
            throw bad(spec, flag, "odd number of hex digits (" + digits.length() + ")");
        }
        try {
            return HEX.parseHex(digits);
        } catch (IllegalArgumentException e) {
            throw bad(spec, flag, "not hex: " + e.getMessage());
        }
    }

    static ParameterException bad(CommandSpec spec, String flag, String message) {
        return new ParameterException(spec.commandLine(), flag + ": " + message);
    }
}
