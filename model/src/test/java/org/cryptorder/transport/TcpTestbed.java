package org.cryptorder.transport;

import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.Once;
import org.cryptorder.engine.Time;
import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.receive.TcpReceiver;
import org.cryptorder.transport.tcp.send.TcpSender;
import org.cryptorder.transport.wire.FlowAddress;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * One TCP connection over two {@link Pipe}s (data one way, ACKs the other) on a fresh simulator:
 * the sender starts at time 0, counters are reset at the end of the warm-up, the run stops at the
 * horizon.
 */
final class TcpTestbed {
    static final double TEN_GBPS = 10e9;
    static final long ONE_WAY_20_US = 20_000;
    /** The sender's share of the transmit queue before it is throttled, octets. */
    static final long GATE_BYTES = 64 * 1024;

    final Simulator sim = EventListKind.DEFAULT.newSimulator();
    final TcpConfig cfg;
    final Pipe forward;
    final Pipe reverse;
    final TcpSender sender;
    final TcpReceiver receiver;
    private long warmupNs;
    private long endNs;

    TcpTestbed(TcpConfig cfg, double rateBps, long delayNs, long gateBytes) {
        this.cfg = cfg;
        FlowAddress data = FlowAddress.example();
        forward = new Pipe(sim, rateBps, delayNs, Pipe.MACSEC_ETHERNET_OVERHEAD, gateBytes);
        reverse = new Pipe(sim, rateBps, delayNs, Pipe.MACSEC_ETHERNET_OVERHEAD, Long.MAX_VALUE);
        sender = new TcpSender(sim, cfg, data, forward);
        receiver = new TcpReceiver(sim, cfg, data.reversed(), reverse);
        sender.transmitGate(forward);
        forward.onSpace(sender::resume);
        forward.connect(receiver::receive);
        reverse.connect(sender::receive);
    }

    /** 10 Gbit/s, 20 us one way, 64 KiB gate. */
    TcpTestbed(TcpConfig cfg) {
        this(cfg, TEN_GBPS, ONE_WAY_20_US, GATE_BYTES);
    }

    /** Runs {@code action} at time {@code ns} of the coming run. */
    TcpTestbed at(long ns, Runnable action) {
        Once.at(sim, Time.ns(ns), action);
        return this;
    }

    /** Runs {@code action} every {@code periodNs} from {@code periodNs} on. */
    TcpTestbed every(long periodNs, Runnable action) {
        new Event(sim) {
            @Override
            public void actions() {
                action.run();
                schedule(Time.ns(periodNs));
            }
        }.schedule(Time.ns(periodNs));
        return this;
    }

    /** Runs from 0 to {@code endNs}, resetting counters at {@code warmupNs}. */
    TcpTestbed run(long warmup, long end) {
        this.warmupNs = warmup;
        this.endNs = end;
        at(0, sender::start);
        if (warmup > 0) {
            at(warmup, () -> {
                sender.resetCounters();
                receiver.resetCounters();
            });
        }
        at(end, sim::stop);
        sim.start();
        return this;
    }

    /** Goodput after the warm-up, bit/s. */
    double goodputBps() {
        return receiver.bytesDelivered() * 8.0 / ((endNs - warmupNs) * 1e-9);
    }
}
