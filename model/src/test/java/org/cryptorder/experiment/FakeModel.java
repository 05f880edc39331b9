package org.cryptorder.experiment;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.records.ResolvedRun;

/**
 * A model that runs in no time: its metrics are the configuration's busy fraction, one number of
 * the stream {@code noise} and their sum, so tests can check what the runner passed in. It can be
 * told to fail on one replication.
 */
class FakeModel implements RunModel {
    static final List<String> METRICS = List.of("busy", "noise", "sum");
    final AtomicInteger calls = new AtomicInteger();
    private final int failOnReplication;

    FakeModel() {
        this(-1);
    }

    FakeModel(int failOnReplication) {
        this.failOnReplication = failOnReplication;
    }

    @Override
    public List<String> metricNames() {
        return METRICS;
    }


    @Override
    public Metrics run(ResolvedRun run, StreamRegistry streams, int replication) throws ModelException {
        calls.incrementAndGet();
        if (replication == failOnReplication) {
            throw new ModelException("replication " + replication + " broke", new IllegalStateException("boom"));
        }
        double busy = run.experiment().contention().kernelFpuBusy();
        double noise = streams.stream("noise", replication).nextDouble();
        return Metrics.builder().put("busy", busy).put("noise", noise).put("sum", busy + noise).build();
    }
}
