package org.cryptorder.transport.udp;

import java.util.List;
import org.cryptorder.host.Context;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.Task;
import org.cryptorder.host.Work;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.metrics.Column;
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
 *
 * <p>Optionally the sends run in softirq context instead of a task (as transmissions triggered
 * from NET_RX or a timer do, for instance TCP's ACK-clocked sends): their AEAD requests then find
 * the FPU unusable when the softirq interrupted a kernel FPU section.
 *
 * <p>Optionally the task migrates among several CPUs (the scheduler moving it, at exponential
 * intervals of a given mean): its frames are then encrypted on different CPUs, whose cryptd
 * queues drain independently, and can reach the wire out of PN order.
 */
public final class UdpSource {
    /** The sources' column of {@code runs.csv}, summed over a's sources. */
    public static final List<Column<UdpSource>> COLUMNS = List.of(
            Column.count("udp_sent", "datagrams", "UDP sent", "Datagrams a's UDP sources sent.", UdpSource::sent));

    private final Task[] tasks;
    private int on;
    private final RandomStream migrations;
    private final double migrateMeanNs;
    private final MacsecDevice device;
    private final StackCosts costs;
    private final int flow;
    private final int payload;
    private final double meanGapNs;
    private final RandomStream poisson;
    private final byte[] srcMac;
    private final byte[] dstMac;
    private final Event wake;
    private final Event migrate;
    private final Send send = new Send();
    private double due;
    /** iperf3 numbers datagrams from 1. */
    private long seq = 1;
    private double stopAt = Double.POSITIVE_INFINITY;
    private long migrated;
    private boolean fromSoftirq;

    /**
     * What the source sends: {@code iperf3 -u}'s datagrams of one flow.
     *
     * @param flow             the flow's number (its UDP ports, the receiving socket)
     * @param payloadOctets    UDP payload per datagram (at least 16)
     * @param packetsPerSecond sending rate
     * @param poisson          stream for exponential gaps, or null for a constant rate
     * @param srcMac           the sending host's MAC address
     * @param dstMac           the receiving host's MAC address
     */
    public record Datagrams(int flow, int payloadOctets, double packetsPerSecond, RandomStream poisson, byte[] srcMac,
                            byte[] dstMac) {
        public Datagrams {
            if (payloadOctets < UdpWire.MIN_PAYLOAD) {
                throw new IllegalArgumentException("UDP payload must be at least " + UdpWire.MIN_PAYLOAD + " octets");
            }
            if (!(packetsPerSecond > 0)) {
                throw new IllegalArgumentException("packet rate must be positive");
            }
        }
    }

    /** A source on one CPU, sending {@code datagrams} through {@code device}. */
    public UdpSource(Cpu cpu, MacsecDevice device, StackCosts costs, Datagrams datagrams) {
        this(new Cpu[] {cpu}, 0, null, device, costs, datagrams);
    }

    /**
     * A source that migrates among {@code cpus} with exponential intervals of mean {@code
     * migrateMeanNs} drawn from {@code migrations} (0 or one CPU: it never migrates).
     */
    public UdpSource(Cpu[] cpus, double migrateMeanNs, RandomStream migrations, MacsecDevice device, StackCosts costs,
                     Datagrams datagrams) {
        int flow = datagrams.flow();
        this.tasks = new Task[cpus.length];
        for (int i = 0; i < cpus.length; i++) {
            tasks[i] = cpus[i].newTask("udp-source" + flow, Context.USER_TASK, true);
        }
        this.migrations = migrations;
        this.migrateMeanNs = migrateMeanNs;
        this.device = device;
        this.costs = costs;
        this.flow = flow;
        this.payload = datagrams.payloadOctets();
        this.meanGapNs = 1e9 / datagrams.packetsPerSecond();
        this.poisson = datagrams.poisson();
        this.srcMac = datagrams.srcMac().clone();
        this.dstMac = datagrams.dstMac().clone();
        this.wake = new Wake(cpus[0].simulator());
        this.migrate = cpus.length > 1 && migrateMeanNs > 0 ? new Migrate(cpus[0].simulator()) : null;
    }

    /** Sends from softirq context on the source's current CPU instead of from its task. */
    public void sendFromSoftirq(boolean on) {
        this.fromSoftirq = on;
    }

    private void submit() {
        if (fromSoftirq) {
            tasks[on].cpu().raiseSoftirq(send);
        } else {
            tasks[on].submit(send);
        }
    }

    /** Starts sending at the current time; stops at {@code stopAtNs}. */
    public void start(double stopAtNs) {
        stopAt = stopAtNs;
        due = tasks[0].cpu().now();
        submit();
        if (migrate != null) {
            migrate.schedule(nextMigration());
        }
    }

    private double nextMigration() {
        return Math.max(1, Math.rint(-migrateMeanNs * Math.log1p(-migrations.nextDouble())));
    }

    private final class Migrate extends Event {
        Migrate(Simulator s) {
            super(s);
        }

        @Override
        public void actions() {
            on = (on + 1) % tasks.length;
            migrated++;
            if (sim.time() < stopAt) {
                schedule(nextMigration());
            }
        }
    }

    private double gap() {
        return poisson == null ? meanGapNs : -meanGapNs * Math.log1p(-poisson.nextDouble());
    }

    private final class Send implements Work {
        private Packet packet;

        @Override
        public double start(Cpu cpu) {
            MacsecFrame f = MacsecFrame.allocate(UdpWire.HEADERS + payload);
            UdpWire.write(f.bytes(), f.offset(), dstMac, srcMac, 0x0a000001, 0x0a000002, 5201, 5201, seq,
                    (long) cpu.now(), payload);
            packet = new Packet(((long) flow << 40) | seq, flow, cpu.now(), f);
            seq++;
            return costs.ns(costs.udpTxCycles()) + device.startTransmit(cpu, packet);
        }

        /** From a task, dev_queue_xmit runs under rcu_read_lock_bh: softirqs wait for the transmission. */
        @Override
        public boolean bhDisabled() {
            return !fromSoftirq;
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
                submit();
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
            submit();
        }
    }

    /** Datagrams handed to the stack so far. */
    public long sent() {
        return seq - 1;
    }

    /** The task on the CPU the source is on now. */
    public Task task() {
        return tasks[on];
    }

    /** How many times the source moved to another CPU. */
    public long migrations() {
        return migrated;
    }

    public int flow() {
        return flow;
    }
}
