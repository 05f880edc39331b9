package org.cryptorder.net;

import org.cryptorder.macsec.RxVerdict;
import org.cryptorder.macsec.TxVerdict;

/**
 * Why a {@link MacsecDevice} dropped a frame: the reasons of its {@code drops} signal, one per
 * place where Linux's {@code drivers/net/macsec.c} frees an skb it will not pass on.
 */
public enum MacsecDrop {
    /**
     * TX: the lower device's TX queue dropped it at {@code dev_queue_xmit} (counted among the
     * qdisc's drops); the NIC's {@link Nic#txDrops} gives the reason ({@link TxDrop}).
     */
    LOWER_QUEUE_FULL,
    /** TX: the SecY is not operational, or no TX SA is usable ({@code TxDropped}). */
    TX_NOT_OPERATIONAL,
    /** TX: the frame would exceed the lower device's MTU once protected. */
    TX_TOO_LONG,
    /** TX: the encryption request could not be queued ({@code -EBUSY} without backlog). */
    TX_CRYPTO_FAILED,
    /** RX: no SecTAG with strict validation ({@code InPktsNoTag}). */
    RX_NO_TAG,
    /** RX: shorter than the SecTAG it announces, dropped silently. */
    RX_TRUNCATED,
    /** RX: no SCI and none could be inferred, dropped silently. */
    RX_NO_SCI,
    /** RX: no RX SC for the SCI, strict or C bit ({@code InPktsNoSCI}). */
    RX_UNKNOWN_SCI,
    /** RX: the SecTAG failed 802.1AE's checks ({@code InPktsBadTag}). */
    RX_BAD_TAG,
    /** RX: no active RX SA for the AN, strict or C bit ({@code InPktsNotUsingSA}). */
    RX_NOT_USING_SA,
    /** RX: replay protection, before or after decryption ({@code InPktsLate}). */
    RX_LATE,
    /** RX: the ICV failed, strict or C bit ({@code InPktsNotValid}). */
    RX_NOT_VALID,
    /** RX: the decryption request could not be queued, dropped silently. */
    RX_CRYPTO_FAILED,
    /**
     * RX: decrypted, but the CPU's GRO cell already held {@code netdev_max_backlog} (1,000) frames
     * ({@code gro_cells_receive}: the device's {@code rx_dropped}).
     */
    RX_GRO_CELL_FULL;

    /** The reason for a transmit verdict that drops the frame, or null for one that does not. */
    public static MacsecDrop of(TxVerdict v) {
        return switch (v) {
            case NOT_OPERATIONAL -> TX_NOT_OPERATIONAL;
            case TOO_LONG -> TX_TOO_LONG;
            case CRYPTO_FAILED -> TX_CRYPTO_FAILED;
            case NEEDS_CRYPTO, SENT, SENT_UNTAGGED -> null;
        };
    }

    /** The reason for a receive verdict that drops the frame, or null for one that delivers it. */
    public static MacsecDrop of(RxVerdict v) {
        return switch (v) {
            case NO_TAG -> RX_NO_TAG;
            case TRUNCATED -> RX_TRUNCATED;
            case NO_SCI_INFERRED -> RX_NO_SCI;
            case UNKNOWN_SCI_DROPPED -> RX_UNKNOWN_SCI;
            case BAD_TAG -> RX_BAD_TAG;
            case NOT_USING_SA -> RX_NOT_USING_SA;
            case LATE -> RX_LATE;
            case NOT_VALID -> RX_NOT_VALID;
            case CRYPTO_FAILED -> RX_CRYPTO_FAILED;
            case NOT_FOR_CONTROLLED_PORT, UNTAGGED, UNKNOWN_SCI, UNUSED_SA, INVALID, DELAYED, UNCHECKED, OK,
                    NEEDS_CRYPTO -> null;
        };
    }
}
