package org.cryptorder.wifi;

import org.cryptorder.params.Parameter;
import org.cryptorder.params.ParameterGroup;

/**
 * The keys of {@code wifi}: host b as a WiFi station that decrypts CCMP in software (the station is
 * {@code experiment.wiring.WifiStation}, which drives this package's codec).
 */
public final class WifiParameters {
    private WifiParameters() {
    }

    /** {@code wifi.ccmp}. */
    public static final Parameter CCMP = Parameter.flag("ccmp", "WPA2 (CCMP-128) on, or an open network.")
            .byDefault(true, "WPA2, the seed reports' networks (S9, S10)");

    /** {@code wifi.ccm}. */
    public static final Parameter CCM = Parameter.choice("ccm", Parameter.keysOf(CcmFpuUse.values()),
            "per-block: mainline x86 ccm(aes), the ccm template over the single-block AES-NI cipher, one "
                    + "kernel FPU section per 16-octet block; per-request: the out-of-tree AES-NI CCM, one section per "
                    + "frame.")
            .byDefault("per-block",
                    "mainline x86's ccm(aes), the ccm template over the single-block AES-NI cipher "
                            + "(crypto/ccm.c)");

    /** {@code wifi.airMbps}. */
    public static final Parameter AIR_MBPS = Parameter.number("airMbps", "Mbit/s",
            "What the air carries at most, in MPDU octets, Mbit/s.")
            .above(0, 100000).byDefault(1000, "the model's choice: an 802.11ac/ax link of about a gigabit");

    /** The section {@code wifi}: present, host b is a station; absent, the hosts are MACsec peers. */
    public static final ParameterGroup WIFI = ParameterGroup.whenGiven("wifi",
            "When present, host b is a WiFi station in software-decrypt mode (seeds S9, S10): it receives the one"
                    + " UDP traffic entry from an access point over the air, decrypting CCMP synchronously in the"
                    + " driver's NAPI poll on one CPU of the hosts.profile machine; the MACsec link, crypto policy"
                    + " and contention do not apply. Without it (the default) the hosts are MACsec peers.",
            CCMP, CCM, AIR_MBPS);
}
