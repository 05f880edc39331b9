package org.cryptorder.experiment.replication;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.cryptorder.crypto.Cryptd;
import org.cryptorder.crypto.Policy;
import org.cryptorder.experiment.output.Csv;
import org.cryptorder.experiment.wiring.Datapath;
import org.cryptorder.macsec.RxVerdict;
import org.cryptorder.net.Host;
import org.cryptorder.net.Link;
import org.cryptorder.net.Nic;
import org.cryptorder.net.Qdisc;
import org.cryptorder.net.Ring;
import org.cryptorder.net.TxQueue;

/**
 * The consistency checks every replication passes before its row is written, so that a counter
 * that loses or invents frames fails the run, naming what broke, instead of leaving a number no
 * wire could give in {@code runs.csv}. Each check is a balance of counters the model keeps,
 * exact where the counters meet at one instant, an interval where frames may be on their way:
 *
 * <ul>
 *   <li><b>goodput</b>: the payload b's applications took in the window ({@code goodput_bps}
 *       times the window), with what they took before it, is at most what crossed the wire from a
 *       to b until the traffic stopped (frame octets, headers included, plus the impairments'
 *       duplicates): payload cannot outrun the link;</li>
 *   <li><b>each link</b>: the transmitter time committed between the warm-up's end and the
 *       traffic's fits between the first instant the transmitter was free after the one and the
 *       last bit committed by the other (frames are committed when the NIC fetches them, ahead of
 *       the wire): a link never carries more than its rate;</li>
 *   <li><b>each queue</b>, frames in = out + dropped + queued: an RX ring (accepted = departed +
 *       held), a TX queue's qdisc (taken in = handed on + held, give or take its later drops), its
 *       ring (posted = cleaned + in use) and what reached it (handed to the driver = past the qdisc
 *       + from it), a cryptd queue (enqueued = taken by its worker + waiting; done at most taken);</li>
 *   <li><b>each SecY</b>: its verdicts (InPktsOK, InPktsDelayed, InPktsLate, InPktsNotValid, the
 *       other counters and the silent drops), one per frame, are at most the frames its RX rings
 *       handed up, and fall short of them by no more than the frames still on their way (in cryptd
 *       queues and workers, one per CPU in inline crypto, one per RX queue in its poll); under the
 *       policies that hold frames elsewhere (pcrypt, offload, the resequencing ones) only the
 *       first half is checked.</li>
 * </ul>
 *
 * <p>{@link #attach} before the run, the two hooks at the warm-up's and the traffic's end, then
 * {@link #checks} at the last instant; {@link #verify} throws {@link Violation} with every check
 * that failed.
 */
final class ReplicationAudit {
    /** A wire of this many octets' serialisation is the slack of a link's busy time (a frame begun just before the end). */
    private static final int LARGEST_FRAME = 65_535;

    private long deliveredAtWarmup;
    private double[] busyAtWarmup = {0, 0};
    /** Where each link's committed transmissions could start after the warm-up: its end, or later when busy then. */
    private double[] freeAfterWarmup = {0, 0};
    private double[] busyAtEnd;
    private double[] committedUntil;
    private long wireOctetsAtEnd;
    private long duplicatedAtEnd;

    /** One balance: {@code left} must lie in [{@code low}, {@code high}]. */
    record Check(String where, String equation, double left, double low, double high) {
        boolean holds() {
            double slack = 1e-9 * Math.max(1, Math.abs(left));
            return left >= low - slack && left <= high + slack;
        }

        @Override
        public String toString() {
            return where + ": " + equation + String.format(Locale.ROOT, " (%s, expected %s)", Csv.number(left),
                    low == high ? Csv.number(low) : Csv.number(low) + " to " + Csv.number(high));
        }
    }

