package org.cryptorder.transport.tcp;

/** Which TCP a connection runs: Linux 6.x as it reacts to reordering, or the textbook one ns-3 models. */
public enum TcpMode {
    /**
     * Linux 6.12 defaults: RACK-TLP loss detection with the DUPACK-threshold shortcut until
     * reordering is first seen, adaptive {@code tp->reordering}, D-SACK, undo by timestamps and by
     * D-SACK, F-RTO; the receiver's quick ACKs, delayed ACKs and SACK compression.
     */
    LINUX,
    /**
     * ns-3's TCP (TCP-AND-PEERS.md section 2.1): SACK-based recovery with a fixed DupThresh of 3
     * (RFC 6675's {@code IsLost}, which is Linux's pre-RACK {@code tcp_mark_head_lost}), PRR, no
     * RACK, no tail loss probe, no D-SACK, no undo, no F-RTO, no adaptive reordering; a receiver
     * that ACKs every second segment or after 200 ms and ACKs at once when data is out of order.
     */
    TEXTBOOK
}
