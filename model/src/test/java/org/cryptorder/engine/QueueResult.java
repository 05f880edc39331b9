package org.cryptorder.engine;

/**
 * What one {@link FifoQueue} replication observed in its window: mean wait in queue Wq and mean
 * time in system W (us, over jobs), time-average queue length Lq and number in system L, the
 * window length (us), counts, and the two exact sums (in ns and ns x jobs) behind Little's law.
 */
record QueueResult(double meanWaitUs, double meanQueueLength, double meanSojournUs,
        double meanInSystem, double windowUs, int served, int departed, long arrivals,
        double inSystemAreaNs, double sojournSumNs) {

    /** The raw bits of every field, for bit-for-bit comparisons. */
    long[] bits() {
        return new long[] {
            Double.doubleToRawLongBits(meanWaitUs), Double.doubleToRawLongBits(meanQueueLength),
            Double.doubleToRawLongBits(meanSojournUs), Double.doubleToRawLongBits(meanInSystem),
            Double.doubleToRawLongBits(windowUs), served, departed, arrivals,
            Double.doubleToRawLongBits(inSystemAreaNs), Double.doubleToRawLongBits(sojournSumNs)};
    }
}
