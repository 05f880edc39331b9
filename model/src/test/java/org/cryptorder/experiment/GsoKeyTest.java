package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.wiring.DatapathBuilder;
import org.cryptorder.experiment.wiring.KernelRulesLine;
import org.cryptorder.transport.tcp.Gso;
import org.junit.jupiter.api.Test;

/** hosts.gso: Linux's default, the kernel's autosize rule, off, and refused where it changes nothing. */
class GsoKeyTest {
    static final String LINUX_TCP = ", \"traffic\": [{\"kind\": \"tcp\", \"mode\": \"linux\"}]}";

    static Experiment parse(String json) throws Exception {
        return Experiments.parse("m.json", json).experiment();
    }

    @Test
    void onByDefaultWithTheKernelsAutosizeRule() throws Exception {
        Experiment e = parse("{\"name\": \"m\"" + LINUX_TCP);
        assertThat(e.hosts().gso()).as("absent, not written into a resolved file").isNull();
        assertThat(e.hosts().gsoEnabled()).isTrue();
        assertThat(DatapathBuilder.gso(e)).as("no kernel named: TCP as 6.12").isEqualTo(Gso.LINUX);
        Experiment old = parse("{\"name\": \"m\", \"crypto\": {\"kernel\": \"5.10\"}" + LINUX_TCP);
        assertThat(DatapathBuilder.gso(old).tsoRttLog()).as("tcp_tso_rtt_log came with 5.18").isFalse();
        assertThat(DatapathBuilder.tcpConfig(old, (Experiment.TcpTraffic) old.traffic().get(0)).gso().enabled())
                .isTrue();
        Experiment rhel = parse("{\"name\": \"m\", \"crypto\": {\"kernel\": \"3.10-rhel7\"}" + LINUX_TCP);
        assertThat(DatapathBuilder.gso(rhel).tsoRttLog()).isFalse();
        Experiment recent = parse("{\"name\": \"m\", \"crypto\": {\"kernel\": \"6.6\"}" + LINUX_TCP);
        assertThat(DatapathBuilder.gso(recent).tsoRttLog()).isTrue();
    }

    @Test
    void falseSendsOneMssPerSkb() throws Exception {
        Experiment e = parse("{\"name\": \"m\", \"hosts\": {\"gso\": false}" + LINUX_TCP);
        assertThat(DatapathBuilder.tcpConfig(e, (Experiment.TcpTraffic) e.traffic().get(0)).gso()).isEqualTo(Gso.OFF);
        assertThat(KernelRulesLine.of(e)).contains("TCP GSO off");
    }

    @Test
    void textbookTcpNeverCuts() throws Exception {
        Experiment e = parse("{\"name\": \"m\", \"traffic\": [{\"kind\": \"tcp\", \"mode\": \"textbook\"}]}");
        assertThat(DatapathBuilder.tcpConfig(e, (Experiment.TcpTraffic) e.traffic().get(0)).gso()).isEqualTo(Gso.OFF);
    }

    @Test
    void refusedWithoutLinuxTcp() {
        assertThat(Experiments.problems("{\"name\": \"m\", \"hosts\": {\"gso\": true}, \"traffic\": [{\"kind\":"
                + " \"udp\", \"rateMbps\": 1}]}")).singleElement().asString()
                .contains("hosts.gso", "expected a TCP traffic entry in Linux mode", "would change nothing");
    }
}