    /** The checks that failed, as one message. */
    static final class Violation extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Violation(List<Check> failed) {
            super("the counters of the run do not add up, so its row is not written: "
                    + String.join("; ", failed.stream().map(Check::toString).toList()));
        }
    }

    void warmupEnded(Datapath d) {
        deliveredAtWarmup = RunColumns.deliveredOctets(d);  // before the sinks and sockets restart
        busyAtWarmup = new double[] {d.net().aToB().busyNs(), d.net().bToA().busyNs()};
        double now = d.sim().time();
        freeAfterWarmup = new double[] {Math.max(now, d.net().aToB().busyUntil()),
            Math.max(now, d.net().bToA().busyUntil())};
    }

    void trafficEnded(Datapath d) {
        busyAtEnd = new double[] {d.net().aToB().busyNs(), d.net().bToA().busyNs()};
        committedUntil = new double[] {d.net().aToB().busyUntil(), d.net().bToA().busyUntil()};
        wireOctetsAtEnd = d.net().aToB().octets();
        Link aToB = d.net().aToB();
        duplicatedAtEnd = aToB.impairment() == null ? 0 : aToB.impairment().counts().duplicated();
    }

    /** Every check of the run, at its last instant, given the goodput column and the window, s. */
    List<Check> checks(Datapath d, double goodputBps, double windowS) {
        List<Check> out = new ArrayList<>();
        Link aToB = d.net().aToB();
        double octetsIn = goodputBps * windowS / 8 + deliveredAtWarmup;
        out.add(new Check("goodput", "payload b's applications took by the traffic's end, octets, at most what"
                + " crossed the wire a to b by then", octetsIn, 0,
                wireOctetsAtEnd + (double) duplicatedAtEnd * LARGEST_FRAME));
        if (busyAtEnd != null) {
            List<Link> links = List.of(aToB, d.net().bToA());
            for (int i = 0; i < links.size(); i++) {
                Link link = links.get(i);
                // what was committed between the warm-up's end and the traffic's fits between the first instant
                // the transmitter was free after the one and the last bit committed by the other
                out.add(new Check("link " + link.name(), "transmitter time committed in the window, ns, at most the"
                        + " span it could fill", busyAtEnd[i] - busyAtWarmup[i], 0,
                        Math.max(0, committedUntil[i] - freeAfterWarmup[i])));
            }
        }
        for (Host h : d.hosts()) {
            queues(h, out);
            secy(h, out);
        }
        return out;
    }

    /** Throws {@link Violation} naming every check that failed. */
    static void verify(List<Check> checks) {
        List<Check> failed = checks.stream().filter(c -> !c.holds()).toList();
        if (!failed.isEmpty()) {
            throw new Violation(failed);
        }
    }

    private static void queues(Host h, List<Check> out) {
        Nic nic = h.nic();
        for (int q = 0; q < h.spec().rxQueues(); q++) {
            Ring ring = nic.rxRing(q);
            out.add(new Check(h.name() + "'s RX ring " + q, "accepted = departed " + ring.departed() + " + held "
                    + ring.size(), ring.accepted(), ring.departed() + ring.size(), ring.departed() + ring.size()));
        }
        for (int q = 0; q < nic.txQueueCount(); q++) {
            TxQueue tx = nic.txQueue(q);
            String where = h.name() + "'s TX queue " + q;
            Qdisc qdisc = tx.qdisc();
            long fromQdisc = 0;
            if (qdisc != null) {
                fromQdisc = qdisc.dequeued();
                long settled = qdisc.dequeued() + qdisc.backlog();
                out.add(new Check(where + " qdisc", "taken in = handed on " + qdisc.dequeued() + " + held "
                        + qdisc.backlog() + " (+ up to its " + qdisc.dropped() + " drops)", qdisc.enqueued(), settled,
                        settled + qdisc.dropped()));
            }
            out.add(new Check(where, "handed to the driver = past the qdisc " + tx.bypassed() + " + from it "
                    + fromQdisc, tx.sent(), qdisc == null ? tx.sent() : tx.bypassed() + fromQdisc,
                    qdisc == null ? tx.sent() : tx.bypassed() + fromQdisc));
            out.add(new Check(where + " ring", "posted = cleaned " + tx.cleaned() + " + in use " + tx.ring().inUse(),
                    tx.sent(), tx.cleaned() + tx.ring().inUse(), tx.cleaned() + tx.ring().inUse()));
        }
        for (int c = 0; c < h.cpuCount(); c++) {
            Cryptd q = h.cryptd(c);
            String where = h.name() + "'s cryptd on " + h.cpu(c).name();
            out.add(new Check(where, "enqueued = taken " + q.started() + " + waiting " + q.length(), q.enqueued(),
                    q.started() + q.length(), q.started() + q.length()));
            out.add(new Check(where, "done, at most taken " + q.started(), q.completed(), 0, q.started()));
        }
    }

    private static void secy(Host h, List<Check> out) {
        long up = 0;
        for (int q = 0; q < h.spec().rxQueues(); q++) {
            up += h.nic().rxRing(q).departed();
        }
        long verdicts = 0;
        for (RxVerdict v : RxVerdict.values()) {
            if (v != RxVerdict.NEEDS_CRYPTO) {
                verdicts += h.macsec().secy().rxVerdicts(v);
            }
        }
        long inCrypto = 0;
        for (int c = 0; c < h.cpuCount(); c++) {
            Cryptd q = h.cryptd(c);
            inCrypto += q.length() + q.started() - q.completed();
        }
        // frames still on their way: in cryptd, one a CPU in inline crypto, one an RX queue in its poll; the
        // policies that hold frames elsewhere (padata, an offload engine, a PN reorder queue) are bounded above only
        Policy p = h.spec().policy();
        boolean elsewhere = p == Policy.PCRYPT || p == Policy.OFFLOAD || p == Policy.OFFLOAD_RESEQUENCE
                || p == Policy.ASYNC_RESEQUENCE;
        long onTheirWay = inCrypto + h.cpuCount() + h.spec().rxQueues();
        out.add(new Check(h.name() + "'s SecY", "InPktsOK + InPktsDelayed + InPktsLate + InPktsNotValid + the other"
                + " verdicts, one a frame, at most the " + up + " frames its RX rings handed up"
                + (elsewhere ? "" : " and short of them by at most the " + onTheirWay + " on their way (" + inCrypto
                + " in cryptd, one a CPU, one an RX queue)"), verdicts, elsewhere ? 0 : up - onTheirWay, up));
    }
}
