package org.cryptorder.net;

import java.util.List;
import org.cryptorder.metrics.Column;
import org.cryptorder.metrics.ColumnKind;
import org.cryptorder.metrics.ColumnRecorder;

/**
 * The TX queues' columns of {@code runs.csv}, beside {@link TxQueue}: the time average of BQL's
 * limit and the 99th percentile of the qdisc's backlog over the measured time, read from the
 * sending host a's queues at the end of the warm-up and at the stop. Only queues that handed frames
 * to the driver after the warm-up count.
 */
public final class TxQueueColumns {

    /** BQL's limit and the qdisc's backlog. */
    public static final List<Column<TxQueue>> COLUMNS = List.of(
            new Column<>("bql_limit_mean_bytes", "octets", "BQL limit", ColumnKind.COUNT,
                    "Time average of BQL's limit (`hosts.bql`) after the warm-up, over the TX queues of a that sent"
                            + " frames after it, averaged over those queues; empty without BQL.",
                    BqlLimitMean::new),
            new Column<>("qdisc_backlog_p99_packets", "packets", "qdisc p99", ColumnKind.COUNT,
                    "99th percentile over time of the qdisc's backlog after the warm-up, over the TX queues of a"
                            + " that sent frames after it; empty without a qdisc.",
                    QdiscBacklogP99::new));

    private TxQueueColumns() {
    }

    /**
     * The time average of BQL's limit after the warm-up, over the queues that handed frames to the
     * driver after it, averaged over those queues; NaN without BQL or without such a queue.
     */
    private static final class BqlLimitMean implements ColumnRecorder<TxQueue> {
        private double[] area;
        private long[] sent;
        private double from;

        @Override
        public void warmupEnded(List<TxQueue> q, double nowNs) {
            area = new double[q.size()];
            sent = new long[q.size()];
            from = nowNs;
            for (int i = 0; i < q.size(); i++) {
                Dql b = q.get(i).bql();
                area[i] = b == null ? 0 : b.limitArea(from);
                sent[i] = q.get(i).sent();
            }
        }

        @Override
        public double value(List<TxQueue> q, Stop stop) {
            double now = stop.nowNs();
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
     * The 99th percentile over time of the qdisc's backlog after the warm-up, of the queues that
     * handed frames to the driver after it (their times at each backlog summed); NaN without a qdisc
     * or without such a queue.
     */
    private static final class QdiscBacklogP99 implements ColumnRecorder<TxQueue> {
        private double[][] atWarmup;
        private long[] sent;

        @Override
        public void warmupEnded(List<TxQueue> q, double nowNs) {
            atWarmup = new double[q.size()][];
            sent = new long[q.size()];
            for (int i = 0; i < q.size(); i++) {
                Qdisc f = q.get(i).qdisc();
                atWarmup[i] = f == null ? null : f.nsAtBacklog(nowNs);
                sent[i] = q.get(i).sent();
            }
        }

        @Override
        public double value(List<TxQueue> q, Stop stop) {
            double now = stop.nowNs();
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
