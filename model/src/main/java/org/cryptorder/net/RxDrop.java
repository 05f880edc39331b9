package org.cryptorder.net;

/** Why a NIC's RX ring refused a frame: the reasons of its {@code drops} signal ({@link Ring#drops}). */
public enum RxDrop {
    /**
     * The ring's descriptors were all filled and not yet taken by the NAPI poll: the NIC drops the
     * frame and counts it ({@code rx_missed_errors}, {@code ethtool -S}).
     */
    RING_FULL
}
