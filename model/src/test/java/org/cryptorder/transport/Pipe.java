package org.cryptorder.transport;

import java.util.Arrays;
import java.util.BitSet;
import org.cryptorder.engine.Time;
import org.cryptorder.transport.tcp.SegmentOutput;
import org.cryptorder.transport.tcp.send.TransmitGate;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * A one-way link for tests: packets queue in FIFO order, are serialized at {@code rateBps} with a
 * per-frame overhead (MACsec, Ethernet, FCS, preamble and inter-frame gap), then arrive
 * {@code delayNs} later. Deterministic injectors hold a given frame back past a number of its
 * successors, drop given frames, or drop everything arriving during a blackout.
 *
 * <p>As a {@link TransmitGate}, it lets a sender queue up to {@code gateBytes} octets and calls
 * the registered {@code onSpace} action when the queue has drained below that again (TSQ style).
 * Frames are numbered from 1 in the order they enter.
 */
public final class Pipe implements TransmitGate, SegmentOutput {

    /** What receives the frames at the far end. */
    @FunctionalInterface
    public interface Sink {
        void receive(byte[] buf, int off, int len);
    }

    /** MACsec SecTAG+ICV 32, Ethernet header 14, FCS 4, preamble 8, inter-frame gap 12. */
    public static final int MACSEC_ETHERNET_OVERHEAD = 32 + 14 + 4 + 8 + 12;

    private final Simulator sim;
    private final double rateBps;
    private final long delayNs;
    private final int overhead;
    private final long gateBytes;
    private Sink sink = (b, o, l) -> { };
    private Runnable onSpace = () -> { };

    private byte[][] bufs = new byte[64][];
    private int[] lens = new int[64];
    private long[] index = new long[64];
    private long[] arrival = new long[64];
    private int head;
    private int serialized;
    private int tail;
    private int size;
    private long queuedBytes;
    private boolean refused;
    private long framesIn;
    private long framesDelivered;
    private long framesDropped;
    private boolean serializing;
    private boolean deliveryArmed;
    private double serCarry;

    private final BitSet drops = new BitSet();
    private long blackoutFrom = -1;
    private long blackoutTo = -1;
    private long[] reorderFrame = new long[0];
    private int[] reorderDisplacement = new int[0];
    private final byte[][] held = new byte[8][];
    private final int[] heldLen = new int[8];
    private final int[] heldCountdown = new int[8];
    private int heldCount;

    private long watchedFrame = -1;
    private Runnable onWatched = () -> { };
    private final Event serDone;
    private final Event deliver;

    public Pipe(Simulator sim, double rateBps, long delayNs, int overheadBytes, long gateBytes) {
        this.sim = sim;
        this.rateBps = rateBps;
        this.delayNs = delayNs;
        this.overhead = overheadBytes;
        this.gateBytes = gateBytes;
        this.serDone = new SerializationDone(sim);
        this.deliver = new Delivery(sim);
    }

    public void connect(Sink s) {
        this.sink = s;
    }

    void onSpace(Runnable r) {
        this.onSpace = r;
    }

    /** Holds frame {@code frame} back until {@code displacement} later frames have arrived. */
    void reorder(long frame, int displacement) {
        int n = reorderFrame.length;
        reorderFrame = Arrays.copyOf(reorderFrame, n + 1);
        reorderDisplacement = Arrays.copyOf(reorderDisplacement, n + 1);
        reorderFrame[n] = frame;
        reorderDisplacement[n] = displacement;
    }

    /** Runs {@code action} when frame {@code frame} enters the pipe (before it is queued). */
    void onFrame(long frame, Runnable action) {
        this.watchedFrame = frame;
        this.onWatched = action;
    }

    /** Drops frame {@code frame}. */
    void drop(long frame) {
        drops.set((int) frame);
    }

    /** Drops every frame due to arrive in {@code [fromNs, toNs)}. */
    void blackout(long fromNs, long toNs) {
        blackoutFrom = fromNs;
        blackoutTo = toNs;
    }

    long framesIn() {
        return framesIn;
    }

    long framesDelivered() {
        return framesDelivered;
    }

    long framesDropped() {
        return framesDropped;
    }

    /**
     * Serialization time of the next packet of {@code len} octets, whole ns; the fractions left
     * over are carried to the next packet, so the link runs at its exact rate on average.
     */
    private long serializationNs(int len) {
        double exact = (len + overhead) * 8.0 * 1e9 / rateBps + serCarry;
        long ns = (long) Math.floor(exact);
        serCarry = exact - ns;
        return ns;
    }

