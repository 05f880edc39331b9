package org.cryptorder.net;

import org.cryptorder.params.Parameter;
import org.cryptorder.params.ParameterGroup;

/**
 * The keys of {@code link}, read by {@link Link}: the line rate, propagation delay and MTU, and
 * the netem impairments of each direction ({@link ImpairmentParameters}).
 */
public final class LinkParameters {
    private LinkParameters() {
    }

    /** {@code link.rateGbps}. */
    public static final Parameter RATE_GBPS = Parameter.number("rateGbps", "Gbit/s", "Line rate, Gbit/s.")
            .above(0, 1600).byDefault(10, "the seed reports' 10GbE links");

    /** {@code link.delayUs}. */
    public static final Parameter DELAY_US = Parameter.number("delayUs", "us",
            "One-way propagation delay, microseconds.")
            .range(0, 10000000).byDefault(20, "the model's choice: a short data-centre link with its switch");

    /** {@code link.mtu}. */
    public static final Parameter MTU = Parameter.integer("mtu", "octets",
            "MTU of the physical devices, octets; the MACsec device's is smaller by the SecTAG and ICV.")
            .range(68, 65535).byDefault(1500, "Ethernet's default MTU, ETH_DATA_LEN (include/uapi/linux/if_ether.h)");

    /** {@code link.impairments}: one group of impairments per direction. */
    public static final ParameterGroup IMPAIRMENTS = ParameterGroup.of("impairments",
            "What the link does to frames on the wire in each direction, as tc netem would; all off by default.",
            Parameter.group("aToB", ImpairmentParameters.IMPAIRMENT),
            Parameter.group("bToA", ImpairmentParameters.IMPAIRMENT));

    /** The section {@code link}. */
    public static final ParameterGroup LINK = ParameterGroup.of("link", "The full-duplex link between the hosts.",
            RATE_GBPS, DELAY_US, MTU, Parameter.group("impairments", IMPAIRMENTS));
}
