package org.cryptorder.net;

import java.util.ArrayDeque;
import org.cryptorder.engine.LevelSignal;
import org.cryptorder.engine.ReasonSignal;

/**
 * A bounded FIFO of frames (a NIC's RX descriptor ring), with the statistics Little's law needs:
 * arrivals, departures, time-average occupancy and mean wait. The TX side has its own queue,
 * qdisc and ring ({@link TxQueue}).
 *
 * <p>Signals: its occupancy at each change ({@link #length}, {@code <ring>.length}) and each frame it
 * refused, full ({@link #drops}, {@code <ring>.drop}, reason {@link RxDrop#RING_FULL}), while someone listens.
 */
public final class Ring {
    private final String name;
    private final int capacity;
    private final ArrayDeque<Packet> frames = new ArrayDeque<>();
    private long accepted;
    private long dropped;
    private long departed;
    private double waitSumNs;
    private double areaNs;
    private double lastChange;
    private int maxOccupancy;
    private final LevelSignal length;
    /** Every frame refused because the ring was full ({@code rx_missed_errors}): {@code <ring>.drop}. */
    public final ReasonSignal<Packet, RxDrop> drops;

    public Ring(String name, int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException(name + ": ring size must be at least 1, got " + capacity);
        }
        this.name = name;
        this.capacity = capacity;
        this.length = new LevelSignal(name + ".length");
        this.drops = new ReasonSignal<>(name + ".drop");
    }

    /** Adds a frame at time {@code now}; false (and counted as a drop) when the ring is full. */
    public boolean offer(Packet p, double now) {
        if (frames.size() >= capacity) {
            dropped++;
            if (drops.hasObservers()) {
                drops.emit(now, p, RxDrop.RING_FULL);
            }
            return false;
        }
        account(now);
        p.queuedAt = now;
        frames.add(p);
        accepted++;
        maxOccupancy = Math.max(maxOccupancy, frames.size());
        if (length.hasObservers()) {
            length.emit(now, frames.size());
        }
        return true;
    }

    /** Removes the oldest frame at time {@code now}, or returns null when empty. */
    public Packet poll(double now) {
        if (frames.isEmpty()) {
            return null;
        }
        account(now);
        Packet p = frames.poll();
        departed++;
        waitSumNs += now - p.queuedAt;
        if (length.hasObservers()) {
            length.emit(now, frames.size());
        }
        return p;
    }

    private void account(double now) {
        areaNs += frames.size() * (now - lastChange);
        lastChange = now;
    }

    public boolean isEmpty() {
        return frames.isEmpty();
    }

    public boolean isFull() {
        return frames.size() >= capacity;
    }

    public int size() {
        return frames.size();
    }

    public int capacity() {
        return capacity;
    }

    public String name() {
        return name;
    }

    public long accepted() {
        return accepted;
    }

    public long dropped() {
        return dropped;
    }

    public long departed() {
        return departed;
    }

    /** The frames in the ring at each change (while someone listens): {@code <ring>.length}. */
    public LevelSignal length() {
        return length;
    }

    public int maxOccupancy() {
        return maxOccupancy;
    }

    /** Mean time frames that left spent in the ring, ns. */
    public double meanWaitNs() {
        return departed == 0 ? Double.NaN : waitSumNs / departed;
    }

    /** Time-average number of frames in the ring over [0, now]. */
    public double meanOccupancy(double now) {
        return now <= 0 ? 0 : (areaNs + frames.size() * (now - lastChange)) / now;
    }
}
