package org.cryptorder.net;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.NapiPoll;

/**
 * The per-CPU queue through which a MACsec device hands decrypted frames to the stack ({@code
 * gro_cells_receive}, {@code net/core/gro_cells.c}): frames completed inline in the NAPI poll and
 * frames completed by cryptd on this CPU join one FIFO ({@code cell->napi_skbs}), served by the
 * cell's own NAPI in softirq ({@code gro_cell_poll}), which hands each to GRO
 * ({@code napi_gro_receive}).
 *
 * <p><b>GRO</b> (when on, {@code ethtool -K macsec0 gro on}, Linux's default), for TCP over IPv4 as
 * {@code dev_gro_receive}, {@code inet_gro_receive} and {@code tcp_gro_receive} do it: a data
 * segment that continues a held packet of its flow is merged into it when its IPv4 header (version
 * and length 0x45, TOS, TTL, no fragment, the ID one more per merged segment) and its TCP header
 * (acknowledgment, the flags and window word but CWR, FIN and PSH, every option byte: timestamps
 * must be equal) agree, it starts where the packet ends, it is no longer than the packet's first
 * segment ({@code gso_size}), and the packet stays under 64 KB ({@code gro_max_size}, 65,536). A
 * segment that cannot be merged flushes the held packet and is held in its place; one with PSH,
 * URG, RST, SYN or FIN, or shorter than {@code gso_size}, ends its packet (merged first, when it
 * could be). A pure ACK and everything not TCP over IPv4 (UDP: no UDP GRO without a socket that
 * asks for it, {@code udp_gro_receive}) go up at once. At most {@code MAX_GRO_SKBS} (8) packets are
 * held; a ninth flow flushes the oldest. The cell's queue drops a frame when more than
 * {@code netdev_max_backlog} (1,000) wait ({@link MacsecDrop#RX_GRO_CELL_FULL}). Held packets are flushed when the poll completes
 * ({@code napi_complete_done}), and when it uses its whole budget: all of them with HZ below 1000,
 * only those held since an earlier jiffy with HZ 1000 ({@code napi_gro_flush(n, HZ >= 1000)}).
 * A flushed packet goes up the stack as one skb ({@link ProtocolEndpoint#receive(Cpu, Packet[], int)}).
 *
 * <p>Costs: {@code groSegmentCycles} per frame GRO takes; a packet's way up the stack is the
 * endpoint's ({@link ProtocolEndpoint#receiveNs(Packet, int)}), once per GRO packet. Not modelled:
 * {@code gro_normal_list}'s batches of 8 ({@code gro_normal_batch}) on the way up, which change
 * when, not in which order, packets reach the stack.
 */
final class GroCell extends NapiPoll {
    /** {@code MAX_GRO_SKBS}. */
    static final int MAX_HELD = 8;
    /** {@code gro_max_size}'s default ({@code GRO_LEGACY_MAX_SIZE}; 5.6's fixed {@code 65536}). */
    static final int MAX_SIZE = 65536;

    /** Where the cell's packets go: the device's endpoints, and who watches. */
    interface Stack {
        /** The endpoint of {@code p}'s flow. */
        ProtocolEndpoint endpoint(Packet p);

        /** Who hears of each frame's steps, or null. */
        MacsecObserver observer();

        /** The tap on the device, or null. */
        FrameTap tap();

        /** The cell dropped {@code p} for {@code reason}. */
        void dropped(Cpu cpu, Packet p, MacsecDrop reason);
    }

    /** {@code netdev_max_backlog}'s default: {@code gro_cells_receive} drops above it. */
    static final int MAX_BACKLOG = 1000;

    private final ArrayDeque<Packet> queue = new ArrayDeque<>();
    private final Stack device;
    private final boolean gro;
    private final double groSegmentNs;
    private final double jiffyNs;
    private final boolean flushOnlyOld;
    private final List<GroPacket> held = new ArrayList<>(MAX_HELD);
    private final ArrayDeque<GroPacket> up = new ArrayDeque<>();
    private Packet current;
    private GroPacket delivering;
    private boolean direct;
    private double currentStartNs;
    private long packetsUp;
    private long segmentsUp;

    /**
     * @param gro          whether GRO merges TCP segments
     * @param groSegmentNs CPU time of GRO per frame, ns
     * @param hz           the kernel's tick ({@code napi_gro_flush}'s jiffy, and its rule for HZ below 1000)
     */
    GroCell(Stack device, int budget, boolean gro, double groSegmentNs, int hz) {
        super(budget);
        this.device = device;
        this.gro = gro;
        this.groSegmentNs = groSegmentNs;
        this.jiffyNs = 1e9 / hz;
        this.flushOnlyOld = hz >= 1000;
    }

