package org.cryptorder.macsec;

/** The SecY's {@code validate} setting (IEEE 802.1AE validateFrames). Linux default: STRICT. */
public enum ValidateFrames {
    /** Frames that fail validation are dropped. */
    STRICT,
    /** Frames are validated; invalid ones without the C bit are counted and delivered. */
    CHECK,
    /** Frames without the C bit are not validated at all. */
    DISABLED
}
