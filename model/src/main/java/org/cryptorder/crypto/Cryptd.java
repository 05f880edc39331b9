package org.cryptorder.crypto;

import java.util.ArrayDeque;
import java.util.List;
import org.cryptorder.engine.LevelSignal;
import org.cryptorder.engine.ReasonSignal;
import org.cryptorder.engine.Time;
import org.cryptorder.host.Context;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.Task;
import org.cryptorder.host.Work;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.metrics.Column;
import org.cryptorder.metrics.ColumnKind;
import org.cryptorder.metrics.ColumnRecorder;

/**
 * cryptd on one CPU ({@code crypto/cryptd.c}): a bounded FIFO of requests shared by every user on
 * that CPU, served by a kworker bound to the CPU that completes one request per invocation and
 * competes with the CPU's other tasks. A full queue refuses the request at once (MACsec sets no
 * backlog flag).
 *
 * <p>Simplification: the worker's AEAD and its completion callback are one piece of work, a kernel
 * FPU section; a softirq that arrives during the callback is treated as arriving in the section.
 */
public final class Cryptd {
    /** cryptd's columns of {@code runs.csv}, over the queues of every CPU of both hosts. */
    public static final List<Column<Cryptd>> COLUMNS = List.of(
            Column.count("cryptd_enqueued", "requests", "cryptd enqueued",
                    "Requests queued in cryptd, both hosts.", Cryptd::enqueued),
            Column.drops("cryptd_dropped", "requests", "cryptd dropped",
                    "Requests cryptd refused because a queue was full, both hosts.", q -> q.drops, CryptdDrop.QUEUE_FULL),
            new Column<>("cryptd_wait_mean_us", "µs", "cryptd wait", ColumnKind.COUNT,
                    "Mean time a request waited in cryptd before its worker took it, over the requests taken after"
                            + " the warm-up (those still queued at the end have no wait yet), both hosts; empty when"
                            + " none was taken.",
                    WaitMean::new));

    private final Cpu cpu;
    private final Task worker;
    private final int capacity;
    private final CryptoCosts costs;
    private final GcmEngine engine;
    private final ArrayDeque<AeadRequest> queue = new ArrayDeque<>();
    private final Completion completion;
    /** The worker runs one invocation at a time, so one object serves every queued request. */
    private final Invocation invocation = new Invocation();

    private long enqueued;
    private long refused;
    private long started;
    private long completed;
    private double waitSumNs;
    private double lengthAreaNs;
    private double lastChange;
    /** The queue length, emitted after each change ({@code <cpu>.<worker>.length}). */
    private final LevelSignal lengthSignal;
    /** Every request the queue refused, with the reason ({@code <cpu>.<worker>.drop}). */
    public final ReasonSignal<AeadRequest, CryptdDrop> drops;

    /** What the worker does with a request it has finished: by default, its completion callback. */
    interface Completion {
        void done(Cpu cpu, AeadRequest r);
    }

    public Cryptd(Cpu cpu, int capacity, CryptoCosts costs, GcmEngine engine) {
        this(cpu, capacity, costs, engine, "kworker/cryptd", (c, r) -> r.complete(c));
    }

    /** A per-CPU worker queue of another name (padata's parallel workers share cryptd's mechanics). */
    Cryptd(Cpu cpu, int capacity, CryptoCosts costs, GcmEngine engine, String workerName, Completion completion) {
        if (capacity < 1) {
            throw new IllegalArgumentException("cryptd queue length must be at least 1, got " + capacity);
        }
        this.cpu = cpu;
        this.capacity = capacity;
        this.costs = costs;
        this.engine = engine;
        this.completion = completion;
        this.worker = cpu.newTask(workerName, Context.KERNEL_WORKER, false);
        this.lengthSignal = new LevelSignal(cpu.name() + "." + workerName.replace('/', '.') + ".length");
        this.drops = new ReasonSignal<>(cpu.name() + "." + workerName.replace('/', '.') + ".drop");
    }

    public Cpu cpu() {
        return cpu;
    }

    /**
     * {@code cryptd_enqueue_request}: queues the request on this CPU unless the queue is full.
     *
     * @return false when the queue was full and the request was refused
     */
    public boolean enqueue(AeadRequest r) {
        if (queue.size() >= capacity) {
            refused++;
            if (drops.hasObservers()) {
                drops.emit(cpu.now(), r, CryptdDrop.QUEUE_FULL);
            }
            return false;
        }
        changeLength();
        queue.add(r);
        emitLength();
        r.enqueuedAt = cpu.now();
        r.tfm().inCryptd++;
        enqueued++;
        worker.submit(invocation);
        return true;
    }

    private void emitLength() {
        if (lengthSignal.hasObservers()) {
            lengthSignal.emit(cpu.now(), queue.size());
        }
    }

    private void changeLength() {
        double now = cpu.now();
        lengthAreaNs += queue.size() * (now - lastChange);
        lastChange = now;
    }

    /** One run of {@code cryptd_queue_worker}: dequeue one request, do it, call back. */
    private final class Invocation implements Work {
        private AeadRequest request;

        @Override
        public double start(Cpu c) {
            changeLength();
            request = queue.poll();
            started++;
            emitLength();
            request.startedAt = c.now();
            waitSumNs += c.now() - request.enqueuedAt;
            return costs.ns(costs.cryptdInvocationCycles())
                    + costs.aesniNs(request.encBytes(), request.authBytes(), false);
        }

        @Override
        public void finish(Cpu c) {
            request.perform(engine);
            completion.done(c, request);
            request.tfm().inCryptd--;
            completed++;
        }

        @Override
        public boolean fpuSection() {
            return true;
        }
    }

    /**
     * The queue length ({@link #length}) as a signal: every change is emitted with the new length,
     * for recorders such as {@link org.cryptorder.metrics.LevelSamples}.
     */
    public LevelSignal lengthSignal() {
        return lengthSignal;
    }

    /** Requests waiting (not yet taken by the worker). */
    public int length() {
        return queue.size();
    }

    public int capacity() {
        return capacity;
    }

    public long enqueued() {
        return enqueued;
    }

    /** Requests refused because the queue was full. */
    public long refused() {
        return refused;
    }

    /** Requests the worker has taken from the queue (enqueued ones not yet taken are still {@link #length}). */
    public long started() {
        return started;
    }

    public long completed() {
        return completed;
    }

    /** The sum over the {@link #started} requests of the time from enqueue until the worker took them, ns. */
    public double waitSumNs() {
        return waitSumNs;
    }

    /**
     * Mean time from enqueue until the worker took the request, over the requests it has taken, ns;
     * NaN before it took any (see {@link CryptdWaits} for several queues or a time window).
     */
    public double meanWaitNs() {
        return started == 0 ? Double.NaN : waitSumNs / started;
    }

    /** Time-average queue length since time 0. */
    public double meanLength() {
        double now = cpu.now();
        return now == 0 ? 0 : (lengthAreaNs + queue.size() * (now - lastChange)) / now;
    }

    /** The mean wait of the requests the queues' workers took after the warm-up, us. */
    private static final class WaitMean implements ColumnRecorder<Cryptd> {
        private CryptdWaits atWarmup = CryptdWaits.NONE;

        @Override
        public void warmupEnded(List<Cryptd> queues, double nowNs) {
            atWarmup = CryptdWaits.of(queues);
        }

        @Override
        public double value(List<Cryptd> queues, Stop stop) {
            return Time.toUs(CryptdWaits.of(queues).minus(atWarmup).meanNs());
        }
    }
}
