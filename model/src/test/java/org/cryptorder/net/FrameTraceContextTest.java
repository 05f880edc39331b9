package org.cryptorder.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashSet;
import java.util.Set;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.SchedulerParams;
import org.cryptorder.host.SoftirqDeferral;
import org.cryptorder.host.Work;
import org.cryptorder.testing.Script;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Simulator;

/** The narration names the context a frame's step ran in, ksoftirqd included. */
class FrameTraceContextTest {
    @Test
    void softirqWorkThatKsoftirqdRunsIsNarratedAsKsoftirqd() {
        Simulator sim = new Simulator();
        Cpu cpu = new Cpu(sim, 0, SchedulerParams.linuxDefaults(1).withSoftirqDeferral(SoftirqDeferral.KSOFTIRQD_ONLY), false);
        Set<String> seen = new LinkedHashSet<>();
        Work frame = new Work() {
            int left = 3_000;

            @Override
            public double start(Cpu c) {
                seen.add(FrameTrace.contextName(c));
                return 1_000;
            }

            @Override
            public void finish(Cpu c) {
                if (--left > 0) {
                    c.raiseSoftirqNext(this);
                }
            }
        };
        Script script = new Script(sim);
        script.at(0, () -> cpu.raiseSoftirq(frame));
        script.runUntil(10_000_000);
        assertThat(seen).containsExactly("softirq", "ksoftirqd");
    }
}
