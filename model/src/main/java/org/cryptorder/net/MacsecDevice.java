package org.cryptorder.net;

import java.util.Arrays;
import java.util.List;
import org.cryptorder.crypto.CryptoApi;
import org.cryptorder.engine.ReasonSignal;
import org.cryptorder.host.Cpu;
import org.cryptorder.macsec.SecY;
import org.cryptorder.metrics.Column;

/**
 * A Linux MACsec net device on top of a {@link Nic}: its {@link SecY}, one crypto transform per SA,
 * the protocol endpoints bound to it, and the frame's path in both directions, each split where the
 * AEAD request is issued.
 *
 * <p>TX ({@link MacsecTx}, {@code macsec_start_xmit}): {@link #startTransmit} in the sender's
 * context (PN, SecTAG, AEAD request: inline, cryptd, or refused), {@link #finishTransmit} when that
 * context's work ends; an encrypted frame goes down from the CPU that completed it to the TX queue
 * of the CPU that sent it (XPS by {@code sender_cpu}, {@link Nic#txQueueOf}).
 * RX ({@link MacsecRx}, {@code macsec_handle_frame}, in the NAPI poll): the same split through
 * {@link ReceivedFrameHandler}; a delivered frame joins the completing CPU's {@link GroCell}, which takes
 * it up the stack to the endpoint of its flow. Both halves end the submitting context's part of a
 * request in one way ({@link MacsecRequest#submitterDone}).
 *
 * <p>Observation: every frame the device drops is emitted on {@link #drops} with its reason
 * ({@link MacsecDrop}); each step of a frame goes to an optional {@link MacsecObserver} (its trace
 * source), of which {@code explain}'s narration is one ({@link MacsecNarration}).
 */
public final class MacsecDevice implements ReceivedFrameHandler {
    /** The device's receive columns of {@code runs.csv}, read from b's device. */
    public static final List<Column<MacsecDevice>> RX_COLUMNS = List.of(
            Column.growthRatio("gro_segments_per_packet_mean", "frames", "frames per GRO packet",
                    "Mean frames in each packet b's MACsec GRO cells took up the stack (`hosts.gro`: consecutive"
                            + " in-order TCP segments of a flow merged into one skb; 1 without GRO, and for UDP"
                            + " and pure ACKs), from the warm-up's end to the traffic's.",
                    MacsecDevice::groSegmentsUp, MacsecDevice::groPacketsUp),
            Column.count("resequencer_timeouts", "gaps", "resequencer timeouts",
                    "Gaps the PN reorder queue of the resequencing policies gave up on.",
                    MacsecDevice::resequencerTimeouts));

    /** The drops of b's device on receive, by reason ({@link #drops}). */
    public static final List<Column<MacsecDevice>> RX_DROP_COLUMNS = List.of(
            Column.drops("gro_cell_dropped", "frames", "GRO cell dropped",
                    "Decrypted frames b's MACsec device dropped because the CPU's GRO cell already held"
                            + " `netdev_max_backlog` (1,000) frames (`gro_cells_receive`; the device's `rx_dropped`).",
                    d -> d.drops, MacsecDrop.RX_GRO_CELL_FULL));

    /** The drops of both hosts' devices on transmit, by reason ({@link #drops}). */
    public static final List<Column<MacsecDevice>> TX_DROP_COLUMNS = List.of(
            Column.drops("tx_queue_dropped", "frames", "TX queue dropped",
                    "Frames a TX queue of the lower device dropped when MACsec handed them down, both hosts (a's"
                            + " data, b's ACKs): a full qdisc, or a stopped queue without one"
                            + " (`tx_qdisc_dropped`, `tx_ring_dropped`; fq_codel's later drops are counted apart)."
                            + " Linux counts these among the qdisc's drops"
                            + " (`tc -s qdisc show dev eth0`), not in the MACsec device's counters.",
                    d -> d.drops, MacsecDrop.LOWER_QUEUE_FULL));

    /**
     * Every frame the device drops, in either direction, with the reason: {@code <host>.macsec0.drop}.
     * A frame the lower device's TX queue dropped ({@link MacsecDrop#LOWER_QUEUE_FULL}, its reason
     * on the NIC's {@link Nic#txDrops}; at
     * {@code dev_queue_xmit} in {@code macsec_start_xmit} or {@code macsec_encrypt_done}) is one Linux
     * counts among the qdisc's drops ({@code tc -s qdisc show dev <lower>}), not in the MACsec
     * device's counters: {@code count_tx} only skips it.
     */
    public final ReasonSignal<Packet, MacsecDrop> drops;
    private final SecY secy;
    private final CryptoApi crypto;
    private final Nic nic;
    private final GroCell[] groCells;
    private final MacsecTx tx;
    private final MacsecRx rx;
    private ProtocolEndpoint[] endpoints = new ProtocolEndpoint[0];
    private MacsecNarration narration;
    private FrameTap tap;