    /** {@code gro_cells_receive}: queued for the cell's poll, or dropped when more than {@link #MAX_BACKLOG} wait. */
    void receive(Cpu cpu, Packet p) {
        if (queue.size() > MAX_BACKLOG) {
            device.dropped(cpu, p, MacsecDrop.RX_GRO_CELL_FULL);
            return;
        }
        queue.add(p);
        schedule(cpu);
    }

    @Override
    public double start(Cpu cpu) {
        currentStartNs = cpu.now();
        if (!up.isEmpty()) {
            delivering = up.poll();
            return device.endpoint(delivering.first()).receiveNs(delivering.first(), delivering.count());
        }
        current = queue.poll();
        polledOne();
        if (device.tap() != null) {
            device.tap().frame(currentStartNs, current, false);
        }
        direct = !gro || !TcpSegmentView.isTcpData(current);
        double ns = gro ? groSegmentNs : 0;
        return direct ? ns + device.endpoint(current).receiveNs(current) : ns;
    }

    @Override
    public void finish(Cpu cpu) {
        if (delivering != null) {
            GroPacket g = delivering;
            delivering = null;
            goUp(cpu, g);
        } else {
            Packet p = current;
            current = null;
            if (direct) {
                MacsecObserver o = device.observer();
                if (o != null) {
                    o.deliveredUp(cpu, p, currentStartNs, 1, null);
                }
                packetsUp++;
                segmentsUp++;
                device.endpoint(p).receive(cpu, p);
            } else {
                groReceive(cpu, p);
            }
        }
        if (queue.isEmpty() && up.isEmpty() && !held.isEmpty()) {
            flushHeld(cpu, false, "the poll completed");
        }
        afterFrame(cpu, queue.isEmpty() && up.isEmpty());
    }

    @Override
    protected void budgetUsed(Cpu cpu) {
        if (!held.isEmpty()) {
            flushHeld(cpu, flushOnlyOld, "the poll used its budget");
        }
    }

    /** {@code dev_gro_receive} for a TCP data segment. */
    private void groReceive(Cpu cpu, Packet p) {
        TcpSegmentView s = TcpSegmentView.of(p);
        GroPacket h = null;
        for (GroPacket g : held) {
            if (g.sameFlow(s)) {
                h = g;
                break;
            }
        }
        if (h != null) {
            String refused = h.refuses(s);
            if (refused == null) {
                h.merge(p, s);
                String ends = s.endsPacket(h.gsoSize());
                if (ends != null) {
                    held.remove(h);
                    flush(h, ends);
                }
                return;
            }
            held.remove(h);
            flush(h, refused);
        }
        GroPacket fresh = new GroPacket(p, s, (long) Math.floor(cpu.now() / jiffyNs));
        String ends = s.flagsEndPacket();
        if (ends != null) {
            flush(fresh, ends);
            return;
        }
        if (held.size() == MAX_HELD) {
            flush(held.remove(0), "a ninth flow (MAX_GRO_SKBS)");
        }
        held.add(fresh);
    }

    private void flushHeld(Cpu cpu, boolean onlyOld, String why) {
        long jiffy = (long) Math.floor(cpu.now() / jiffyNs);
        for (int i = 0; i < held.size(); ) {
            GroPacket g = held.get(i);
            if (onlyOld && g.jiffy() == jiffy) {
                i++;
            } else {
                held.remove(i);
                flush(g, why);
            }
        }
    }

    private void flush(GroPacket g, String why) {
        g.flushedBy(why);
        up.add(g);
    }

    private void goUp(Cpu cpu, GroPacket g) {
        MacsecObserver o = device.observer();
        if (o != null) {
            for (int i = 0; i < g.count(); i++) {
                o.deliveredUp(cpu, g.segment(i), currentStartNs, g.count(), g.flushedBy());
            }
        }
        packetsUp++;
        segmentsUp += g.count();
        Packet first = g.first();
        if (g.count() == 1) {
            device.endpoint(first).receive(cpu, first);
        } else {
            device.endpoint(first).receive(cpu, g.segments(), g.count());
        }
    }

    /** Packets this cell took up the stack (a GRO packet, or a frame GRO did not hold, counts once). */
    long packetsUp() {
        return packetsUp;
    }

    /** Frames in those packets. */
    long segmentsUp() {
        return segmentsUp;
    }
}
