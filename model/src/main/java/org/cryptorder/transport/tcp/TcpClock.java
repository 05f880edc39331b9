package org.cryptorder.transport.tcp;

import org.cryptorder.engine.Time;
import umontreal.ssj.simevents.Simulator;

/**
 * The clocks a TCP endpoint reads, all derived from the simulation clock (integer ns held in a
 * double): the ns clock ({@code tcp_clock_ns}), jiffies (the kernel tick, 1/HZ) and the TCP
 * timestamp clock (ms ticks, TCP_TS_HZ = 1000).
 */
public final class TcpClock {
    private final Simulator sim;
    private final long jiffyNs;
    private final long tsTickNs;

    public TcpClock(Simulator sim, TcpTimers timers) {
        this.sim = sim;
        this.jiffyNs = timers.jiffyNs();
        this.tsTickNs = timers.tsTickNs();
    }

    Simulator simulator() {
        return sim;
    }

    /** Now, ns. */
    public long nowNs() {
        return (long) Time.toNs(sim.time());
    }

    /** The jiffies counter now. */
    public long jiffies() {
        return nowNs() / jiffyNs;
    }

    public long jiffyNs() {
        return jiffyNs;
    }

    /** A duration in whole jiffies, rounded up, as {@code usecs_to_jiffies} rounds. */
    public long toJiffies(long ns) {
        return ns <= 0 ? 0 : (ns + jiffyNs - 1) / jiffyNs;
    }

    /** Nanoseconds from now to the tick that ends jiffy {@code j} (when a timer for {@code j} fires). */
    public long nsUntilJiffy(long j) {
        return Math.max(0, j * jiffyNs - nowNs());
    }

    /**
     * The timestamp clock now, in ticks, before the connection's offset. It reads 1 in the first
     * tick, never 0: Linux takes a zero echo or a zero {@code retrans_stamp} for "none", and its
     * clock is far from 0 after boot.
     */
    public int tsNow() {
        return (int) (nowNs() / tsTickNs) + 1;
    }

    public long tsTickNs() {
        return tsTickNs;
    }
}
