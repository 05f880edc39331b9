package org.cryptorder.macsec;

import java.util.Arrays;
import java.util.List;
import org.cryptorder.params.Parameter;
import org.cryptorder.params.ParameterGroup;

/**
 * The keys of {@code macsec}, read by {@link SecY} through {@link SecYConfig}: the SecY's cipher
 * suite, protection, ICV length, replay protection and validation, as {@code ip link add ... type
 * macsec} sets them.
 */
public final class SecYParameters {
    private SecYParameters() {
    }

    /** {@code macsec.cipherSuite}. */
    public static final Parameter CIPHER_SUITE = Parameter.choice("cipherSuite",
            Arrays.stream(CipherSuite.values()).map(CipherSuite::displayName).toList(),
            "The cipher suite (ip link ... cipher): GCM-AES-128, Linux's default, GCM-AES-256, or their "
                    + "extended-packet-number (XPN) forms.")
            .byDefault(CipherSuite.GCM_AES_128.displayName(),
                    "Linux's default, MACSEC_DEFAULT_CIPHER_ID (include/uapi/linux/if_macsec.h)");

    /** {@code macsec.encrypt}. */
    public static final Parameter ENCRYPT = Parameter.flag("encrypt",
            "Confidentiality on (Linux's default is off; deployments turn it on).")
            .byDefault(true,
                    "the model's choice (Linux's default is off, DEFAULT_ENCRYPT in drivers/net/macsec.c): "
                            + "the crypto path under study encrypts");

    /** {@code macsec.sendSci}. */
    public static final Parameter SEND_SCI = Parameter.flag("sendSci", "Carry the SCI in the SecTAG.")
            .byDefault(true, "Linux's default, DEFAULT_SEND_SCI (drivers/net/macsec.c)");

    /** {@code macsec.icvLen}. */
    public static final Parameter ICV_LEN = Parameter.integer("icvLen", "octets", "ICV length, octets.")
            .withValues(List.of(8, 12, 13, 14, 15, 16)).byDefault(16,
                    "Linux's default ICV length (DEFAULT_ICV_LEN in drivers/net/macsec.c, "
                            + "MACSEC_DEFAULT_ICV_LEN in include/net/macsec.h on later kernels)");

    /** {@code macsec.replayProtect}. */
    public static final Parameter REPLAY_PROTECT = Parameter.flag("replayProtect",
            "Replay protection (ip link ... replay on): a frame whose PN is below next_pn - replayWindow is "
                    + "dropped as late (InPktsLate).")
            .byDefault(false,
                    "Linux's default (drivers/net/macsec.c, macsec_newlink: replay_protect off unless "
                            + "IFLA_MACSEC_REPLAY_PROTECT)");

    /** {@code macsec.replayWindow}. */
    public static final Parameter REPLAY_WINDOW = Parameter.integer("replayWindow", "packet numbers",
            "Replay window in packet numbers (at most 2^30-1 for XPN).")
            .range(0, 4294967295L).byDefault(0, "Linux's default window, 0 (drivers/net/macsec.c, macsec_newlink)");

    /** {@code macsec.validate}. */
    public static final Parameter VALIDATE = Parameter.choice("validate", Parameter.keysOf(ValidateFrames.values()),
            "Frame validation (ip link ... validate): strict drops a frame whose ICV fails (InPktsNotValid); "
                    + "check delivers it, counted; disabled does not validate.")
            .byDefault("strict", "Linux's default, MACSEC_VALIDATE_DEFAULT (include/uapi/linux/if_macsec.h)");

    /** The section {@code macsec}. */
    public static final ParameterGroup MACSEC = ParameterGroup.of("macsec",
            "The SecY of each host (ip link add ... type macsec ...). Linux's defaults except encrypt.",
            CIPHER_SUITE, ENCRYPT, SEND_SCI, ICV_LEN, REPLAY_PROTECT, REPLAY_WINDOW, VALIDATE);
}