    @Override
    public boolean canTransmit() {
        if (queuedBytes < gateBytes) {
            return true;
        }
        refused = true;
        return false;
    }

    /** Retransmissions may use twice the budget, as Linux's TSQ allows them. */
    @Override
    public boolean canRetransmit() {
        if (queuedBytes < 2 * gateBytes) {
            return true;
        }
        refused = true;
        return false;
    }

    @Override
    public void transmit(byte[] buf, int off, int len) {
        if (framesIn + 1 == watchedFrame) {
            onWatched.run();
        }
        if (size == bufs.length) {
            grow();
        }
        if (bufs[tail] == null || bufs[tail].length < len) {
            bufs[tail] = new byte[Math.max(len, 1600)];
        }
        System.arraycopy(buf, off, bufs[tail], 0, len);
        lens[tail] = len;
        index[tail] = ++framesIn;
        tail = (tail + 1) % bufs.length;
        size++;
        queuedBytes += len;
        if (!serializing) {
            startSerialization();
        }
    }

    private void grow() {
        int n = bufs.length;
        byte[][] nb = new byte[2 * n][];
        int[] nl = new int[2 * n];
        long[] ni = new long[2 * n];
        long[] na = new long[2 * n];
        for (int k = 0; k < size; k++) {
            int i = (head + k) % n;
            nb[k] = bufs[i];
            nl[k] = lens[i];
            ni[k] = index[i];
            na[k] = arrival[i];
        }
        int ser = (serialized - head + n) % n;
        bufs = nb;
        lens = nl;
        index = ni;
        arrival = na;
        head = 0;
        serialized = ser;
        tail = size;
    }

    private void startSerialization() {
        int i = serialized;
        serializing = true;
        serDone.schedule(Time.ns(serializationNs(lens[i])));
    }

    private final class SerializationDone extends Event {
        SerializationDone(Simulator sim) {
            super(sim);
        }

        @Override
        public void actions() {
            int i = serialized;
            long now = (long) sim.time();
            arrival[i] = now + delayNs;
            queuedBytes -= lens[i];
            serialized = (serialized + 1) % bufs.length;
            serializing = false;
            if (!deliveryArmed) {
                deliver.schedule(Time.ns(arrival[head] - now));
                deliveryArmed = true;
            }
            if (serialized != tail) {
                startSerialization();
            }
            if (refused && queuedBytes < gateBytes) {
                refused = false;
                onSpace.run();
            }
        }
    }

    private final class Delivery extends Event {
        Delivery(Simulator sim) {
            super(sim);
        }

        @Override
        public void actions() {
            deliveryArmed = false;
            int i = head;
            head = (head + 1) % bufs.length;
            size--;
            arrive(bufs[i], lens[i], index[i]);
            if (head != serialized) {
                deliver.schedule(Time.ns(Math.max(0, arrival[head] - (long) sim.time())));
                deliveryArmed = true;
            } else if (size == 0) {
                flushHeld();
            }
        }
    }

    private void arrive(byte[] b, int len, long frame) {
        long now = (long) sim.time();
        if (drops.get((int) frame) || (now >= blackoutFrom && now < blackoutTo)) {
            framesDropped++;
            return;
        }
        for (int r = 0; r < reorderFrame.length; r++) {
            if (reorderFrame[r] == frame && reorderDisplacement[r] > 0) {
                hold(b, len, reorderDisplacement[r]);
                return;
            }
        }
        framesDelivered++;
        sink.receive(b, 0, len);
        for (int h = 0; h < heldCount; h++) {
            if (--heldCountdown[h] == 0) {
                releaseHeld(h);
                h--;
            }
        }
    }

    private void hold(byte[] b, int len, int displacement) {
        if (heldCount == held.length) {
            throw new IllegalStateException("too many frames held at once");
        }
        if (held[heldCount] == null || held[heldCount].length < len) {
            held[heldCount] = new byte[Math.max(len, 1600)];
        }
        System.arraycopy(b, 0, held[heldCount], 0, len);
        heldLen[heldCount] = len;
        heldCountdown[heldCount] = displacement;
        heldCount++;
    }

    private void releaseHeld(int h) {
        byte[] b = held[h];
        int len = heldLen[h];
        for (int k = h; k < heldCount - 1; k++) {
            held[k] = held[k + 1];
            heldLen[k] = heldLen[k + 1];
            heldCountdown[k] = heldCountdown[k + 1];
        }
        heldCount--;
        held[heldCount] = b;
        framesDelivered++;
        sink.receive(b, 0, len);
    }

    private void flushHeld() {
        while (heldCount > 0) {
            releaseHeld(0);
        }
    }
}
