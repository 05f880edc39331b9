package org.cryptorder.net;

/**
 * How a host's receive path batches: the NIC's interrupt moderation and GRO at the MACsec device.
 *
 * @param moderation the interrupt vectors' throttling ({@code ethtool -C eth0 rx-usecs}); null: every
 *                   vector keeps the NIC profile's start interval, fixed
 * @param gro        whether the MACsec device's GRO cells merge consecutive in-order TCP segments of a
 *                   flow ({@code ethtool -K macsec0 gro on}, Linux's default); false: each segment goes
 *                   up the stack on its own
 */
public record RxPathSpec(InterruptModeration moderation, boolean gro) {
    /**
     * The receive path of unit-level models, as the model had it before moderation and GRO: a frame on
     * an idle RX queue raises its poll at once, the TX clean's interrupt keeps the profile's start
     * interval, fixed, and each segment goes up alone.
     */
    public static final RxPathSpec PLAIN = new RxPathSpec(null, false);
}
