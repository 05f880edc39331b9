package org.cryptorder.transport.udp;

import java.util.List;
import org.cryptorder.host.Cpu;
import org.cryptorder.metrics.Column;
import org.cryptorder.metrics.LatencyHistogram;
import org.cryptorder.metrics.Rfc4737Reordering;
import org.cryptorder.metrics.UdpStreamStats;
import org.cryptorder.net.Packet;
import org.cryptorder.net.ProtocolEndpoint;
import org.cryptorder.net.StackCosts;

/**
 * The receiving end of a UDP stream ({@code iperf3 -s}): reads each delivered datagram's sequence
 * number and send time from its bytes and keeps iperf3's figures (lost, out-of-order, jitter),
 * RFC 4737 reordering, media decode errors and the send-to-delivery latency. Datagrams whose
 * headers or payload do not check out are counted as corrupt and otherwise ignored.
 */
public final class UdpSink implements ProtocolEndpoint {
    /** iperf3's out-of-order and lost datagrams, summed over b's sinks. */
    public static final List<Column<UdpSink>> ORDER_AND_LOSS_COLUMNS = List.of(
            Column.window("udp_out_of_order", "datagrams", "UDP out of order",
                    "iperf3's out-of-order datagrams, over all UDP flows.", Column.At.STOP,
                    s -> s.iperf().outOfOrderPackets()),
            Column.window("udp_lost", "datagrams", "UDP lost",
                    "iperf3's lost datagrams. As in iperf3 after `-O`, it can be slightly negative when datagrams"
                            + " sent before the warm-up's end arrive after it, out of order; datagrams still queued"
                            + " 5 ms after the sources stop are not seen, so a saturated receiver's backlog does not"
                            + " count as lost.",
                    Column.At.STOP, s -> s.iperf().lostPackets()));

    /** The datagrams the sinks received, and those with bad bytes. */
    public static final List<Column<UdpSink>> RECEIVED_COLUMNS = List.of(
            Column.window("udp_received", "datagrams", "UDP received", "Datagrams b's UDP sinks received.",
                    Column.At.STOP, s -> s.iperf().datagrams()),
            Column.window("udp_corrupt", "datagrams", "UDP corrupt", "Datagrams b received with bad bytes.",
                    Column.At.STOP, UdpSink::corrupt));

    /** What a media decoder without a reorder buffer would suffer. */
    public static final List<Column<UdpSink>> DECODE_COLUMNS = List.of(
            Column.window("udp_decode_errors", "datagrams", "decode errors",
                    "What a media decoder without a reorder buffer would suffer (seed S7's video streams): it takes"
                            + " each datagram in arrival order and jumps to it, so every sequence number it jumps"
                            + " over, late or never delivered, is one decode error, counted once; over all UDP flows.",
                    Column.At.STOP, s -> s.iperf().decodeErrors()));

    private final StackCosts costs;
    private final UdpStreamStats iperf = new UdpStreamStats();
    private final Rfc4737Reordering reordering = new Rfc4737Reordering();
    private final LatencyHistogram latency = new LatencyHistogram();
    private long corrupt;
    private long octets;

    public UdpSink(StackCosts costs) {
        this.costs = costs;
    }

    @Override
    public double receiveNs(Packet p) {
        return costs.ns(costs.udpRxCycles());
    }

    @Override
    public void receive(Cpu cpu, Packet p) {
        byte[] b = p.frame().bytes();
        int off = p.frame().offset();
        int len = p.frame().length();
        if (!UdpWire.valid(b, off, len) || !UdpWire.fillerIntact(b, off, len)) {
            corrupt++;
            return;
        }
        long seq = UdpWire.sequence(b, off);
        long sent = UdpWire.sendNs(b, off);
        long now = (long) cpu.now();
        iperf.arrive(seq, sent, now);
        reordering.arrive(seq, now);
        latency.add(now - sent);
        octets += len - UdpWire.HEADERS;
    }

    /** Forgets everything measured so far (warm-up deletion). */
    public void reset() {
        iperf.reset();
        reordering.reset();
        latency.reset();
        corrupt = 0;
        octets = 0;
    }

    public UdpStreamStats iperf() {
        return iperf;
    }

    public Rfc4737Reordering reordering() {
        return reordering;
    }

    public LatencyHistogram latency() {
        return latency;
    }

    /** Datagrams whose bytes did not check out. */
    public long corrupt() {
        return corrupt;
    }

    /** UDP payload octets received intact since the last reset. */
    public long octets() {
        return octets;
    }
}
