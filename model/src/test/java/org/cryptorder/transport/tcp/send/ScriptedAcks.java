package org.cryptorder.transport.tcp.send;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.Once;
import org.cryptorder.engine.Time;
import org.cryptorder.transport.tcp.SegmentOutput;
import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.wire.FlowAddress;
import org.cryptorder.transport.wire.Ipv4TcpHeader;
import umontreal.ssj.simevents.Simulator;

/**
 * A {@link TcpSender} with no network: what it sends is recorded, and the test writes the ACKs it
 * gets, at the times it chooses, each with its cumulative ACK, SACK blocks and timestamp echo, in
 * segments of {@link #MSS} octets counted from 0. The ACKs are built as a receiver would put them
 * on the wire ({@link Ipv4TcpHeader}) and go in through {@link TcpSender#receive}.
 */
final class ScriptedAcks {
    static final int MSS = 1416;

    /** A segment the sender sent: when, which, its TSval on the wire, and whether it was sent before. */
    record Sent(long timeNs, long seg, int tsVal, boolean again) {
    }

    final Simulator sim = EventListKind.DEFAULT.newSimulator();
    final TcpConfig cfg;
    final TcpSender sender;
    final List<Sent> sent = new ArrayList<>();
    private final Ipv4TcpHeader parsed = new Ipv4TcpHeader();
    private final FlowAddress ackAddress = FlowAddress.example().reversed();
    private final byte[] ackBuf = new byte[200];
    private long highestSent = -1;

    ScriptedAcks(TcpConfig cfg) {
        this.cfg = cfg;
        this.sender = new TcpSender(sim, cfg, FlowAddress.example(), new SegmentOutput() {
            @Override
            public void transmit(byte[] buf, int off, int len) {
                parsed.parse(buf, off, len);
                long seg = Ipv4TcpHeader.unwrap(parsed.seq(), cfg.senderIsn(), 0) / MSS;
                sent.add(new Sent((long) sim.time(), seg, parsed.tsVal(), seg <= highestSent));
                highestSent = Math.max(highestSent, seg);
            }

            @Override
            public void gsoSkb(int segments) {
                gsoSkbs.add(segments);
            }
        });
    }

    /** The segments of each GSO skb of more than one segment, in the order they went. */
    final List<Integer> gsoSkbs = new ArrayList<>();

    /** Starts the sender at t = 0. */
    ScriptedAcks start() {
        at(0, sender::start);
        return this;
    }

    /** Runs {@code action} at time {@code ns} (not before now). */
    ScriptedAcks at(long ns, Runnable action) {
        Once.at(sim, Math.max(0, Time.ns(ns) - sim.time()), action);
        return this;
    }

    /**
     * At {@code ns}, an ACK of everything below segment {@code cum}, echoing {@code tsEcr} (a TSval
     * as it was on the wire, read when the ACK goes), with SACK blocks given as segment ranges
     * [from, to), a D-SACK first.
     */
    ScriptedAcks ack(long ns, long cum, IntSupplier tsEcr, long... sackFromTo) {
        return at(ns, () -> ackNow(cum, tsEcr.getAsInt(), sackFromTo));
    }

    /** The ACK of {@link #ack}, now. */
    void ackNow(long cum, int tsEcr, long... sackFromTo) {
        Ipv4TcpHeader h = new Ipv4TcpHeader().address(ackAddress)
                .seq(cfg.receiverIsn()).ack(Ipv4TcpHeader.wire(cum * MSS, cfg.senderIsn()))
                .flags(Ipv4TcpHeader.ACK)
                .window((int) (cfg.receiveWindowBytes() >> cfg.windowScale()))
                .timestamp(1, tsEcr);
        for (int i = 0; i < sackFromTo.length; i += 2) {
            h.addSack(Ipv4TcpHeader.wire(sackFromTo[i] * MSS, cfg.senderIsn()),
                    Ipv4TcpHeader.wire(sackFromTo[i + 1] * MSS, cfg.senderIsn()));
        }
        int len = h.write(ackBuf, 0, 0);
        sender.receive(ackBuf, 0, len);
    }

    /** At {@code ns}, the ACK of every segment below {@code cum}, echoing the last one's TSval. */
    ScriptedAcks ackThrough(long ns, long cum) {
        return ack(ns, cum, () -> tsValOf(cum - 1));
    }

    /** The first transmissions from {@code fromNs} up to {@code toNs}, in order. */
    List<Long> firstSentBetween(long fromNs, long toNs) {
        return sent.stream().filter(x -> !x.again() && x.timeNs() >= fromNs && x.timeNs() < toNs)
                .map(Sent::seg).toList();
    }

    /** The TSval segment {@code seg} carried when first sent. */
    int tsValOf(long seg) {
        return sent.stream().filter(s -> s.seg() == seg && !s.again()).findFirst().orElseThrow().tsVal();
    }

    /** The TSval of segment {@code seg}'s latest retransmission. */
    int retransmittedTsValOf(long seg) {
        return sent.stream().filter(s -> s.seg() == seg && s.again()).reduce((a, b) -> b).orElseThrow().tsVal();
    }

    /** How many times segment {@code seg} was sent again. */
    long retransmissionsOf(long seg) {
        return sent.stream().filter(s -> s.seg() == seg && s.again()).count();
    }

    /** The highest segment sent so far. */
    long highestSent() {
        return highestSent;
    }

    /** Runs the script up to {@code ns}. */
    void runUntil(long ns) {
        at(ns, sim::stop);
        sim.start();
    }
}
