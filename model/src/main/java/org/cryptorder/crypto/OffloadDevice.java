package org.cryptorder.crypto;

import java.util.ArrayDeque;
import java.util.function.Consumer;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.Work;
import org.cryptorder.macsec.GcmEngine;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * A crypto offload device shared by a host's CPUs: engines that run requests off the CPU, a FIFO
 * for requests that find every engine busy, and completion by interrupt: each finished request
 * becomes softirq work on the CPU that issued it, which runs the completion callback. With several
 * engines a short request can finish before a long one submitted earlier, unless the device
 * releases completions in submission order.
 */
final class OffloadDevice {
    private final OffloadSpec spec;
    private final CryptoCosts costs;
    private final GcmEngine gcm;
    private final Engine[] engines;
    private final ArrayDeque<AeadRequest> waiting = new ArrayDeque<>();
    private final SubmissionOrder order = new SubmissionOrder();
    private final Consumer<AeadRequest> interrupt = this::interrupt;

    OffloadDevice(Simulator sim, OffloadSpec spec, CryptoCosts costs, GcmEngine gcm) {
        this.spec = spec;
        this.costs = costs;
        this.gcm = gcm;
        this.engines = new Engine[spec.engines()];
        for (int i = 0; i < engines.length; i++) {
            engines[i] = new Engine(sim);
        }
    }

    void submit(AeadRequest r) {
        order.assign(r);
        for (Engine e : engines) {
            if (e.request == null) {
                e.start(r);
                return;
            }
        }
        waiting.add(r);
    }

    private void finished(AeadRequest r) {
        r.perform(gcm);
        if (spec.inOrder()) {
            order.completed(r, interrupt);
        } else {
            interrupt(r);
        }
    }

    private void interrupt(AeadRequest r) {
        r.issuedOn.raiseSoftirq(new CompletionWork(r));
    }

    private final class Engine extends Event {
        AeadRequest request;

        Engine(Simulator s) {
            super(s);
        }

        void start(AeadRequest r) {
            request = r;
            schedule(spec.serviceNs(r.encBytes() + r.authBytes()));
        }

        @Override
        public void actions() {
            AeadRequest done = request;
            request = null;
            AeadRequest next = waiting.poll();
            if (next != null) {
                start(next);
            }
            finished(done);
        }
    }

    private final class CompletionWork implements Work {
        private final AeadRequest request;

        CompletionWork(AeadRequest r) {
            this.request = r;
        }

        @Override
        public double start(Cpu cpu) {
            return costs.ns(spec.completionCycles());
        }

        @Override
        public void finish(Cpu cpu) {
            request.complete(cpu);
        }
    }
}
