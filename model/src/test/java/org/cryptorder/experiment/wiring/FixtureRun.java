package org.cryptorder.experiment.wiring;

import java.util.function.Consumer;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.replication.Replication;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.net.HostSpec;

/**
 * One replication of a test fixture's experiment, as the runner does it: wired by
 * {@link DatapathBuilder} (hosts a and b built as given), changed by the test before it starts,
 * run by {@link Replication}; the wired datapath, to read after the run, and the columns.
 */
record FixtureRun(Datapath datapath, Metrics columns) {
    static FixtureRun of(Experiment e, HostSpec a, HostSpec b, StreamRegistry streams, int replication,
                         Consumer<BackToBack> customize) {
        Datapath d = DatapathBuilder.build(EventListKind.DEFAULT.newSimulator(), e, a, b,
                streams.replication(replication), new GcmEngine(),
                UdpDatapathTest.PROFILE.tcpCopyCyclesPerByte());
        customize.accept(d.net());
        return new FixtureRun(d, new Replication(d, e.run()).run());
    }
}