    /**
     * @param name                the device's name, e.g. {@code b.macsec0}
     * @param cpuCount            CPUs of the host (one GRO cell each)
     * @param resequenceTimeoutNs how long the PN reorder queue waits for a gap (resequencing policies)
     * @param gro                 whether the GRO cells merge TCP segments ({@code ethtool -K macsec0 gro})
     * @param hz                  the kernel's tick (GRO's flush of old packets)
     */
    public MacsecDevice(String name, SecY secy, CryptoApi crypto, Nic nic, StackCosts costs, int cpuCount,
                        double resequenceTimeoutNs, boolean gro, int hz) {
        this.drops = new ReasonSignal<>(name + ".drop");
        this.secy = secy;
        this.crypto = crypto;
        this.nic = nic;
        this.groCells = new GroCell[cpuCount];
        for (int i = 0; i < cpuCount; i++) {
            groCells[i] = new GroCell(stack, Nic.DEFAULT_BUDGET, gro, costs.ns(costs.groSegmentCycles()), hz);
        }
        this.tx = new MacsecTx(this, secy, crypto, nic, costs);
        this.rx = new MacsecRx(this, secy, crypto, costs, resequenceTimeoutNs);
    }

    /** What the GRO cells take packets up to. */
    private final GroCell.Stack stack = new GroCell.Stack() {
        @Override
        public ProtocolEndpoint endpoint(Packet p) {
            return MacsecDevice.this.endpoint(p);
        }

        @Override
        public MacsecObserver observer() {
            return narration;
        }

        @Override
        public FrameTap tap() {
            return tap;
        }

        @Override
        public void dropped(Cpu cpu, Packet p, MacsecDrop reason) {
            MacsecDevice.this.dropped(cpu, p, reason);
        }
    };

    /** Narrates the first frames' steps through this device into {@code t}. */
    public void trace(FrameTrace t, String hostName) {
        this.narration = new MacsecNarration(t, hostName, crypto);
    }

    /** Tells {@code t} of each frame passed down to this device (in the clear) or up from it (decrypted); null: none. */
    public void tap(FrameTap t) {
        this.tap = t;
    }

    /** The tap on this device, or null. */
    FrameTap tap() {
        return tap;
    }

    /** Emits the drop of {@code p} for {@code reason} (no reason: not a drop). */
    void dropped(Cpu cpu, Packet p, MacsecDrop reason) {
        if (reason != null && drops.hasObservers()) {
            drops.emit(cpu.now(), p, reason);
        }
    }

    /** Who hears of each step of a frame, or null. */
    MacsecObserver observer() {
        return narration;
    }

    public SecY secy() {
        return secy;
    }

    public CryptoApi crypto() {
        return crypto;
    }

    /** Binds the protocol endpoint of a flow. */
    public void bind(int flow, ProtocolEndpoint endpoint) {
        if (flow >= endpoints.length) {
            ProtocolEndpoint[] grown = new ProtocolEndpoint[flow + 1];
            System.arraycopy(endpoints, 0, grown, 0, endpoints.length);
            endpoints = grown;
        }
        endpoints[flow] = endpoint;
    }

    /** The protocol endpoint bound to {@code p}'s flow. */
    ProtocolEndpoint endpoint(Packet p) {
        return endpoints[p.flow()];
    }

    /** The GRO cell of {@code cpu}. */
    GroCell groCell(Cpu cpu) {
        return groCells[cpu.id()];
    }

    /**
     * The sending context's part of {@code macsec_start_xmit}: PN, SecTAG and the AEAD request.
     * Returns the CPU time it costs that context, ns (the inline AEAD included).
     */
    public double startTransmit(Cpu cpu, Packet p) {
        return tx.start(cpu, p);
    }

    /** The end of the sending context's work: completes an inline request, drops a refused one. */
    public void finishTransmit(Cpu cpu, Packet p) {
        tx.finish(cpu, p);
    }

    /** The NAPI poll takes a frame: {@code macsec_handle_frame} up to the decryption request. */
    @Override
    public double receiveStart(Cpu cpu, Packet p) {
        return rx.start(cpu, p);
    }

    /** The NAPI poll's work on the frame ends. */
    @Override
    public void receiveFinish(Cpu cpu, Packet p) {
        rx.finish(cpu, p);
    }

    /** Packets the GRO cells took up the stack: a GRO packet, or a frame GRO did not hold, counts once. */
    public long groPacketsUp() {
        return Arrays.stream(groCells).mapToLong(GroCell::packetsUp).sum();
    }

    /** Frames in the packets the GRO cells took up the stack. */
    public long groSegmentsUp() {
        return Arrays.stream(groCells).mapToLong(GroCell::segmentsUp).sum();
    }

    /** Gaps the PN reorder queues gave up on. */
    public long resequencerTimeouts() {
        return rx.resequencerTimeouts();
    }
}
