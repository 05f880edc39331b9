package org.cryptorder.experiment;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.net.Dql;
import org.cryptorder.net.Nic;
import org.cryptorder.net.PfifoFast;
import org.cryptorder.net.Qdisc;
import org.cryptorder.net.TxQueue;

/**
 * The recorders of {@link OutputColumns}' TX path columns, read from the sending host a's TX
 * queues ({@link TxQueue}) at the end of the warm-up and at the end of the drain: the time average
 * of BQL's limit and the 99th percentile of the qdisc's backlog over the measured time.
 */
final class TxPathColumns {
    private TxPathColumns() {
    }

    /** a's TX queues. */
    private static List<TxQueue> queues(Datapath d) {
        Nic nic = d.a().nic();
        List<TxQueue> out = new ArrayList<>();
        for (int i = 0; i < nic.txQueueCount(); i++) {
            out.add(nic.txQueue(i));
        }
        return out;
    }

    /**
     * The time average of BQL's limit after the warm-up, over a's TX queues that handed frames to
     * the driver after it, averaged over those queues; NaN without BQL or without such a queue.
     */
    static final class BqlLimitMean implements OutputColumns.Recorder {
        private double[] area;
        private long[] sent;
        private double from;

        @Override
        public void warmupEnded(Datapath d) {
            List<TxQueue> q = queues(d);
            area = new double[q.size()];
            sent = new long[q.size()];
            from = d.sim().time();
            for (int i = 0; i < q.size(); i++) {
                Dql b = q.get(i).bql();
                area[i] = b == null ? 0 : b.limitArea(from);
                sent[i] = q.get(i).sent();
            }
        }

        @Override
        public double value(OutputColumns.End end) {
            List<TxQueue> q = queues(end.datapath());
            double now = end.datapath().sim().time();
            double sum = 0;
            int n = 0;
            for (int i = 0; i < q.size(); i++) {
                Dql b = q.get(i).bql();
                if (b == null || q.get(i).sent() == (sent == null ? 0 : sent[i]) || !(now > from)) {
                    continue;
                }
                sum += (b.limitArea(now) - (area == null ? 0 : area[i])) / (now - from);
                n++;
            }
            return n == 0 ? Double.NaN : sum / n;
        }
    }

    /**
     * The 99th percentile over time of the qdisc's backlog after the warm-up, of a's TX queues that
     * handed frames to the driver after it (their times at each backlog summed); NaN without a qdisc
     * or without such a queue.
     */
    static final class QdiscBacklogP99 implements OutputColumns.Recorder {
        private double[][] atWarmup;
        private long[] sent;

        @Override
        public void warmupEnded(Datapath d) {
            List<TxQueue> q = queues(d);
            atWarmup = new double[q.size()][];
            sent = new long[q.size()];
            for (int i = 0; i < q.size(); i++) {
                Qdisc f = q.get(i).qdisc();
                atWarmup[i] = f == null ? null : f.nsAtBacklog(d.sim().time());
                sent[i] = q.get(i).sent();
            }
        }

        @Override
        public double value(OutputColumns.End end) {
            List<TxQueue> q = queues(end.datapath());
            double now = end.datapath().sim().time();
            double[] sum = null;
            for (int i = 0; i < q.size(); i++) {
                Qdisc f = q.get(i).qdisc();
                if (f == null || q.get(i).sent() == (sent == null ? 0 : sent[i])) {
                    continue;
                }
                double[] t = f.nsAtBacklog(now);
                if (sum == null) {
                    sum = new double[t.length];
                }
                for (int k = 0; k < t.length; k++) {
                    sum[k] += t[k] - (atWarmup == null || atWarmup[i] == null ? 0 : atWarmup[i][k]);
                }
            }
            return sum == null ? Double.NaN : PfifoFast.quantile(sum, 0.99);
        }
    }
}
