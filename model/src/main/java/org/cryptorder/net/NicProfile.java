package org.cryptorder.net;

/**
 * The transmit side of one kind of NIC and its Linux driver ({@code data/nics/<name>.json}, read
 * by {@link org.cryptorder.experiment.wiring.NicProfileFile}, where every value says where it comes from):
 * the descriptor ring's sizes and thresholds, the TX interrupt's cleaning, the interrupt
 * throttle interval's start, and the on-chip TX packet buffer.
 *
 * @param name                  the profile's name, e.g. {@code ixgbe-82599}
 * @param txDescriptors         descriptors per TX ring by default ({@code IXGBE_DEFAULT_TXD})
 * @param txDescriptorsMin      the smallest ring the driver accepts
 * @param txDescriptorsMax      the largest ring the driver accepts
 * @param txDescriptorMultiple  ring sizes are rounded up to a multiple of this
 * @param descNeeded            the driver stops its queue when fewer descriptors are unused ({@code DESC_NEEDED})
 * @param txWakeThreshold       the clean wakes a stopped queue once this many are unused ({@code TX_WAKE_THRESHOLD})
 * @param txCleanBudget         descriptors one poll cleans at most ({@code IXGBE_DEFAULT_TX_WORK})
 * @param itrStartUs            the interrupt throttle interval a vector starts with, us ({@code IXGBE_20K_ITR}):
 *                              the interval of every vector of a NIC built without an {@link InterruptModeration}
 * @param txPacketBufferOctets  the on-chip TX packet buffer the rings are fetched into, octets
 */
public record NicProfile(String name, int txDescriptors, int txDescriptorsMin, int txDescriptorsMax,
                         int txDescriptorMultiple, int descNeeded, int txWakeThreshold, int txCleanBudget,
                         double itrStartUs, long txPacketBufferOctets) {
    /** The profile name an experiment gets when it names none. */
    public static final String DEFAULT_NAME = "ixgbe-82599";

    public NicProfile {
        if (txDescriptorsMin < 1 || txDescriptorsMax < txDescriptorsMin || txDescriptors < txDescriptorsMin
                || txDescriptors > txDescriptorsMax || txDescriptorMultiple < 1) {
            throw new IllegalArgumentException("NIC profile " + name + ": expected txDescriptorsMin <= txDescriptors"
                    + " <= txDescriptorsMax and a positive multiple");
        }
        if (descNeeded < 1 || txWakeThreshold < descNeeded || txDescriptorsMin <= txWakeThreshold) {
            throw new IllegalArgumentException("NIC profile " + name + ": expected 1 <= descNeeded <= txWakeThreshold"
                    + " < txDescriptorsMin");
        }
        if (txCleanBudget < 1 || !(itrStartUs >= 0) || txPacketBufferOctets < 1 << 14) {
            throw new IllegalArgumentException("NIC profile " + name + ": expected a clean budget of at least 1, a"
                    + " non-negative interrupt interval and a TX packet buffer of at least 16 KB");
        }
    }

    /**
     * The 82599 with ixgbe, the values of {@code data/nics/ixgbe-82599.json} (a test checks that the
     * two agree); for models built without the data folder.
     */
    public static NicProfile ixgbe82599() {
        return new NicProfile(DEFAULT_NAME, 512, 64, 8192, 8, 21, 42, 256, 50, 160 * 1024);
    }

    /** {@code ixgbe_set_ringparam}'s rounding: up to the next multiple of {@link #txDescriptorMultiple}. */
    public int roundRing(int descriptors) {
        return (descriptors + txDescriptorMultiple - 1) / txDescriptorMultiple * txDescriptorMultiple;
    }
}
