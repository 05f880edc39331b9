package org.cryptorder.macsec;

/** What a {@link SecY} did with one frame handed to it for transmission. */
public enum TxVerdict {
    /** PN assigned and SecTAG written: the AEAD request is ready to run. */
    NEEDS_CRYPTO,
    /** Protected and counted (OutPktsProtected or OutPktsEncrypted): goes to the wire. */
    SENT,
    /** protect_frames off: sent without a SecTAG, OutPktsUntagged. */
    SENT_UNTAGGED,
    /** SecY not operational (PN exhausted, or no active TX SA): dropped, tx_dropped. */
    NOT_OPERATIONAL,
    /** Protected frame larger than the lower device's MTU: dropped, OutPktsTooLong and tx_dropped. */
    TOO_LONG,
    /** The crypto request failed (cryptd queue full): dropped, tx_dropped; its PN stays spent. */
    CRYPTO_FAILED
}
