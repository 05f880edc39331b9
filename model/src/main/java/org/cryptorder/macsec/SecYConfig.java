package org.cryptorder.macsec;

import java.util.function.Consumer;

/**
 * The settings of one SecY ({@code ip link add ... type macsec ...}), with Linux's defaults from
 * {@link #linuxDefaults}: validate strict, replay protection off with window 0, encryption off,
 * SCI sent, encoding SA 0, ICV 16 octets, GCM-AES-128.
 *
 * @param sci        this SecY's SCI (its MAC address and port)
 * @param suite      cipher suite
 * @param icvLen     ICV length: 8 or 12 to 16
 * @param encrypt    confidentiality on (E and C bits) or integrity only
 * @param protectFrames protect outgoing frames (off: send them untagged)
 * @param sendSci    carry the SCI in the SecTAG
 * @param endStation ES bit (only without SCI)
 * @param scb        SCB bit (only without SCI)
 * @param replayProtect drop frames whose PN is below next_pn - replayWindow
 * @param replayWindow  the replay window, in PNs
 * @param validate   validateFrames
 * @param encodingSa AN of the TX SA used for transmission
 * @param lowerMtu   MTU of the real device: protected frames longer than it plus 14 are OutPktsTooLong
 */
public record SecYConfig(long sci, CipherSuite suite, int icvLen, boolean encrypt, boolean protectFrames,
                         boolean sendSci, boolean endStation, boolean scb, boolean replayProtect,
                         long replayWindow, ValidateFrames validate, int encodingSa, int lowerMtu) {

    /** Largest replay window Linux accepts for XPN ({@code MACSEC_XPN_MAX_REPLAY_WINDOW}). */
    public static final long XPN_MAX_REPLAY_WINDOW = (1L << 30) - 1;

    public SecYConfig {
        if (!SecTag.validIcvLen(icvLen)) {
            throw new IllegalArgumentException("ICV length must be 8 or 12 to 16 octets (GCM), got " + icvLen);
        }
        if (encodingSa < 0 || encodingSa > 3) {
            throw new IllegalArgumentException("encoding SA must be 0 to 3, got " + encodingSa);
        }
        if (replayWindow < 0 || replayWindow > 0xffffffffL) {
            throw new IllegalArgumentException("replay window must be 0 to 2^32-1, got " + replayWindow);
        }
        if (suite.xpn() && replayWindow > XPN_MAX_REPLAY_WINDOW) {
            throw new IllegalArgumentException("replay window for XPN must be at most 2^30-1, got " + replayWindow);
        }
        if (lowerMtu < 68) {
            throw new IllegalArgumentException("lower device MTU must be at least 68, got " + lowerMtu);
        }
    }

    /** Linux's defaults for a new SecY with the given SCI on a 1500-octet-MTU device. */
    public static SecYConfig linuxDefaults(long sci) {
        return new SecYConfig(sci, CipherSuite.GCM_AES_128, SecTag.DEFAULT_ICV_LEN, false, true, true, false,
                false, false, 0, ValidateFrames.STRICT, 0, 1500);
    }

    /** The same settings for a SecY with another SCI (the other host of a pair). */
    public SecYConfig withSci(long s) {
        return copy(c -> c.sci = s);
    }

    public SecYConfig withSuite(CipherSuite s) {
        return copy(c -> c.suite = s);
    }

    public SecYConfig withEncrypt(boolean e) {
        return copy(c -> c.encrypt = e);
    }

    /** The same with {@code protectFrames} set as {@code p} (false: frames go out untagged). */
    public SecYConfig withProtectFrames(boolean p) {
        return copy(c -> c.protectFrames = p);
    }

    public SecYConfig withIcvLen(int n) {
        return copy(c -> c.icvLen = n);
    }

    /** Whether the SecTAG carries the SCI ({@code send_sci}). */
    public SecYConfig withSendSci(boolean send) {
        return copy(c -> c.sendSci = send);
    }

    /** The ES bit ({@code end_station}), which counts only without the SCI. */
    public SecYConfig withEndStation(boolean es) {
        return copy(c -> c.endStation = es);
    }

    /** The SCB bit ({@code scb}), which counts only without the SCI. */
    public SecYConfig withSingleCopyBroadcast(boolean scb) {
        return copy(c -> c.scb = scb);
    }

    public SecYConfig withReplay(boolean protect, long window) {
        return copy(c -> {
            c.replayProtect = protect;
            c.replayWindow = window;
        });
    }

    public SecYConfig withValidate(ValidateFrames v) {
        return copy(c -> c.validate = v);
    }

    public SecYConfig withEncodingSa(int an) {
        return copy(c -> c.encodingSa = an);
    }

    public SecYConfig withLowerMtu(int mtu) {
        return copy(c -> c.lowerMtu = mtu);
    }

    /** These settings with what {@code change} sets on a copy of their components. */
    private SecYConfig copy(Consumer<Components> change) {
        Components c = new Components(this);
        change.accept(c);
        return new SecYConfig(c.sci, c.suite, c.icvLen, c.encrypt, c.protectFrames, c.sendSci,
                c.endStation, c.scb, c.replayProtect, c.replayWindow, c.validate, c.encodingSa, c.lowerMtu);
    }

    /** The components of a {@link SecYConfig}, to be changed before the copy is made. */
    private static final class Components {
        long sci;
        CipherSuite suite;
        int icvLen;
        boolean encrypt;
        boolean protectFrames;
        boolean sendSci;
        boolean endStation;
        boolean scb;
        boolean replayProtect;
        long replayWindow;
        ValidateFrames validate;
        int encodingSa;
        int lowerMtu;

        Components(SecYConfig s) {
            sci = s.sci;
            suite = s.suite;
            icvLen = s.icvLen;
            encrypt = s.encrypt;
            protectFrames = s.protectFrames;
            sendSci = s.sendSci;
            endStation = s.endStation;
            scb = s.scb;
            replayProtect = s.replayProtect;
            replayWindow = s.replayWindow;
            validate = s.validate;
            encodingSa = s.encodingSa;
            lowerMtu = s.lowerMtu;
        }
    }
}
