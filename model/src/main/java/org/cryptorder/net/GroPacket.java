package org.cryptorder.net;

import java.util.Arrays;

/**
 * A packet GRO holds or has flushed: consecutive in-order segments of one TCP flow merged into
 * one skb (its headers the first segment's, {@code gso_size} the first segment's payload).
 */
final class GroPacket {
    private Packet[] segments = new Packet[4];
    private int count;
    private final TcpSegmentView first;
    private final long jiffy;
    private long nextSeq;
    private int ipLength;
    private String flushedBy;

    GroPacket(Packet p, TcpSegmentView s, long jiffy) {
        this.first = s;
        this.jiffy = jiffy;
        segments[0] = p;
        count = 1;
        nextSeq = s.seq + s.payload;
        ipLength = s.ipLength();
    }

    boolean sameFlow(TcpSegmentView s) {
        return first.sameFlow(s);
    }

    /** Why {@code s} cannot join this packet, or null. */
    String refuses(TcpSegmentView s) {
        return first.refuses(s, count, nextSeq, ipLength);
    }

    void merge(Packet p, TcpSegmentView s) {
        if (count == segments.length) {
            segments = Arrays.copyOf(segments, 2 * count);
        }
        segments[count++] = p;
        nextSeq += s.payload;
        ipLength += s.payload;
    }

    int gsoSize() {
        return first.payload;
    }

    int count() {
        return count;
    }

    Packet first() {
        return segments[0];
    }

    Packet segment(int i) {
        return segments[i];
    }

    Packet[] segments() {
        return segments;
    }

    /** The jiffy in which the packet was started ({@code NAPI_GRO_CB(skb)->age}). */
    long jiffy() {
        return jiffy;
    }

    void flushedBy(String why) {
        this.flushedBy = why;
    }

    /** What flushed the packet. */
    String flushedBy() {
        return flushedBy;
    }
}
