package org.cryptorder.transport;

import org.cryptorder.host.Context;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.Task;
import org.cryptorder.host.Work;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.net.MacsecDevice;
import org.cryptorder.net.Packet;
import org.cryptorder.net.StackCosts;
import umontreal.ssj.rng.RandomStream;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * A UDP sender like {@code iperf3 -u -b RATE -l SIZE}: an application task that sends datagrams
 * of a fixed size at a constant rate, or with exponential gaps of the same mean (Poisson), each
 * carrying its sequence number and send time. Each send is one piece of the task's work: the stack
 * down to the MACsec device, whose AEAD runs inline in this task unless the crypto API queues it.
 * When the task falls behind (CPU busy), it sends back to back until it has caught up.
 */
public final class UdpSource {
    private final Task task;
    private final MacsecDevice device;
    private final StackCosts costs;
    private final int flow;
    private final int payload;
    private final double meanGapNs;
    private final RandomStream poisson;
    private final byte[] srcMac;
    private final byte[] dstMac;
    private final Event wake;
    private final Send send = new Send();
    private double due;
    private long seq;
    private double stopAt = Double.POSITIVE_INFINITY;

    /**
     * @param payloadOctets UDP payload per datagram (at least 16)
     * @param packetsPerSecond sending rate
     * @param poisson       stream for exponential gaps, or null for a constant rate
     */
    public UdpSource(Cpu cpu, MacsecDevice device, StackCosts costs, int flow, int payloadOctets,
                     double packetsPerSecond, RandomStream poisson, byte[] srcMac, byte[] dstMac) {
        if (payloadOctets < UdpWire.MIN_PAYLOAD) {
            throw new IllegalArgumentException("UDP payload must be at least " + UdpWire.MIN_PAYLOAD + " octets");
        }
        if (!(packetsPerSecond > 0)) {
            throw new IllegalArgumentException("packet rate must be positive");
        }
        this.task = cpu.newTask("udp-source" + flow, Context.USER_TASK, true);
        this.device = device;
        this.costs = costs;
        this.flow = flow;
        this.payload = payloadOctets;
        this.meanGapNs = 1e9 / packetsPerSecond;
        this.poisson = poisson;
        this.srcMac = srcMac.clone();
        this.dstMac = dstMac.clone();
        this.wake = new Wake(cpu.simulator());
    }

    /** Starts sending at the current time; stops at {@code stopAtNs}. */
    public void start(double stopAtNs) {
        stopAt = stopAtNs;
        due = task.cpu().now();
        task.submit(send);
    }

    private double gap() {
        return poisson == null ? meanGapNs : -meanGapNs * Math.log1p(-poisson.nextDouble());
    }

    private final class Send implements Work {
        private Packet packet;

        @Override
        public double start(Cpu cpu) {
            MacsecFrame f = MacsecFrame.copyOf(new byte[UdpWire.HEADERS + payload]);
            UdpWire.write(f.bytes(), f.offset(), dstMac, srcMac, 0x0a000001, 0x0a000002, 5201, 5201, seq,
                    (long) cpu.now(), payload);
            packet = new Packet(((long) flow << 40) | seq, flow, cpu.now(), f);
            seq++;
            return costs.ns(costs.udpTxCycles()) + device.startTransmit(cpu, packet);
        }

        @Override
        public void finish(Cpu cpu) {
            device.finishTransmit(cpu, packet);
            packet = null;
            due += gap();
            double now = cpu.now();
            if (due >= stopAt) {
                return;
            }
            if (due <= now) {
                task.submit(this);
            } else {
                wake.schedule(Math.rint(due - now));
            }
        }
    }

    private final class Wake extends Event {
        Wake(Simulator s) {
            super(s);
        }

        @Override
        public void actions() {
            task.submit(send);
        }
    }

    /** Datagrams handed to the stack so far. */
    public long sent() {
        return seq;
    }

    public Task task() {
        return task;
    }

    public int flow() {
        return flow;
    }
}
