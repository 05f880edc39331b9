package org.cryptorder.net;

/**
 * How often an interrupt vector of the NIC may fire: ixgbe's interrupt throttle rate (ITR, the
 * 82599's {@code EITR} register), as {@code ethtool -C <dev> rx-usecs} sets it.
 *
 * <ul>
 *   <li>{@link Mode#FIXED}: {@code rx-usecs N} with N at least 2, an interval of N us rounded down to
 *       the register's 2 us steps ({@code ixgbe_set_coalesce} stores {@code N << 2};
 *       {@code ixgbe_write_eitr} masks it with {@code IXGBE_MAX_EITR}, 0xFF8); N 0 is no
 *       moderation, an interrupt at every frame.</li>
 *   <li>{@link Mode#ADAPTIVE}: {@code rx-usecs 1}, ixgbe's default ({@code rx_itr_setting} 1 in
 *       {@code ixgbe_sw_init}): a vector starts at {@code IXGBE_20K_ITR} (50 us) and, each time its
 *       NAPI poll completes, {@code ixgbe_set_itr} recomputes the interval from the packets and
 *       octets its rings moved since the last update, by the algorithm of the kernel's version
 *       ({@link Algorithm}).</li>
 * </ul>
 *
 * @param mode      fixed or adaptive
 * @param fixedUs   the fixed interval, us (0: none); ignored when adaptive
 * @param algorithm the adaptive algorithm; ignored when fixed
 */
public record InterruptModeration(Mode mode, int fixedUs, Algorithm algorithm) {
    /** The largest {@code rx-usecs} ixgbe accepts: {@code IXGBE_MAX_EITR >> 2} ({@code ixgbe_set_coalesce}). */
    public static final int MAX_USECS = 0xFF8 >> 2;

    /** Fixed or adaptive. */
    public enum Mode { FIXED, ADAPTIVE }

    /**
     * {@code ixgbe_update_itr} / {@code ixgbe_set_itr}, by kernel version ({@code
     * KernelRules.itrAlgorithm} says which a version has: {@code 3.10-rhel7} has the new one, RHEL
     * 7.9's 3.10.0-1160 ixgbe_main.c having ixgbe_update_itr and ixgbe_set_itr as in 5.6, byte for
     * byte; a mainline 3.10 has the old).
     */
    public enum Algorithm {
        /**
         * Before Linux 4.17: each ring is in one of three latency ranges by the octets it moved per
         * microsecond of the last interval (up to 10: lowest, 100,000 interrupts/s; up to 20: low,
         * 20,000/s; more: bulk, 8,000/s), the vector takes the highest range of its rings and moves
         * its interval there by exponential smoothing.
         */
        LATENCY_RANGES,
        /**
         * From Linux 4.17 (b4ded8327fea, "ixgbe: Update adaptive ITR algorithm"): each ring's
         * interval from the packets it moved since the last update (fewer than 4 and under 9,000
         * octets: latency mode; 4-47: 2 us longer; 48-95: unchanged; 96-255: halved; 256 or more:
         * from the mean packet size), the vector takes the smaller of its rings', between 10 and
         * 126 us; a ring not updated within a jiffy starts again at 10 us.
         */
        PACKET_COUNT
    }

    public InterruptModeration {
        if (mode == Mode.FIXED && (fixedUs < 0 || fixedUs == 1 || fixedUs > MAX_USECS)) {
            throw new IllegalArgumentException("rx-usecs " + fixedUs + " is not a fixed interval ixgbe takes: 0 (none) or"
                    + " 2-" + MAX_USECS);
        }
        if (mode == Mode.ADAPTIVE && algorithm == null) {
            throw new IllegalArgumentException("adaptive moderation needs its algorithm");
        }
    }

    /** ixgbe's default: adaptive, by the kernel's {@code algorithm}. */
    public static InterruptModeration adaptive(Algorithm algorithm) {
        return new InterruptModeration(Mode.ADAPTIVE, 0, algorithm);
    }

    /** {@code rx-usecs N}. */
    public static InterruptModeration fixed(int usecs) {
        return new InterruptModeration(Mode.FIXED, usecs, null);
    }

    /** What {@code rx-usecs} shows: "adaptive" or the number. */
    public String describe() {
        return mode == Mode.ADAPTIVE ? "adaptive" : Integer.toString(fixedUs);
    }
}
