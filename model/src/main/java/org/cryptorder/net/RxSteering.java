package org.cryptorder.net;

/** How a NIC spreads received frames over its RX queues. */
public enum RxSteering {
    /** RSS by flow: every frame of a flow lands in the same queue, so on the same CPU (default). */
    FLOW,
    /**
     * Frames of one flow spread over the queues in turn, as when the NIC's hash cannot see inside
     * MACsec frames and RPS or a round-robin distributes them: one flow decrypted on several CPUs.
     */
    PER_FRAME
}
