package org.cryptorder.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.SchedulerParams;
import org.cryptorder.macsec.GcmEngine;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/** Offload engines: a short request overtakes a long one unless completions are kept in order. */
class OffloadDeviceTest {
    static final CryptoCosts FREE = new CryptoCosts(1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    List<String> completions(boolean inOrder) {
        Simulator sim = EventListKind.DEFAULT.newSimulator();
        Cpu cpu = new Cpu(sim, 0, SchedulerParams.linuxDefaults(1), false);
        // 2 engines, 1 us latency, 8 Gbit/s = 1 octet per ns; completion interrupt work free
        OffloadSpec spec = new OffloadSpec(2, 1000, 8, inOrder, 0, 0);
        CryptoApi api = new CryptoApi(Policy.OFFLOAD, FREE, new Cpu[] {cpu}, 1000, spec, new GcmEngine());
        Tfm tfm = new Tfm("sa");
        List<String> done = new ArrayList<>();
        int[] sizes = {3000, 100, 100};
        new Event(sim) {
            @Override
            public void actions() {
                for (int i = 0; i < sizes.length; i++) {
                    String name = "r" + i;
                    AeadRequest r = new AeadRequest(tfm, sizes[i], 0) {
                        @Override
                        public void perform(GcmEngine engine) {
                        }

                        @Override
                        public void complete(Cpu c) {
                            done.add(name + "@" + (long) c.now());
                        }

                        @Override
                        public void failed(Cpu c) {
                        }
                    };
                    assertThat(api.submit(cpu, r)).isEqualTo(CryptoApi.Route.QUEUED);
                }
            }
        }.schedule(0);
        sim.start();
        return done;
    }

    @Test
    void withTwoEnginesAShortRequestCompletesBeforeALongOneSubmittedEarlier() {
        // r0 on engine 1 until 4000; r1 on engine 2 until 1100; r2 waits for engine 2, done at 2200
        assertThat(completions(false)).containsExactly("r1@1100", "r2@2200", "r0@4000");
    }

    @Test
    void inOrderCompletionHoldsTheShortOnesBack() {
        assertThat(completions(true)).containsExactly("r0@4000", "r1@4000", "r2@4000");
    }
}
