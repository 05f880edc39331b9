package org.cryptorder.transport.tcp;

/**
 * What a TCP sender does to detect losses and to take back spurious reactions.
 *
 * @param rack RACK loss detection ({@code net.ipv4.tcp_recovery} bit 0x1, on by default); without
 *     it, a segment is lost once {@code tp->reordering} segments above it are SACKed
 *     ({@code tcp_mark_head_lost}, RFC 6675's IsLost)
 * @param rackStaticReoWnd {@code tcp_recovery} 0x2: the reordering window does not grow with D-SACKs
 * @param rackNoDupThresh {@code tcp_recovery} 0x4: no DUPACK-threshold shortcut before reordering is
 *     first seen
 * @param tailLossProbe TLP ({@code net.ipv4.tcp_early_retrans} = 3, the default)
 * @param frto F-RTO after a timeout ({@code net.ipv4.tcp_frto} = 2, the default)
 * @param undo undo of a congestion window reduction proved spurious, by timestamps (Eifel) or by
 *     D-SACKs ({@code tcp_try_undo_*})
 * @param dsack the sender uses D-SACK blocks (counts them, lets them undo and widen the RACK window)
 * @param adaptiveReordering {@code tp->reordering} grows with the reordering seen
 *     ({@code tcp_check_sack_reordering}); without it it stays at {@code initialReordering}
 * @param initialReordering {@code net.ipv4.tcp_reordering}, 3
 * @param maxReordering {@code net.ipv4.tcp_max_reordering}, 300
 */
public record RecoveryFeatures(boolean rack, boolean rackStaticReoWnd, boolean rackNoDupThresh,
        boolean tailLossProbe, boolean frto, boolean undo, boolean dsack,
        boolean adaptiveReordering, int initialReordering, int maxReordering) {

    public RecoveryFeatures {
        if (initialReordering < 1 || maxReordering < initialReordering) {
            throw new IllegalArgumentException("bad reordering bounds: " + initialReordering
                    + ".." + maxReordering);
        }
    }

    /** Linux 6.12 defaults. */
    public static RecoveryFeatures linux() {
        return new RecoveryFeatures(true, false, false, true, true, true, true, true, 3, 300);
    }

    /** ns-3: DupThresh 3 and nothing else. */
    public static RecoveryFeatures textbook() {
        return new RecoveryFeatures(false, false, false, false, false, false, false, false, 3, 300);
    }
}
